/**
 * The plain-background measure of a 3:4 photo is taken on the face detector's input halved, not
 * on a second resize of the decoded picture: the same verdicts for a fraction of the CPU.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { backgroundIsPlain, halved } from '../../src/server/uploads/background-sample.js';
import { backdrop } from './uploads-fixtures.js';

const noSharp = () => Promise.reject(new Error('the decoded picture was resized again'));

describe('background sample', () => {
  it('averages each 2x2 block of an RGB picture, rounded', () => {
    // 4x2 pixels: two blocks, the second with values whose mean is a half
    const data = Buffer.from([...[0, 10, 200, 4, 10, 200, 1, 1, 1, 2, 2, 2], ...[0, 10, 200, 4, 10, 200, 1, 1, 1, 2, 2, 3]]);
    expect([...halved({ data, width: 4, height: 2 })]).toEqual([2, 10, 200, 2, 2, 2]);
  });

  it("measures a 3:4 photo on the detector's input, without resizing the decoded picture", async () => {
    const plain = await sharp(await backdrop(240, 320))
      .removeAlpha()
      .raw()
      .toBuffer();
    await expect(backgroundIsPlain({ data: plain, width: 240, height: 320, channels: 3 }, noSharp)).resolves.toBe(true);
    // noise far above a camera's: not plain
    const busy = await sharp(await backdrop(240, 320, 120))
      .removeAlpha()
      .raw()
      .toBuffer();
    await expect(backgroundIsPlain({ data: busy, width: 240, height: 320, channels: 3 }, noSharp)).resolves.toBe(false);
  });

  it('resizes the decoded picture when the detector input is not twice the sample in RGB (another shape, grey, or no face rule)', async () => {
    const picture = await backdrop(320, 240);
    const grey = await sharp(await backdrop(240, 320))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let resized = 0;
    const pipeline = () => {
      resized += 1;
      return Promise.resolve(sharp(picture));
    };
    const detectorInput = { data: await sharp(picture).removeAlpha().raw().toBuffer(), width: 320, height: 240, channels: 3 };
    await expect(backgroundIsPlain(detectorInput, pipeline)).resolves.toBe(true);
    await expect(backgroundIsPlain(null, pipeline)).resolves.toBe(true);
    expect(grey.info.channels).toBe(1);
    await expect(backgroundIsPlain({ ...grey.info, data: grey.data }, pipeline)).resolves.toBe(true);
    expect(resized).toBe(3);
  });
});
