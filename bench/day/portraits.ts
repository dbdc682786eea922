/**
 * Upload-ready portraits for the registration-day bench: the pictures of the face verdict set
 * (tests/server/fixtures/face-verdicts) that pass the photo rule, real faces cut from real
 * photographs on a plain backdrop, scaled to what a guest uploads (900×1200, 300 dpi) and
 * encoded so the file lands inside the rule's byte bounds (the set keeps them small). Each one
 * is checked here against the photo rule as the server judges it, sizes included, so the bench
 * never counts a refused photo as the server's error.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { checkUpload, failuresOf } from '../../src/shared/upload-rules.js';
import { FaceDetector } from '../../src/server/uploads/face-detector.js';
import { inspectFile } from '../../src/server/uploads/file-inspection.js';
import { uploadRulesNamed } from '../../src/server/uploads/upload-rule-catalogue.js';
import { SET_DIR, type ExpectedVerdict } from '../../tests/server/fixtures/face-verdicts/verdict.js';

export interface Portrait {
  /** the verdict set's file it was made from */
  source: string;
  jpeg: Buffer;
}

const WIDTH = 900;
const HEIGHT = 1200;

/** The passing pictures of the verdict set, each as a 900×1200 JPEG the photo rule accepts whole. */
export async function uploadPortraits(workDir: string): Promise<Portrait[]> {
  const rules = uploadRulesNamed('photo');
  if (!rules) throw new Error('no photo rule in the schemas');
  const expected = JSON.parse(fs.readFileSync(path.join(SET_DIR, 'verdicts.json'), 'utf8')) as ExpectedVerdict[];
  const passing = expected.filter((entry) => entry.verdict === 'passed');
  // a generous limit: on a loaded machine the worker's first detection (model and WebAssembly
  // loading) can pass the server's 10 s, and a picture would be dropped for it
  const detector = new FaceDetector({ workers: 1, timeLimitMs: 120_000 });
  const refused: string[] = [];
  const portraits: Portrait[] = [];
  try {
    for (const entry of passing) {
      // the smallest quality that reaches the rule's lower bound: what a camera's export weighs
      let jpeg: Buffer | null = null;
      for (const quality of [90, 94, 97, 99]) {
        const candidate = await sharp(path.join(SET_DIR, entry.file))
          .resize(WIDTH, HEIGHT)
          .jpeg({ quality, chromaSubsampling: '4:4:4' })
          .withMetadata({ density: 300 })
          .toBuffer();
        if (candidate.length >= (rules.minBytes ?? 0) && candidate.length <= (rules.maxBytes ?? Infinity)) {
          jpeg = candidate;
          break;
        }
      }
      if (!jpeg) {
        refused.push(`${entry.file}: no quality lands within the byte bounds`);
        continue;
      }
      const file = path.join(workDir, `portrait-${entry.file}`);
      fs.writeFileSync(file, jpeg);
      const inspection = await inspectFile({
        filePath: file,
        bytes: jpeg.length,
        extension: 'jpg',
        rules,
        complete: true,
        faceDetector: detector,
        onDetectorError: (error) => {
          throw error;
        },
      });
      // the inspection re-encodes the file in place: the upload sends the bytes made above
      fs.rmSync(file, { force: true });
      const failed =
        inspection.kind === 'measured' ? failuresOf(checkUpload(rules, inspection.facts)).map((f) => f.key) : [inspection.kind];
      if (failed.length === 0) portraits.push({ source: entry.file, jpeg });
      else refused.push(`${entry.file}: ${failed.join(', ')}`);
    }
  } finally {
    await detector.close();
  }
  if (portraits.length === 0) throw new Error(`no portrait of the verdict set passes the photo rule at upload size: ${refused.join('; ')}`);
  return portraits;
}
