import fs from 'node:fs';
import type { Metadata } from 'sharp';
import { loadSharp } from '../lazy-modules.js';
import { chooseMime, sniffMimeTypes, SNIFF_BYTES } from '../../shared/file-signatures.js';
import { jpegDensity } from '../../shared/jpeg-density.js';
import { BACKGROUND_SAMPLE_SIZE, measureBackground } from '../../shared/plain-background.js';
import { faceAreaRatioOf, needsPixels, sniffedFacts, type MeasuredFile, type UploadRules } from '../../shared/upload-rules.js';
import { FACE_INPUT_SIZE, type FaceDetector } from './face-detector.js';

/**
 * Pixel cap checked on the header BEFORE anything is decoded, and given to sharp as
 * `limitInputPixels` (its default allows ~268 megapixels: a 600 KB PNG can claim 14000x14000).
 * 30 megapixels holds any portrait photo a camera or phone makes (a 3:4 photo of 4740x6320).
 */
export const MAX_INPUT_PIXELS = 30_000_000;

export type Inspection =
  | { kind: 'measured'; facts: MeasuredFile }
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
      await measurePixels(input, facts);
    } catch {
      return { kind: 'unreadable' };
    }
  }
  return { kind: 'measured', facts };
}

const decode = async (filePath: string) => (await loadSharp())(filePath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

async function measurePixels(input: InspectInput, facts: MeasuredFile): Promise<void> {
  const { rules } = input;
  if (rules.plainBackground) {
    const sample = await (
      await decode(input.filePath)
    )
      .resize(BACKGROUND_SAMPLE_SIZE.width, BACKGROUND_SAMPLE_SIZE.height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    facts.backgroundPlain = measureBackground(sample.data, sample.info.width, sample.info.height, sample.info.channels).plain;
  }
  if (rules.faceAreaMin !== undefined || rules.faceAreaMax !== undefined) {
    const small = await (
      await decode(input.filePath)
    )
      .resize(FACE_INPUT_SIZE, FACE_INPUT_SIZE, { fit: 'inside' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    try {
      const boxes = await input.faceDetector.detect(new Uint8Array(small.data), small.info.width, small.info.height);
      facts.faceCount = boxes.length;
      facts.faceAreaRatio = faceAreaRatioOf(boxes, small.info.width, small.info.height);
    } catch (error) {
      // the detector could not run: the face rule is "not checked", not passed
      input.onDetectorError?.(error);
    }
  }
}
