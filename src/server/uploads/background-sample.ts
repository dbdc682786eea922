import type { Sharp } from 'sharp';
import { BACKGROUND_SAMPLE_SIZE, measureBackground } from '../../shared/plain-background.js';

/** Pixels as sharp hands them over, row-major: `channels` bytes a pixel (3 for RGB; 1 for a grey JPEG) */
export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/**
 * Whether the picture's background is plain, measured on its BACKGROUND_SAMPLE_SIZE copy. When
 * the detector's input is RGB and exactly twice that size (a 3:4 picture scaled to fit 320:
 * 240x320), the sample is that input averaged over 2x2 blocks, a few hundred microseconds of
 * JavaScript instead of a resize of the whole decoded picture in sharp. The two samples differ by
 * rounding: over the verdict set the measured spread and texture moved by at most 0.3 (of
 * thresholds 22 and 7) and no verdict changed.
 */
export async function backgroundIsPlain(detectorInput: RawPicture | null, picture: () => Promise<Sharp>): Promise<boolean> {
  const { width, height } = BACKGROUND_SAMPLE_SIZE;
  if (detectorInput?.channels === 3 && detectorInput.width === width * 2 && detectorInput.height === height * 2) {
    return measureBackground(halved(detectorInput), width, height, 3).plain;
  }
  const sample = await (await picture()).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return measureBackground(sample.data, sample.info.width, sample.info.height, sample.info.channels).plain;
}

/** Each 2x2 block of an RGB picture of even size averaged (rounded) into one pixel. */
export function halved({ data, width, height }: Omit<RawPicture, 'channels'>): Buffer {
  const out = Buffer.allocUnsafe((width >> 1) * (height >> 1) * 3);
  const row = width * 3;
  let to = 0;
  for (let y = 0; y + 1 < height; y += 2) {
    for (let from = y * row, end = from + (width >> 1) * 6; from < end; from += 6) {
      for (let channel = 0; channel < 3; channel += 1) {
        const i = from + channel;
        out[to++] = (data[i]! + data[i + 3]! + data[i + row]! + data[i + row + 3]! + 2) >> 2;
      }
    }
  }
  return out;
}
