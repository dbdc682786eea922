import fs from 'node:fs';
import type { Metadata, Sharp } from 'sharp';
import { loadSharp } from '../lazy-modules.js';
import { chooseMime, sniffMimeTypes, SNIFF_BYTES } from '../../shared/file-signatures.js';
import { jpegDensity } from '../../shared/jpeg-density.js';
import { faceAreaRatioOf, needsPixels, sniffedFacts, type MeasuredFile, type UploadRules } from '../../shared/upload-rules.js';
import { backgroundIsPlain, type RawPicture } from './background-sample.js';
import { DECODE_ONCE_MAX_PIXELS, decodeInFull, MAX_INPUT_PIXELS, pipelineOf } from './decoded-picture.js';
import { FACE_INPUT_KERNEL, FACE_INPUT_SIZE, type FaceDetector } from './face-detector.js';
import { encodeDecoded, type Reencoded } from './picture-reencode.js';

export { MAX_INPUT_PIXELS } from './decoded-picture.js';

export type Inspection =
  /**
   * `reencoded`: the stored copy, encoded from the pixels the rules were measured on and
   * written to `InspectInput.reencodeTo` (asked for, and a JPEG decoded once); otherwise none
   */
  | { kind: 'measured'; facts: MeasuredFile; reencoded?: Reencoded }
  /** the header claims more pixels than MAX_INPUT_PIXELS: refused undecoded */
  | { kind: 'pixelCap'; width: number; height: number }
  /** the content looks like a picture but sharp cannot read it */
  | { kind: 'unreadable' };

export interface InspectInput {
  filePath: string;
  bytes: number;
  extension: string;
  rules: UploadRules;
  /** false: the file was cut off at the size limit; only the type and size are judged */
  complete: boolean;
  /** runs the face detection (in its worker thread) when the rule asks about faces */
  faceDetector: FaceDetector;
  onDetectorError?: (error: unknown) => void;
  /**
   * Where to write the stored copy when the pixels are decoded anyway: it is encoded from them
   * at once, so they are held only for the few milliseconds of sharp's work, not while the
   * photo waits for a face worker
   */
  reencodeTo?: string;
}

async function readHead(filePath: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Measures what the file's rules ask about: sniffed type, size, pixels, dpi, face, background. */
export async function inspectFile(input: InspectInput): Promise<Inspection> {
  const { rules } = input;
  const head = await readHead(input.filePath);
  const mime = chooseMime(sniffMimeTypes(head), rules.accept);
  const { facts, decode } = sniffedFacts(mime, rules, { extension: input.extension, bytes: input.bytes, count: 1 });
  // a file of a type the rule refuses, or cut off, is never decoded
  if (!input.complete || !decode) return { kind: 'measured', facts };

  let metadata: Metadata;
  try {
    // header only: nothing is decoded here, so sharp's own pixel limit is not needed yet
    const sharp = await loadSharp();
    metadata = await sharp(input.filePath, { limitInputPixels: false }).metadata();
  } catch {
    return { kind: 'unreadable' };
  }
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) return { kind: 'pixelCap', width, height };
  facts.width = width;
  facts.height = height;
  // sharp reports 72 when a JPEG states no density; "not stated" must stay "not checked"
  const stated = mime === 'image/jpeg' ? jpegDensity(head) : (metadata.density ?? null);
  facts.dpi = stated === null ? null : (metadata.density ?? stated);

  if (needsPixels(rules)) {
    try {
      const reencoded = await measurePixels(input, facts);
      return { kind: 'measured', facts, reencoded };
    } catch {
      if (input.reencodeTo) await fs.promises.rm(input.reencodeTo, { force: true });
      return { kind: 'unreadable' };
    }
  }
  return { kind: 'measured', facts };
}

const decodeFile = async (filePath: string) =>
  (await loadSharp())(filePath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

interface Samples {
  plain: boolean | null;
  /** the detector's input: RGB scaled to fit FACE_INPUT_SIZE */
  face: RawPicture | null;
  reencoded: Reencoded | undefined;
}

/**
 * Background sample, the detector's input and (when asked) the stored copy. A JPEG of up to
 * DECODE_ONCE_MAX_PIXELS is decoded once and all three are made from its pixels, instead of
 * decoding the file for each; larger pictures are decoded from the file for each sample. The
 * background is measured on the detector's input halved when it can be (background-sample.ts).
 * The decoded pixels live only in this function: they are let go before the face detection,
 * which may wait for a worker.
 */
async function samplePixels(input: InspectInput, facts: MeasuredFile): Promise<Samples> {
  const { rules } = input;
  const once = facts.mime === 'image/jpeg' && (facts.width ?? 0) * (facts.height ?? 0) <= DECODE_ONCE_MAX_PIXELS;
  const decoded = once ? await decodeInFull(input.filePath) : null;
  const pixels = (): Promise<Sharp> => (decoded ? pipelineOf(decoded) : decodeFile(input.filePath));

  const face = async (): Promise<RawPicture | null> => {
    if (rules.faceAreaMin === undefined && rules.faceAreaMax === undefined) return null;
    const small = await (
      await pixels()
    )
      .resize(FACE_INPUT_SIZE, FACE_INPUT_SIZE, { fit: 'inside', kernel: FACE_INPUT_KERNEL })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: small.data, width: small.info.width, height: small.info.height, channels: small.info.channels };
  };
  const faceAndBackground = async () => {
    const small = await face();
    return { small, plain: rules.plainBackground ? await backgroundIsPlain(small, pixels) : null };
  };
  const stored = async () => (decoded && input.reencodeTo ? encodeDecoded(decoded, input.reencodeTo, 'image/jpeg', facts.dpi) : undefined);
  // side by side on sharp's threads; both are awaited before a failure is reported, so no
  // stored copy is written after it was dropped
  const [samples, reencoded] = await Promise.allSettled([faceAndBackground(), stored()]);
  for (const outcome of [samples, reencoded]) if (outcome.status === 'rejected') throw outcome.reason;
  return {
    plain: samples.status === 'fulfilled' ? samples.value.plain : null,
    face: samples.status === 'fulfilled' ? samples.value.small : null,
    reencoded: reencoded.status === 'fulfilled' ? reencoded.value : undefined,
  };
}

async function measurePixels(input: InspectInput, facts: MeasuredFile): Promise<Reencoded | undefined> {
  const { plain, face, reencoded } = await samplePixels(input, facts);
  if (plain !== null) facts.backgroundPlain = plain;
  if (face) {
    try {
      const boxes = await input.faceDetector.detect(new Uint8Array(face.data), face.width, face.height);
      facts.faceCount = boxes.length;
      facts.faceAreaRatio = faceAreaRatioOf(boxes, face.width, face.height);
    } catch (error) {
      // the detector could not run: the face rule is "not checked", not passed
      input.onDetectorError?.(error);
    }
  }
  return reencoded;
}
