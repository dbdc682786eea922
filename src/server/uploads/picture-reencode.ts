import fs from 'node:fs';
import { loadSharp } from '../lazy-modules.js';
import { MAX_INPUT_PIXELS } from './file-inspection.js';

/** JPEG quality of the stored copy: no visible loss on a portrait, about the size a camera writes. */
const JPEG_QUALITY = 90;

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
  const cleaned = `${filePath}.clean`;
  const sharp = await loadSharp();
  try {
    let picture = sharp(filePath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate();
    picture = mime === 'image/png' ? picture.png({ compressionLevel: 6 }) : picture.jpeg({ quality: JPEG_QUALITY });
    // withDensity alone keeps the input's whole EXIF (camera, an Artist field, the GPS position);
    // an empty withExif drops it, leaving the resolution the encoder writes. XMP, IPTC and the
    // ICC profile are never kept (the pixels are converted to sRGB).
    if (density !== null && density > 0) picture = picture.withDensity(density).withExif({});
    const info = await picture.toFile(cleaned);
    await fs.promises.rename(cleaned, filePath);
    return { kind: 'reencoded', bytes: info.size, width: info.width, height: info.height };
  } catch {
    await fs.promises.rm(cleaned, { force: true });
    return { kind: 'unreadable' };
  }
}
