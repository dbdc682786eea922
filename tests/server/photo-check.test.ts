/**
 * The photo check decodes a JPEG once and makes the background sample, the detector's input and
 * the stored copy from those pixels: a passing photo is replaced by that copy, a refused one
 * leaves nothing beside it, and a picture too large to hold decoded is still checked from the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReceivedFile } from '../../src/server/uploads/check-received.js';
import { DECODE_ONCE_MAX_PIXELS } from '../../src/server/uploads/decoded-picture.js';
import { FaceDetector } from '../../src/server/uploads/face-detector.js';
import type { UploadRules } from '../../src/shared/upload-rules.js';
import { photoRules } from './fixtures/face-verdicts/verdict.js';
import { portrait } from './uploads-fixtures.js';

const detector = new FaceDetector({ workers: 1, timeLimitMs: 60_000 });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-check-'));
let passing: Buffer;

beforeAll(async () => {
  passing = await portrait();
}, 120_000);
afterAll(async () => {
  await detector.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function checked(photo: Buffer, name: string, rules: UploadRules = photoRules()) {
  const file = path.join(dir, name);
  await fs.promises.writeFile(file, photo);
  const result = await checkReceivedFile({
    received: { rule: 'photo', fileName: 'portrait.jpg', bytes: photo.length, complete: true },
    incoming: file,
    rules,
    faceDetector: detector,
    log: pino({ level: 'silent' }),
    cutOffMaxBytes: 0,
    rejectedError: 'photoRejected',
  });
  return { result, file, beside: fs.readdirSync(dir).filter((entry) => entry.startsWith(name)) };
}

describe('photo check', () => {
  it('stores a passing photo as the copy encoded from the pixels it measured: no metadata but the density', async () => {
    const withArtist = await sharp(passing)
      .withExif({ IFD0: { Artist: 'a camera owner' } })
      .withDensity(300)
      .jpeg({ quality: 92 })
      .toBuffer();
    const { result, file, beside } = await checked(withArtist, 'pass.jpg');
    expect(result).toMatchObject({ kind: 'passed', notChecked: [] });
    expect(beside).toEqual(['pass.jpg']);
    const stored = fs.readFileSync(file);
    expect(result.kind === 'passed' && result.facts.bytes).toBe(stored.length);
    expect(stored.includes('a camera owner')).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ width: 900, height: 1200, density: 300 });
  });

  it('leaves nothing beside a refused photo', async () => {
    const { result, beside } = await checked(await portrait({ face: false }), 'no-face.jpg');
    expect(result).toMatchObject({ kind: 'refused', error: 'photoRejected' });
    expect(beside).toEqual(['no-face.jpg']);
  });

  it('checks a JPEG too large to hold decoded from the file, step by step', { timeout: 60_000 }, async () => {
    const [width, height] = [3024, 4032];
    expect(width * height).toBeGreaterThan(DECODE_ONCE_MAX_PIXELS);
    const large = await sharp(passing).resize(width, height).withDensity(300).jpeg({ quality: 80 }).toBuffer();
    const { result, file, beside } = await checked(large, 'large.jpg');
    expect(result).toMatchObject({ kind: 'passed', notChecked: [] });
    expect(beside).toEqual(['large.jpg']);
    expect(await sharp(file).metadata()).toMatchObject({ width, height, density: 300 });
  });
  // what it costs beside the check before (a decode per sample) is measured in the bench (npm run bench -- photo-check), not here
});
