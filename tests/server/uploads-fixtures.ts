/**
 * Upload fixtures made at test time with sharp from face-api's own demo photos (no binary
 * fixtures in the repository). The demo photos are group shots on busy backgrounds, so the
 * passing portrait is one detected face, cut out with an elliptical mask and laid on a plain,
 * slightly noisy backdrop: the same rules the server applies decide whether it passes.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { FaceDetector, type FaceBox } from '../../src/server/uploads/face-detector.js';

const demoDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
/** sample2 has one clear face (the others are group photos) */
export const DEMO_PHOTO = path.join(demoDir, 'sample2.jpg');

const BACKDROP = { r: 222, g: 230, b: 238 };

/** Deterministic noise (a small LCG), so every run builds the same bytes. */
function noise(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A plain backdrop with faint sensor-like noise (real photos are never flat, and flat JPEGs are tiny). */
export async function backdrop(width: number, height: number, amplitude = 6, seed = 7): Promise<Buffer> {
  const random = noise(seed);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const n = (random() - 0.5) * 2 * amplitude;
    pixels[i] = BACKDROP.r + n;
    pixels[i + 1] = BACKDROP.g + n;
    pixels[i + 2] = BACKDROP.b + n;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

let demoFace: FaceBox | null = null;

/** The face box of the demo photo, in its own pixels (found by the detector under test). */
/**
 * The fixtures' own detector, without the product's 10 s limit per picture: its first detection
 * starts the worker and loads the model, which took longer than 10 s beside three browser test
 * files on 2 cores (the guest-journey and wishes e2e files failed in their setup)
 */
const fixtureDetector = new FaceDetector({ timeLimitMs: 120_000 });

export async function demoFaceBox(): Promise<FaceBox> {
  if (demoFace) return demoFace;
  const meta = await sharp(DEMO_PHOTO).metadata();
  // a group photo: faces are small, so a larger picture and input size than for portraits
  const small = await sharp(DEMO_PHOTO).resize(832, 832, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [best] = await fixtureDetector.detect(new Uint8Array(small.data), small.info.width, small.info.height, 416);
  if (!best) throw new Error('no face in the demo photo');
  const scale = (meta.width ?? 0) / small.info.width;
  demoFace = { x: best.x * scale, y: best.y * scale, width: best.width * scale, height: best.height * scale, score: best.score };
  return demoFace;
}

export interface PortraitOptions {
  width?: number;
  height?: number;
  /** wanted face box area / picture area */
  faceShare?: number;
  /** false: keep the demo photo's own (busy) surroundings */
  plain?: boolean;
  /** false: no face at all */
  face?: boolean;
  quality?: number;
  density?: number;
  noiseAmplitude?: number;
}

/** A JPEG portrait built to order (defaults pass every photo rule). */
export async function portrait(options: PortraitOptions = {}): Promise<Buffer> {
  const {
    width = 900,
    height = 1200,
    faceShare = 0.26,
    plain = true,
    face = true,
    quality = 92,
    density = 300,
    noiseAmplitude = 10,
  } = options;
  const box = await demoFaceBox();
  const scale = Math.sqrt((faceShare * width * height) / (box.width * box.height));
  let picture: Sharp;
  if (!plain) {
    // the demo photo itself, scaled and cropped around the face: its busy room stays
    const meta = await sharp(DEMO_PHOTO).metadata();
    const scaledWidth = Math.round((meta.width ?? 0) * scale);
    const left = Math.max(0, Math.round((box.x + box.width / 2) * scale - width / 2));
    const top = Math.max(0, Math.round((box.y + box.height / 2) * scale - height * 0.42));
    const scaled = await sharp(DEMO_PHOTO).resize(scaledWidth).toBuffer();
    picture = sharp(scaled).extract({ left, top, width, height });
  } else {
    const layers: OverlayOptions[] = [];
    if (face) {
      // the head with some hair around the detector's box, cut out as an ellipse
      const cutWidth = Math.round(box.width * 1.3);
      const cutHeight = Math.round(box.height * 1.55);
      const cutLeft = Math.round(box.x + box.width / 2 - cutWidth / 2);
      const cutTop = Math.round(box.y + box.height / 2 - cutHeight * 0.55);
      const targetWidth = Math.round(cutWidth * scale);
      const targetHeight = Math.round(cutHeight * scale);
      const mask = Buffer.from(
        `<svg width="${targetWidth}" height="${targetHeight}"><ellipse cx="${targetWidth / 2}" cy="${targetHeight / 2}" rx="${targetWidth / 2}" ry="${targetHeight / 2}" fill="#fff"/></svg>`,
      );
      const masked = await sharp(DEMO_PHOTO)
        .extract({ left: cutLeft, top: cutTop, width: cutWidth, height: cutHeight })
        .resize(targetWidth, targetHeight)
        .ensureAlpha()
        .composite([{ input: mask, blend: 'dest-in' }])
        .png()
        .toBuffer();
      // a face larger than the picture is cut to it, centred
      const keepWidth = Math.min(targetWidth, width);
      const keepHeight = Math.min(targetHeight, height);
      const head = await sharp(masked)
        .extract({
          left: Math.round((targetWidth - keepWidth) / 2),
          top: Math.round((targetHeight - keepHeight) / 2),
          width: keepWidth,
          height: keepHeight,
        })
        .toBuffer();
      layers.push({ input: head, left: Math.round((width - keepWidth) / 2), top: Math.round((height - keepHeight) / 2) });
    }
    picture = sharp(await backdrop(width, height, noiseAmplitude)).composite(layers);
  }
  return sharp(await picture.png().toBuffer())
    .jpeg({ quality, chromaSubsampling: '4:4:4' })
    .withMetadata({ density })
    .toBuffer();
}

/** A PNG picture (for "PNG renamed .jpg" and the business card). */
export async function pngPicture(width = 600, height = 800): Promise<Buffer> {
  return sharp(await backdrop(width, height, 40))
    .png()
    .toBuffer();
}

/** Rewrites the frame size in a JPEG's SOF0/SOF2 header: a "pixel bomb" that decodes as huge. */
export function jpegClaimingSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  let offset = 2;
  while (offset < copy.length) {
    const marker = copy[offset + 1] ?? 0;
    const length = copy.readUInt16BE(offset + 2);
    if (marker === 0xc0 || marker === 0xc2) {
      copy.writeUInt16BE(height, offset + 5);
      copy.writeUInt16BE(width, offset + 7);
      return copy;
    }
    offset += 2 + length;
  }
  throw new Error('no SOF marker');
}

/** Rewrites a PNG's IHDR size (with a correct CRC, so only the size lies). */
export function pngClaimingSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(zlib.crc32(copy.subarray(12, 29)), 29);
  return copy;
}

/** Minimal archives and vector files: only their leading bytes matter to the sniffer. */
export const archives = {
  zip: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 1)]),
  rar: () => Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.alloc(2000, 2)]),
  sevenZip: () => Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.alloc(2000, 3)]),
  eps: () => Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\nshowpage\n', 'latin1'),
  pdf: () => Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n', 'latin1'),
  illustrator: () =>
    Buffer.from('%PDF-1.6\n%AI12_FileFormatLevel: 3\n<xmp:CreatorTool>Adobe Illustrator 27.0</xmp:CreatorTool>\n%%EOF\n', 'latin1'),
};
