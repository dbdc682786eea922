/**
 * What a stored picture may tell (both databases): a photo, a business card and the open
 * temporary picture are sent with a camera's metadata (an Artist field holding an ID number, the
 * camera make, the GPS position, an XMP packet); what is served back and stored holds none of
 * it, only the density the photo form asks for. The name the file had on the uploader's machine
 * (here an ID number) is sealed at rest, and the owner still downloads the file under that name.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { caller, ENTERPRISE, type Caller } from '../server/guests-harness.js';
import { multipart } from '../server/uploads-harness.js';
import { portrait } from '../server/uploads-fixtures.js';
import { isSealed } from '../../src/server/security/sealed-values.js';

const ID_NUMBER = '11010119800101001X';
const SECRETS = [ID_NUMBER, 'SpyCam', 'Model-X9', 'xmp-secret-person'];
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>xmp-secret-person</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** The picture again, as a camera would write it: EXIF (IFD0 and GPS) and XMP, at 300 dpi. */
async function withCameraMetadata(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .withExif({
      IFD0: { Artist: ID_NUMBER, Make: 'SpyCam', Model: 'Model-X9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 4/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '120/1 22/1 5678/100' },
    })
    .withXmp(XMP)
    .withDensity(300)
    .toBuffer();
}

/** The GPS IFD pointer (tag 0x8825) in either byte order. */
const GPS_TAGS = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];

async function expectNoMetadata(bytes: Buffer, what: string): Promise<void> {
  for (const secret of SECRETS) expect(bytes.includes(Buffer.from(secret)), `${what}: ${secret}`).toBe(false);
  const meta = await sharp(bytes).metadata();
  expect(meta.xmp, `${what}: XMP`).toBeUndefined();
  expect(meta.iptc, `${what}: IPTC`).toBeUndefined();
  expect(meta.icc, `${what}: ICC`).toBeUndefined();
  if (meta.exif) for (const tag of GPS_TAGS) expect(meta.exif.includes(tag), `${what}: GPS IFD`).toBe(false);
}

describeEachDatabase('uploaded pictures keep no metadata, and their names are sealed', (kind) => {
  const t = useTestApp(kind);
  let unit: Caller;
  let photo: Buffer;
  let card: Buffer;

  beforeAll(async () => {
    unit = await caller(t, ENTERPRISE);
    photo = await withCameraMetadata(await portrait());
    card = await withCameraMetadata(
      await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 210, b: 230 } } })
        .jpeg()
        .toBuffer(),
    );
    // the fixtures do carry what the test looks for
    for (const picture of [photo, card]) {
      for (const secret of SECRETS) expect(picture.includes(Buffer.from(secret)), secret).toBe(true);
      expect((await sharp(picture).metadata()).xmp).toBeDefined();
    }
  });

  async function upload(route: 'signed-in' | 'open', rule: string, data: Buffer) {
    const body = multipart({ rule }, { filename: `${ID_NUMBER}.jpg`, contentType: 'image/jpeg', data });
    const url = route === 'open' ? '/exhibition/qms/temporary/upload' : '/exhibition/qms/file/upload';
    const headers = route === 'open' ? body.headers : { ...body.headers, authorization: `Bearer ${unit.token}` };
    return t.call<{ id: string; name: string }>({ method: 'POST', url, headers, payload: body.payload });
  }

  async function storedRow(route: 'signed-in' | 'open', id: string) {
    const table = route === 'open' ? 'temporary_uploads' : 'uploads';
    return t.app.db
      .withTables<{
        uploads: { id: string; storage_name: string; original_name: string };
        temporary_uploads: { id: string; storage_name: string; original_name: string };
      }>()
      .selectFrom(table)
      .select(['storage_name', 'original_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  for (const { route, rule, picture } of [
    { route: 'signed-in' as const, rule: 'photo', picture: () => photo },
    { route: 'signed-in' as const, rule: 'businessCard', picture: () => card },
    { route: 'open' as const, rule: 'pictureJpg', picture: () => card },
  ]) {
    it(`${rule}: stored and served without EXIF, GPS or XMP, its original name sealed`, async () => {
      const answer = await upload(route, rule, picture());
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.name).toBe(`${ID_NUMBER}.jpg`);
      const row = await storedRow(route, answer.body.data.id);
      expect(isSealed(row.original_name), row.original_name).toBe(true);
      expect(row.original_name).not.toContain(ID_NUMBER);
      const stored = fs.readFileSync(path.join(t.app.config.dataDir, 'uploads', row.storage_name));
      await expectNoMetadata(stored, `${rule} stored`);
      if (rule === 'photo') expect((await sharp(stored).metadata()).density).toBe(300);
      if (route === 'signed-in') {
        const served = await t.app.inject({
          method: 'GET',
          url: `/exhibition/qms/file/${answer.body.data.id}`,
          headers: { authorization: `Bearer ${unit.token}` },
        });
        expect(served.statusCode).toBe(200);
        await expectNoMetadata(served.rawPayload, `${rule} served`);
        expect(decodeURIComponent(String(served.headers['content-disposition']))).toContain(`${ID_NUMBER}.jpg`);
      }
    });
  }
});
