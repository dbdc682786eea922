import fs from 'node:fs';
import type { Sharp } from 'sharp';
import { loadSharp } from '../lazy-modules.js';
import { MAX_INPUT_PIXELS, pipelineOf, type DecodedPicture } from './decoded-picture.js';

/**
 * The stored copy's JPEG settings. Quality 90: no visible loss on a portrait, about the size a
 * camera writes. Huffman tables not optimised: the file is about 4 % larger and encoding takes
 * half the CPU (the pixels are the same; optimising is lossless).
 */
const JPEG_OPTIONS = { quality: 90, optimiseCoding: false } as const;

export type Reencoded = { kind: 'reencoded'; bytes: number; width: number; height: number } | { kind: 'unreadable' };

/**
 * Every stored picture is a fresh encoding of its decoded pixels: the whole
 * file is decoded (`failOn: 'truncated'`: a JPEG cut off anywhere is refused, which reading the
 * header alone never noticed), then written anew with no metadata but the density (a rule of
 * the photo form): no EXIF, XMP, IPTC or GPS of the camera's. Whatever rode along - bytes after the end-of-image marker, COM and APPn
 * segments, EXIF text: the JPEG+HTML polyglots - is not in the stored file. EXIF orientation
 * is applied to the pixels, so the stored picture stands as the rules measured it.
 */
export async function reencodePicture(filePath: string, mime: string, density: number | null): Promise<Reencoded> {
  const sharp = await loadSharp();
  const cleaned = `${filePath}.clean`;
  const reencoded = await writeEncoded(
    sharp(filePath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate(),
    cleaned,
    mime,
    density,
  );
  if (reencoded.kind === 'reencoded') await fs.promises.rename(cleaned, filePath);
  return reencoded;
}

/**
 * The same fresh encoding, from pixels already decoded in full (decoded-picture.ts), written to
 * `target`: the caller moves it in place or drops it.
 */
export async function encodeDecoded(picture: DecodedPicture, target: string, mime: string, density: number | null): Promise<Reencoded> {
  return writeEncoded(await pipelineOf(picture), target, mime, density);
}

async function writeEncoded(decoded: Sharp, target: string, mime: string, density: number | null): Promise<Reencoded> {
  try {
    let picture = mime === 'image/png' ? decoded.png({ compressionLevel: 6 }) : decoded.jpeg(JPEG_OPTIONS);
    // withDensity alone keeps the input's whole EXIF (camera, an Artist field, the GPS position);
    // an empty withExif drops it, leaving the resolution the encoder writes. XMP, IPTC and the
    // ICC profile are never kept (the pixels are converted to sRGB).
    if (density !== null && density > 0) picture = picture.withDensity(density).withExif({});
    const info = await picture.toFile(target);
    return { kind: 'reencoded', bytes: info.size, width: info.width, height: info.height };
  } catch {
    await fs.promises.rm(target, { force: true });
    return { kind: 'unreadable' };
  }
}
