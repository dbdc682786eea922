/**
 * "Plain background" is a HEURISTIC, not a measurement: a portrait's background shows in the top
 * strip and in the upper parts of the left and right edges, so we look at those strips of a
 * small copy of the picture (the server and the browser both scale to BACKGROUND_SAMPLE_SIZE
 * first) and call the background plain when their brightness barely varies and they have
 * little texture. A smooth light gradient passes; furniture, windows, people and posters fail.
 * It can be fooled (a plain shirt filling the edges, or dark hair touching them), which is why
 * its failure message asks for a plain background rather than claiming certainty.
 */

/** Size the picture is scaled to before sampling (keeps the cost fixed and both sides equal). */
export const BACKGROUND_SAMPLE_SIZE = { width: 120, height: 160 } as const;

/** share of the height used as the top strip, and of the width used as each side strip */
const STRIP = 0.1;
/** the side strips run down to this share of the height (below are shoulders) */
const SIDE_DEPTH = 0.5;
/** tuned on plain studio backdrops vs. the busy demo photos of face-api (0..255 brightness) */
const MAX_SPREAD = 22;
const MAX_TEXTURE = 7;

export interface BackgroundMeasure {
  plain: boolean;
  /** standard deviation of the brightness in the strips */
  spread: number;
  /** mean brightness difference between neighbouring pixels in the strips */
  texture: number;
}

/** `pixels`: row-major, `channels` bytes per pixel (RGB or RGBA; grey also works with 1). */
export function measureBackground(pixels: ArrayLike<number>, width: number, height: number, channels: number): BackgroundMeasure {
  const luma = (x: number, y: number): number => {
    const i = (y * width + x) * channels;
    if (channels < 3) return pixels[i] ?? 0;
    return 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0);
  };
  const top = Math.max(1, Math.round(height * STRIP));
  const side = Math.max(1, Math.round(width * STRIP));
  const bottom = Math.max(top + 1, Math.round(height * SIDE_DEPTH));
  const inStrips = (x: number, y: number) => y < top || (y < bottom && (x < side || x >= width - side));

  let count = 0;
  let sum = 0;
  let sumSquares = 0;
  let texture = 0;
  for (let y = 0; y < bottom; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!inStrips(x, y)) continue;
      const value = luma(x, y);
      count += 1;
      sum += value;
      sumSquares += value * value;
      const right = x + 1 < width && inStrips(x + 1, y) ? Math.abs(value - luma(x + 1, y)) : 0;
      const down = y + 1 < bottom && inStrips(x, y + 1) ? Math.abs(value - luma(x, y + 1)) : 0;
      texture += (right + down) / 2;
    }
  }
  if (count === 0) return { plain: false, spread: 0, texture: 0 };
  const mean = sum / count;
  const spread = Math.sqrt(Math.max(0, sumSquares / count - mean * mean));
  const meanTexture = texture / count;
  return { plain: spread <= MAX_SPREAD && meanTexture <= MAX_TEXTURE, spread, texture: meanTexture };
}
