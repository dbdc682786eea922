import type { Sharp } from 'sharp';
import { loadSharp } from '../lazy-modules.js';

/**
 * Pixel cap checked on the header BEFORE anything is decoded, and given to sharp as
 * `limitInputPixels` (its default allows ~268 megapixels: a 600 KB PNG can claim 14000x14000).
 * 30 megapixels holds any portrait photo a camera or phone makes (a 3:4 photo of 4740x6320).
 */
export const MAX_INPUT_PIXELS = 30_000_000;

/**
 * Largest picture decoded once into memory (3 bytes a pixel: 36 MB at 12 megapixels, a phone's
 * photo) and measured and re-encoded from there. Larger ones are read from the file by each
 * step, in strips, so a 1 MB JPEG claiming 30 megapixels never holds 90 MB per upload.
 */
export const DECODE_ONCE_MAX_PIXELS = 12_000_000;

/** A JPEG decoded in full, EXIF orientation applied, converted to sRGB: row-major, `channels` bytes a pixel. */
export interface DecodedPicture {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes the whole file (`failOn: 'error'`: a JPEG cut off or damaged anywhere is refused,
 * which reading the header alone never noticed).
 */
export async function decodeInFull(filePath: string): Promise<DecodedPicture> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(filePath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height, channels: info.channels };
}

/** A sharp pipeline over already decoded pixels: nothing is decoded again. */
export async function pipelineOf(picture: DecodedPicture): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(picture.pixels, { raw: { width: picture.width, height: picture.height, channels: picture.channels } });
}
