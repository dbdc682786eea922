import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Envelope } from '../../src/shared/envelope.js';
import type { UploadedFile } from '../../src/shared/upload-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { archives, jpegClaimingSize, pngClaimingSize, pngPicture, portrait } from './uploads-fixtures.js';
import { multipart, uploadHarness, type FilePart, type UploadHarness } from './uploads-harness.js';

const ENTERPRISE = 'enterprise@demo.example.com';
const GOVERNMENT = 'government@demo.example.com';
const ORGANISER = 'organiser@demo.example.com';
const UPLOAD = '/exhibition/qms/file/upload';

const jpeg = (data: Buffer, filename = 'portrait.jpg'): FilePart => ({ filename, contentType: 'image/jpeg', data });

/** Every photo fixture is built once, before the suites (sharp + face detection take a moment). */
const photos: Record<string, Buffer> = {};
beforeAll(async () => {
  photos.pass = await portrait();
  photos.tooFewBytes = await portrait({ quality: 30 });
  photos.tooManyBytes = await portrait({ width: 1500, height: 2000, quality: 100, noiseAmplitude: 30 });
  photos.square = await portrait({ width: 1000, height: 1000 });
  photos.tooFewPixels = await portrait({ width: 360, height: 480 });
  photos.dpi72 = await portrait({ density: 72 });
  photos.noFace = await portrait({ face: false });
  photos.faceTooSmall = await portrait({ faceShare: 0.07 });
  photos.faceTooLarge = await portrait({ faceShare: 0.8 });
  photos.busy = await portrait({ plain: false });
  photos.png = await pngPicture();
}, 120_000);

describeEachDatabase('uploads', (kind) => {
  let h: UploadHarness;
  let enterprise: string;
  beforeAll(async () => {
    h = await uploadHarness(kind);
    enterprise = await h.tokenOf(ENTERPRISE);
  });
  afterAll(async () => h?.close());

  async function upload(token: string | null, rule: string | null, file?: FilePart, language = 'zh-CN') {
    const body = multipart(rule === null ? {} : { rule }, file);
    const response = await h.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: response.statusCode, body: response.json() as Envelope<UploadedFile | null> };
  }

  const storedFiles = () => fs.readdirSync(path.join(h.dataDir, 'uploads')).filter((name) => !name.startsWith('.'));

  it('keeps a compliant photo under a server-chosen name and serves it to its unit and organisers only', async () => {
    const before = storedFiles().length;
    const { status, body } = await upload(enterprise, 'photo', jpeg(photos.pass!, '../../护照 照片.jpg'));
    expect(status, JSON.stringify(body)).toBe(200);
    const file = body.data!;
    // the stored picture is a fresh encoding of the sent one (issue 18 point 10): same pixels' size, its own bytes
    expect(file).toMatchObject({ name: '护照 照片.jpg', mime: 'image/jpeg', width: 900, height: 1200, notChecked: [] });
    const stored = storedFiles();
    expect(stored.length).toBe(before + 1);
    for (const name of stored) expect(name).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const own = await h.app.inject({
      method: 'GET',
      url: `/exhibition/qms/file/${file.id}`,
      headers: { authorization: `Bearer ${enterprise}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(own.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('护照 照片.jpg')}`);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.rawPayload.length).toBe(file.bytes);
    expect(await sharp(own.rawPayload, { failOn: 'truncated' }).metadata()).toMatchObject({
      format: 'jpeg',
      width: 900,
      height: 1200,
      density: 300,
    });

    const organiser = await h.app.inject({
      method: 'GET',
      url: `/exhibition/qms/file/${file.id}`,
      headers: { authorization: `Bearer ${await h.tokenOf(ORGANISER)}` },
    });
    expect(organiser.statusCode).toBe(200);
    const otherUnit = await h.app.inject({
      method: 'GET',
      url: `/exhibition/qms/file/${file.id}`,
      headers: { authorization: `Bearer ${await h.tokenOf(GOVERNMENT)}`, 'accept-language': 'en' },
    });
    expect(otherUnit.statusCode).toBe(404);
    expect(otherUnit.json()).toMatchObject({ code: 404, msg: 'The file does not exist' });
    const unknown = await h.app.inject({
      method: 'GET',
      url: '/exhibition/qms/file/no-such-file',
      headers: { authorization: `Bearer ${enterprise}` },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await h.app.inject({ method: 'GET', url: `/exhibition/qms/file/${file.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  // issue 19 item 11: a reopened form shows the file's name, which only the upload knew
  it('tells the readers of a stored file its original name, and nobody else', async () => {
    const { body } = await upload(enterprise, 'photo', jpeg(photos.pass!, '领导 照片.jpg'));
    const id = body.data!.id;
    const info = (token: string | null, language = 'zh-CN') =>
      h.app.inject({
        method: 'GET',
        url: `/exhibition/qms/file/${id}/info`,
        headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    for (const token of [enterprise, await h.tokenOf(ORGANISER)]) {
      const own = await info(token);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ code: 200, data: { id, name: '领导 照片.jpg', mime: 'image/jpeg', width: 900, height: 1200 } });
    }
    const otherUnit = await info(await h.tokenOf(GOVERNMENT), 'en');
    expect(otherUnit.statusCode).toBe(404);
    expect(otherUnit.json()).toMatchObject({ code: 404, msg: 'The file does not exist', data: null });
    expect((await info(null)).statusCode).toBe(401);
  });

  const refusals: [string, () => FilePart, string][] = [
    ['a PNG renamed .jpg (JPG only)', () => jpeg(photos.png!), 'upload.rules.jpgOnly'],
    ['too few bytes', () => jpeg(photos.tooFewBytes!), 'upload.rules.fileTooSmall'],
    ['too many bytes (photo size exceeded)', () => jpeg(photos.tooManyBytes!), 'upload.rules.photoSizeExceeded'],
    ['a square photo (not 3:4)', () => jpeg(photos.square!), 'upload.rules.aspectRatio'],
    ['too few pixels', () => jpeg(photos.tooFewPixels!), 'upload.rules.tooFewPixels'],
    ['72 dpi', () => jpeg(photos.dpi72!), 'upload.rules.dpiTooLow'],
    ['no face', () => jpeg(photos.noFace!), 'upload.rules.noFace'],
    ['a face too small', () => jpeg(photos.faceTooSmall!), 'upload.rules.faceTooSmall'],
    ['a face too large', () => jpeg(photos.faceTooLarge!), 'upload.rules.faceTooLarge'],
    ['a busy background', () => jpeg(photos.busy!), 'upload.rules.backgroundNotPlain'],
  ];
  for (const [name, file, key] of refusals) {
    it(`refuses a photo with ${name}, says why and keeps nothing`, async () => {
      const before = storedFiles().length;
      const { status, body } = await upload(enterprise, 'photo', file());
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 400, key: 'upload.errors.photoRejected', data: null });
      expect(body.fieldErrors?.map((f) => f.key)).toContain(key);
      expect(body.msg).toMatch(/^照片上传失败：.*。请上传新照片$/);
      expect(storedFiles().length).toBe(before);
    });
  }

  it('uses the SPEC wording for JPG only and photo size exceeded, in both languages', async () => {
    const png = await upload(enterprise, 'photo', jpeg(photos.png!));
    expect(png.body.msg).toContain('只能上传 JPG 格式的图片');
    const big = await upload(enterprise, 'photo', jpeg(photos.tooManyBytes!), 'en');
    expect(big.body.msg).toBe('Photo upload failed: The photo is too large (at most 1 MB). Please upload a new photo');
  });

  it('trusts the content, not the declared type or name', async () => {
    const lyingType = await upload(enterprise, 'photo', { filename: 'portrait.jpg', contentType: 'image/png', data: photos.pass! });
    expect(lyingType.status).toBe(200);
    expect(lyingType.body.data?.mime).toBe('image/jpeg');
    const pngAsJpeg = await upload(enterprise, 'photo', { filename: 'portrait.jpg', contentType: 'image/jpeg', data: photos.png! });
    expect(pngAsJpeg.body.fieldErrors?.map((f) => f.key)).toEqual(['upload.rules.jpgOnly']);
    const jpegNamedPng = await upload(enterprise, 'photo', { filename: 'portrait.png', contentType: 'image/png', data: photos.pass! });
    expect(jpegNamedPng.body.fieldErrors?.map((f) => f.key)).toEqual(['upload.rules.extensions']);
  });

  it('refuses a pixel bomb from its header, before decoding', async () => {
    const bomb = await upload(enterprise, 'photo', jpeg(jpegClaimingSize(photos.pass!, 20000, 20000)));
    expect(bomb.status).toBe(400);
    expect(bomb.body.key).toBe('upload.errors.pixelCap');
    expect(bomb.body.msg).toContain('20000×20000');
    const pngBomb = await upload(enterprise, 'businessCard', {
      filename: 'card.png',
      contentType: 'image/png',
      data: pngClaimingSize(photos.png!, 14000, 14000),
    });
    expect(pngBomb.body.key).toBe('upload.errors.pixelCap');
  });

  it('applies the other rules of the schemas: business card, speech materials, logo', async () => {
    const card = await upload(enterprise, 'businessCard', { filename: 'card.png', contentType: 'image/png', data: photos.png! });
    expect(card.status).toBe(200);
    expect(card.body.data).toMatchObject({ mime: 'image/png', width: 600, height: 800 });
    for (const [filename, data, mime] of [
      ['talk.zip', archives.zip(), 'application/zip'],
      ['talk.rar', archives.rar(), 'application/vnd.rar'],
      ['talk.7z', archives.sevenZip(), 'application/x-7z-compressed'],
    ] as const) {
      const material = await upload(enterprise, 'speechMaterials', { filename, contentType: 'application/octet-stream', data });
      expect(material.status).toBe(200);
      expect(material.body.data).toMatchObject({ mime, width: null, height: null });
    }
    const download = await upload(enterprise, 'speechMaterials', {
      filename: 'talk.zip',
      contentType: 'application/zip',
      data: archives.zip(),
    });
    const served = await h.app.inject({
      method: 'GET',
      url: `/exhibition/qms/file/${download.body.data!.id}`,
      headers: { authorization: `Bearer ${enterprise}` },
    });
    expect(served.headers['content-disposition']).toMatch(/^attachment; /);

    const eps = await upload(enterprise, 'logo', { filename: 'logo.eps', contentType: 'application/postscript', data: archives.eps() });
    expect(eps.status).toBe(200);
    const ai = await upload(enterprise, 'logo', { filename: 'logo.ai', contentType: 'application/pdf', data: archives.illustrator() });
    expect(ai.status).toBe(200);
    expect(ai.body.data?.mime).toBe('application/illustrator');
    const pdf = await upload(enterprise, 'logo', { filename: 'logo.ai', contentType: 'application/pdf', data: archives.pdf() }, 'en');
    expect(pdf.status).toBe(400);
    expect(pdf.body.key).toBe('upload.errors.fileRejected');
    expect(pdf.body.msg).toBe('Upload failed: The file must be CDR/AI/WMF/EPS');

    const huge = Buffer.concat([archives.zip(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(enterprise, 'speechMaterials', { filename: 'talk.zip', contentType: 'application/zip', data: huge });
    expect(tooBig.body.fieldErrors?.map((f) => f.key)).toEqual(['upload.rules.fileTooBig']);
    expect(tooBig.body.msg).toBe('文件上传失败：文件过大（最大 5 MB）');
  });

  it('answers bad requests with translated errors, never a 500', async () => {
    expect((await upload(null, 'photo', jpeg(photos.pass!))).status).toBe(401);
    const unknownRule = await upload(enterprise, 'passport', jpeg(photos.pass!));
    expect(unknownRule).toMatchObject({ status: 400, body: { key: 'upload.errors.unknownRule' } });
    const noRule = await upload(enterprise, null, jpeg(photos.pass!));
    expect(noRule.body.key).toBe('upload.errors.unknownRule');
    const ruleAfterFile = multipart({}, jpeg(photos.pass!), { rule: 'photo' });
    const late = await h.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: ruleAfterFile.payload,
      headers: { ...ruleAfterFile.headers, authorization: `Bearer ${enterprise}` },
    });
    expect(late.json()).toMatchObject({ code: 400, key: 'upload.errors.unknownRule' });
    const noFile = await upload(enterprise, 'photo');
    expect(noFile.body.key).toBe('upload.errors.noFile');
    const json = await h.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: { rule: 'photo' },
      headers: { authorization: `Bearer ${enterprise}` },
    });
    expect(json.json()).toMatchObject({ code: 400, key: 'upload.errors.notMultipart' });
    const broken = await h.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload:
        '--x\r\ncontent-disposition: form-data; name="rule"\r\n\r\nphoto\r\n--x\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${enterprise}` },
    });
    expect(broken.statusCode).toBeLessThan(500);
    expect(storedFiles().every((name) => !name.startsWith('.incoming'))).toBe(true);
  });
});
