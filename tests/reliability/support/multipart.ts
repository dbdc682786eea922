/** Hand-built multipart bodies for the upload route: well-formed ones and broken ones. */
import type { Rng } from './prng.js';

export interface RawBody {
  payload: Buffer;
  contentType: string;
  label: string;
}

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function part(boundary: string, name: string, content: Buffer | string, fileName?: string, type?: string): Buffer {
  const disposition = fileName === undefined ? `form-data; name="${name}"` : `form-data; name="${name}"; filename="${fileName}"`;
  const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), Buffer.from('\r\n')]);
}

/** `files` are real pictures made once by the suite (a PNG card, a JPEG); the rest is noise. */
export function multipartBody(rng: Rng, files: { png: Buffer; jpeg: Buffer }): RawBody {
  const boundary = `----fuzz${rng.int(0, 1e9)}`;
  const rule = rng.pick([
    'businessCard',
    'businessCard',
    'photo',
    'logo',
    'speechMaterials',
    'pictureJpg',
    'media',
    'unknown',
    '',
    'photo\u0000',
    '__proto__',
  ]);
  const content = rng.pick([
    { bytes: files.png, label: 'png' },
    { bytes: files.png, label: 'png' },
    { bytes: files.jpeg, label: 'jpeg' },
    { bytes: Buffer.concat([PNG_HEADER, Buffer.alloc(rng.int(0, 4000), 7)]), label: 'png header + junk' },
    { bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Array.from({ length: 500 }, () => rng.int(0, 255))]), label: 'zip-ish' },
    { bytes: Buffer.from(Array.from({ length: rng.int(0, 3000) }, () => rng.int(0, 255))), label: 'random bytes' },
    { bytes: Buffer.concat([Buffer.alloc(4), Buffer.from('ftypisom'), Buffer.alloc(1000)]), label: 'ftyp' },
    { bytes: Buffer.alloc(0), label: 'empty' },
  ]);
  const fileName = rng.pick([
    'card.png',
    'photo.jpg',
    'a.zip',
    '../../etc/passwd',
    'x'.repeat(400) + '.png',
    'na\u0000me.png',
    '名片.png',
    '',
    'con.png',
  ]);
  const type = rng.pick(['image/png', 'image/jpeg', 'application/octet-stream', 'text/html', '']);
  const shape = rng.next();
  let payload: Buffer;
  let label: string;
  if (shape < 0.6) {
    payload = Buffer.concat([
      part(boundary, 'rule', rule),
      part(boundary, 'file', content.bytes, fileName, type),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    label = `rule=${JSON.stringify(rule)} ${content.label} name=${JSON.stringify(fileName.slice(0, 20))}`;
  } else if (shape < 0.7) {
    payload = Buffer.concat([
      part(boundary, 'file', content.bytes, fileName, type),
      part(boundary, 'rule', rule),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    label = 'file before rule';
  } else if (shape < 0.78) {
    payload = Buffer.concat([part(boundary, 'rule', rule), Buffer.from(`--${boundary}--\r\n`)]);
    label = 'no file part';
  } else if (shape < 0.86) {
    const whole = Buffer.concat([part(boundary, 'rule', rule), part(boundary, 'file', content.bytes, fileName, type)]);
    payload = whole.subarray(0, rng.int(0, whole.length));
    label = 'truncated';
  } else if (shape < 0.92) {
    payload = Buffer.concat([
      part(boundary, 'rule', rule),
      part(boundary, 'rule', rule),
      part(boundary, 'x', 'y'),
      part(boundary, 'file', content.bytes, fileName, type),
      part(boundary, 'file', content.bytes, fileName, type),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    label = 'repeated parts';
  } else {
    payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\n\r\n--${boundary}--`);
    label = 'part without name';
  }
  const contentType = rng.chance(0.9)
    ? `multipart/form-data; boundary=${boundary}`
    : rng.pick([
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=other`,
        'application/json',
        'text/plain',
      ]);
  return { payload, contentType, label: `${label} (${contentType.slice(0, 30)})` };
}
