/**
 * The photo check as it was before the pixels were decoded once (the baseline of the photo-check
 * bench and of photo-check.test.ts, kept apart from the product): the header read, then the file decoded again for the background
 * sample, for the detector's input and for the stored copy (Huffman tables optimised), each a
 * sharp pipeline of its own. Face detection is whatever `detector` runs: the bench gives it tfjs'
 * cpu backend with face-api's own ops, the check before WebAssembly.
 */
import fs from 'node:fs';
import { loadSharp } from '../../src/server/lazy-modules.js';
import { chooseMime, sniffMimeTypes, SNIFF_BYTES } from '../../src/shared/file-signatures.js';
import { jpegDensity } from '../../src/shared/jpeg-density.js';
import { BACKGROUND_SAMPLE_SIZE, measureBackground } from '../../src/shared/plain-background.js';
import { checkUpload, faceAreaRatioOf, failuresOf, sniffedFacts, type UploadRules } from '../../src/shared/upload-rules.js';
import { MAX_INPUT_PIXELS } from '../../src/server/uploads/decoded-picture.js';
import { FACE_INPUT_SIZE, type FaceDetector } from '../../src/server/uploads/face-detector.js';

/** Checks a received JPEG photo and re-encodes it in place; throws unless it passes. */
export async function photoCheckBefore(file: string, rules: UploadRules, detector: FaceDetector): Promise<void> {
  const sharp = await loadSharp();
  const handle = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(SNIFF_BYTES);
  const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
  await handle.close();
  const mime = chooseMime(sniffMimeTypes(head.subarray(0, bytesRead)), rules.accept);
  const bytes = (await fs.promises.stat(file)).size;
  const { facts } = sniffedFacts(mime, rules, { extension: 'jpg', bytes, count: 1 });
  const metadata = await sharp(file, { limitInputPixels: false }).metadata();
  facts.width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  facts.height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  const stated = jpegDensity(head.subarray(0, bytesRead));
  facts.dpi = stated === null ? null : (metadata.density ?? stated);
  const decode = () => sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

  const sample = await decode()
    .resize(BACKGROUND_SAMPLE_SIZE.width, BACKGROUND_SAMPLE_SIZE.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  facts.backgroundPlain = measureBackground(sample.data, sample.info.width, sample.info.height, sample.info.channels).plain;
  const small = await decode()
    .resize(FACE_INPUT_SIZE, FACE_INPUT_SIZE, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const boxes = await detector.detect(new Uint8Array(small.data), small.info.width, small.info.height);
  facts.faceCount = boxes.length;
  facts.faceAreaRatio = faceAreaRatioOf(boxes, small.info.width, small.info.height);
  const failures = failuresOf(checkUpload(rules, facts));
  if (failures.length > 0) throw new Error(`the portrait did not pass: ${JSON.stringify(failures)}`);

  let stored = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate().jpeg({ quality: 90 });
  if (facts.dpi !== null && facts.dpi > 0) stored = stored.withDensity(facts.dpi).withExif({});
  await stored.toFile(`${file}.clean`);
  await fs.promises.rename(`${file}.clean`, file);
}
