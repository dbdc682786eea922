import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseMime, extensionOf, sniffMimeTypes } from '../../src/shared/file-signatures.js';
import { jpegDensity } from '../../src/shared/jpeg-density.js';
import { measureBackground } from '../../src/shared/plain-background.js';
import {
  checkUpload,
  faceAreaRatioOf,
  failuresOf,
  formatAspectRatio,
  formatBytes,
  notCheckedOf,
  uploadRulesOf,
  type MeasuredFile,
  type UploadRules,
} from '../../src/shared/upload-rules.js';

/** The rules come from the generated bundle, exactly as the widget and the server read them. */
function rulesOf(schema: string, definition: string): UploadRules {
  const bundle = JSON.parse(fs.readFileSync(`src/generated/schemas/${schema}.json`, 'utf8')) as { definitions: Record<string, unknown> };
  const rules = uploadRulesOf(bundle.definitions[definition]);
  if (!rules) throw new Error(`${definition} has no x-upload`);
  return rules;
}

const photo = rulesOf('guest', 'photo');
const speech = rulesOf('activity', 'speechMaterials');

/** A photo that meets every rule, built from the rules themselves (no number copied here). */
function compliant(rules: UploadRules): MeasuredFile {
  const height = (rules.minHeight ?? 0) * 2;
  const faceAreaMin = rules.faceAreaMin ?? 0;
  const faceAreaMax = rules.faceAreaMax ?? 1;
  return {
    mime: rules.accept?.[0] ?? null,
    extension: rules.extensions?.[0],
    bytes: ((rules.minBytes ?? 0) + (rules.maxBytes ?? 0)) / 2,
    width: height * (rules.aspectRatio ?? 1),
    height,
    dpi: (rules.minDpi ?? 0) + 1,
    faceAreaRatio: (faceAreaMin + faceAreaMax) / 2,
    faceCount: 1,
    backgroundPlain: true,
    count: 1,
  };
}

const keysOf = (rules: UploadRules, change: Partial<MeasuredFile>) =>
  checkUpload(rules, { ...compliant(rules), ...change }).map((o) => `${o.status}:${o.key}`);

describe('checkUpload with the photo rules of the schema', () => {
  it('passes a compliant photo', () => {
    expect(checkUpload(photo, compliant(photo))).toEqual([]);
  });

  it('reports each broken rule with its message key and the numbers to show', () => {
    expect(keysOf(photo, { mime: 'image/png' })).toEqual(['failed:upload.rules.jpgOnly']);
    expect(keysOf(photo, { mime: null })).toEqual(['failed:upload.rules.jpgOnly']);
    expect(keysOf(photo, { extension: 'png' })).toEqual(['failed:upload.rules.extensions']);
    expect(keysOf(photo, { bytes: photo.maxBytes! + 1 })).toEqual(['failed:upload.rules.photoSizeExceeded']);
    expect(keysOf(photo, { bytes: photo.minBytes! - 1 })).toEqual(['failed:upload.rules.fileTooSmall']);
    expect(keysOf(photo, { width: photo.minWidth! - 3, height: photo.minHeight! - 4 })).toEqual(['failed:upload.rules.tooFewPixels']);
    expect(keysOf(photo, { width: 1000, height: 1000 })).toEqual(['failed:upload.rules.aspectRatio']);
    expect(keysOf(photo, { dpi: photo.minDpi! - 8 })).toEqual(['failed:upload.rules.dpiTooLow']);
    expect(keysOf(photo, { faceCount: 0, faceAreaRatio: null })).toEqual(['failed:upload.rules.noFace']);
    expect(keysOf(photo, { faceCount: 2 })).toEqual(['failed:upload.rules.oneFaceOnly']);
    expect(keysOf(photo, { faceAreaRatio: photo.faceAreaMin! / 2 })).toEqual(['failed:upload.rules.faceTooSmall']);
    expect(keysOf(photo, { faceAreaRatio: Math.min(1, photo.faceAreaMax! * 1.5) })).toEqual(['failed:upload.rules.faceTooLarge']);
    expect(keysOf(photo, { backgroundPlain: false })).toEqual(['failed:upload.rules.backgroundNotPlain']);
    const [size] = checkUpload(photo, { ...compliant(photo), bytes: photo.maxBytes! + 1 });
    expect(size?.params).toEqual({ max: formatBytes(photo.maxBytes!) });
    const [aspect] = checkUpload(photo, { ...compliant(photo), width: 800, height: 800 });
    expect(aspect?.params).toMatchObject({ ratio: formatAspectRatio(photo.aspectRatio!), width: 800, height: 800 });
  });

  it('tolerates a hand-cropped 3:4 within 1 %', () => {
    const height = photo.minHeight! * 2;
    expect(keysOf(photo, { width: Math.round(height * photo.aspectRatio!) + 1, height })).toEqual([]);
  });

  it('says "not checked" for what could not be measured, never "passed"', () => {
    const outcomes = checkUpload(photo, {
      ...compliant(photo),
      width: null,
      height: null,
      dpi: null,
      faceCount: null,
      faceAreaRatio: null,
      backgroundPlain: null,
    });
    expect(failuresOf(outcomes)).toEqual([]);
    expect(notCheckedOf(outcomes).map((o) => o.key)).toEqual([
      'upload.rules.sizeNotChecked',
      'upload.rules.dpiNotChecked',
      'upload.rules.faceNotChecked',
      'upload.rules.backgroundNotChecked',
    ]);
  });

  it('does not judge the extension when none is given, but refuses a missing one', () => {
    expect(keysOf(photo, { extension: undefined })).toEqual([]);
    expect(keysOf(photo, { extension: '' })).toEqual(['failed:upload.rules.extensions']);
    expect(keysOf(photo, { extension: 'JPEG' })).toEqual([]);
  });
});

describe('checkUpload with other rules', () => {
  it('speech materials: archives only, file too big, at most maxCount files', () => {
    expect(checkUpload(speech, compliant(speech))).toEqual([]);
    expect(keysOf(speech, { mime: 'application/pdf' })).toEqual(['failed:upload.rules.accept']);
    expect(keysOf(speech, { bytes: speech.maxBytes! + 1 })).toEqual(['failed:upload.rules.fileTooBig']);
    expect(keysOf(speech, { count: speech.maxCount! + 1 })).toEqual(['failed:upload.rules.tooManyFiles']);
    const [accept] = checkUpload(speech, { ...compliant(speech), mime: 'application/pdf' });
    expect(accept?.params).toEqual({ types: 'ZIP/RAR/7Z' });
  });

  it('every x-upload of every bundle has only known rules', () => {
    const known = new Set([
      'accept',
      'extensions',
      'minBytes',
      'maxBytes',
      'maxCount',
      'minWidth',
      'minHeight',
      'aspectRatio',
      'minDpi',
      'faceAreaMin',
      'faceAreaMax',
      'plainBackground',
    ]);
    for (const file of fs.readdirSync('src/generated/schemas')) {
      const bundle = JSON.parse(fs.readFileSync(`src/generated/schemas/${file}`, 'utf8')) as { definitions?: Record<string, unknown> };
      for (const definition of Object.values(bundle.definitions ?? {})) {
        for (const rule of Object.keys(uploadRulesOf(definition) ?? {})) expect(known.has(rule), `${file}: ${rule}`).toBe(true);
      }
    }
  });
});

describe('formatting and face share', () => {
  it('formats sizes and ratios for messages', () => {
    expect(formatBytes(1048576)).toBe('1 MB');
    expect(formatBytes(1048575)).toBe('1 MB');
    expect(formatBytes(204800)).toBe('200 KB');
    expect(formatBytes(5242880)).toBe('5 MB');
    expect(formatAspectRatio(0.75)).toBe('3:4');
  });

  it('takes the largest face box over the picture area', () => {
    expect(
      faceAreaRatioOf(
        [
          { width: 10, height: 10 },
          { width: 30, height: 20 },
        ],
        60,
        100,
      ),
    ).toBe(0.1);
    expect(faceAreaRatioOf([], 60, 100)).toBeNull();
  });
});

describe('sniffing by magic bytes', () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

  it('recognises the formats of the rules, with their aliases', () => {
    expect(sniffMimeTypes(bytes(0xff, 0xd8, 0xff, 0xe0))).toEqual(['image/jpeg']);
    expect(sniffMimeTypes(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toEqual(['image/png']);
    expect(sniffMimeTypes(bytes('%PDF-1.7'))).toEqual(['application/pdf']);
    expect(sniffMimeTypes(bytes('%PDF-1.6 <xmp:CreatorTool>Adobe Illustrator 27'))[0]).toBe('application/illustrator');
    expect(sniffMimeTypes(bytes('%!PS-Adobe-3.0 EPSF-3.0'))).toContain('application/postscript');
    expect(sniffMimeTypes(bytes(0xc5, 0xd0, 0xd3, 0xc6))).toContain('image/x-eps');
    expect(sniffMimeTypes(bytes('PK', 3, 4))).toEqual(['application/zip', 'application/x-zip-compressed']);
    expect(sniffMimeTypes(bytes('PK', 3, 4, 'content/riffData.cdr'))[0]).toBe('application/cdr');
    expect(sniffMimeTypes(bytes('RIFF', 0, 0, 0, 0, 'CDR9'))).toContain('application/x-cdr');
    expect(sniffMimeTypes(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toContain('audio/wav');
    expect(sniffMimeTypes(bytes('Rar!', 0x1a, 7, 0))).toContain('application/x-rar-compressed');
    expect(sniffMimeTypes(bytes('Rar!', 0x1a, 7, 1, 0))).toContain('application/vnd.rar');
    expect(sniffMimeTypes(bytes(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c))).toEqual(['application/x-7z-compressed']);
    expect(sniffMimeTypes(bytes(0xd7, 0xcd, 0xc6, 0x9a))).toContain('image/x-wmf');
    expect(sniffMimeTypes(bytes(1, 0, 9, 0, 0, 3))).toContain('application/x-msmetafile');
    expect(sniffMimeTypes(bytes(0, 0, 0, 0x20, 'ftypisom'))).toEqual(['video/mp4']);
    expect(sniffMimeTypes(bytes(0, 0, 0, 0x20, 'ftypM4A '))).toContain('audio/mp4');
    // issue 11: "ftyp" at byte 4 is not enough
    expect(sniffMimeTypes(bytes(0, 0, 0, 0x20, 'ftypjunk'))).toEqual([]);
    expect(sniffMimeTypes(bytes(0x7f, 0, 0, 0x20, 'ftypisom'))).toEqual([]);
    expect(sniffMimeTypes(bytes(0, 0, 0, 0x11, 'ftypisom'))).toEqual([]);
    expect(sniffMimeTypes(bytes(0, 0, 0, 0x10, 'ftypisom', 0, 0, 0, 0, 0, 0, 0, 8, 'junk'))).toEqual([]);
    expect(sniffMimeTypes(bytes(0, 0, 0, 0x10, 'ftypisom', 0, 0, 0, 0, 0, 0, 0, 8, 'moov'))).toEqual(['video/mp4']);
    expect(sniffMimeTypes(bytes('ID3', 4))).toEqual(['audio/mpeg']);
    expect(sniffMimeTypes(bytes('hello world'))).toEqual([]);
    expect(sniffMimeTypes(new Uint8Array())).toEqual([]);
  });

  it('chooses the alias the rules accept', () => {
    expect(chooseMime(['application/vnd.rar', 'application/x-rar-compressed'], ['application/x-rar-compressed'])).toBe(
      'application/x-rar-compressed',
    );
    expect(chooseMime(['application/pdf'], ['image/jpeg'])).toBe('application/pdf');
    expect(chooseMime([], ['image/jpeg'])).toBeNull();
  });

  it('reads the extension of a name', () => {
    expect(extensionOf('C:\\photos\\Me.JPG')).toBe('jpg');
    expect(extensionOf('archive.tar.7z')).toBe('7z');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('noext')).toBe('');
  });
});

describe('jpegDensity', () => {
  const jfif = (units: number, density: number) =>
    new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      ...[...'JFIF\0'].map((c) => c.charCodeAt(0)),
      1,
      1,
      units,
      density >> 8,
      density & 255,
      density >> 8,
      density & 255,
      0,
      0,
      0xff,
      0xda,
    ]);

  it('reads the JFIF density in dpi or dots per cm, and nothing when only an aspect ratio is stated', () => {
    expect(jpegDensity(jfif(1, 300))).toBe(300);
    expect(jpegDensity(jfif(2, 100))).toBeCloseTo(254);
    expect(jpegDensity(jfif(0, 1))).toBeNull();
    expect(jpegDensity(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it('prefers the EXIF XResolution', () => {
    // big-endian TIFF: one IFD with XResolution (rational 96/1) and ResolutionUnit inch
    const tiff = [
      ...[0x4d, 0x4d, 0, 42, 0, 0, 0, 8],
      ...[0, 2],
      ...[0x01, 0x1a, 0, 5, 0, 0, 0, 1, 0, 0, 0, 38],
      ...[0x01, 0x28, 0, 3, 0, 0, 0, 1, 0, 2, 0, 0],
      ...[0, 0, 0, 0],
      ...[0, 0, 0, 96, 0, 0, 0, 1],
    ];
    const exif = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat(tiff);
    const length = exif.length + 2;
    const file = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 255, ...exif, ...jfif(1, 300).slice(2)]);
    expect(jpegDensity(file)).toBe(96);
  });
});

describe('plain background heuristic', () => {
  const picture = (pixel: (x: number, y: number) => number, width = 120, height = 160) => {
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) data.fill(pixel(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3);
    return measureBackground(data, width, height, 3);
  };

  it('calls a flat or gently lit backdrop plain, whatever is in the middle', () => {
    expect(picture(() => 220).plain).toBe(true);
    expect(picture((x) => 200 + x / 6).plain).toBe(true);
    expect(picture((x, y) => (x > 30 && x < 90 && y > 30 ? (x * 7) % 255 : 230)).plain).toBe(true);
  });

  it('calls stripes, checks or strong contrast at the edges busy', () => {
    expect(picture((x) => (Math.floor(x / 4) % 2 ? 40 : 220)).plain).toBe(false);
    expect(picture((x, y) => ((Math.floor(x / 6) + Math.floor(y / 6)) % 2 ? 30 : 200)).plain).toBe(false);
    expect(picture((x) => (x < 60 ? 20 : 235)).plain).toBe(false);
  });
});
