/**
 * Dots per inch written in a JPEG header: the EXIF XResolution (with ResolutionUnit) when
 * present, else the JFIF density. null when the header states none (JFIF units 0 = aspect
 * ratio only): then the dpi rule is reported "not checked" instead of guessing 72.
 * The browser uses this; the server reads the same headers through sharp (`density`) and
 * uses this function only to tell "stated" from "not stated".
 */
export function jpegDensity(bytes: Uint8Array): number | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let jfif: number | null = null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return jfif;
    const marker = bytes[offset + 1] ?? 0;
    // start of scan / end of image: no more headers
    if (marker === 0xda || marker === 0xd9) break;
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    const start = offset + 4;
    if (marker === 0xe0 && text(bytes, start, 5) === 'JFIF\0') jfif = jfifDensity(bytes, start);
    if (marker === 0xe1 && text(bytes, start, 6) === 'Exif\0\0') {
      const exif = exifDensity(bytes, start + 6);
      if (exif !== null) return exif;
    }
    offset += 2 + length;
  }
  return jfif;
}

function text(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function jfifDensity(bytes: Uint8Array, start: number): number | null {
  const units = bytes[start + 7];
  const x = ((bytes[start + 8] ?? 0) << 8) | (bytes[start + 9] ?? 0);
  if (x === 0) return null;
  if (units === 1) return x;
  if (units === 2) return x * 2.54;
  return null;
}

function exifDensity(bytes: Uint8Array, tiff: number): number | null {
  const little = text(bytes, tiff, 2) === 'II';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, little) : 0);
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, little) : 0);
  const ifd = tiff + u32(tiff + 4);
  const entries = u16(ifd);
  let resolution: number | null = null;
  let unit = 2;
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    if (tag === 0x011a) {
      const at = tiff + u32(entry + 8);
      const denominator = u32(at + 4);
      resolution = denominator ? u32(at) / denominator : null;
    } else if (tag === 0x0128) {
      unit = u16(entry + 8);
    }
  }
  if (!resolution) return null;
  if (unit === 3) return resolution * 2.54;
  // unit 1 = "no absolute unit": nothing stated
  return unit === 2 ? resolution : null;
}
