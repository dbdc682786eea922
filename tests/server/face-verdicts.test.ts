/**
 * The photo rule's verdicts on a committed set of real-photo portraits and non-portraits
 * (tests/server/fixtures/face-verdicts: sources, licences and how they were cut in its README)
 * stay those recorded with tfjs' pure-JS cpu backend, now that detection runs on WebAssembly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FaceDetector } from '../../src/server/uploads/face-detector.js';
import { photoVerdict, SET_DIR, type ExpectedVerdict } from './fixtures/face-verdicts/verdict.js';

const expected = JSON.parse(fs.readFileSync(path.join(SET_DIR, 'verdicts.json'), 'utf8')) as ExpectedVerdict[];
const detector = new FaceDetector({ timeLimitMs: 60_000 });
afterAll(() => detector.close());

describe('face verdict set', () => {
  it('holds at least 30 real-photo pictures, portraits and non-portraits, passing and refused', () => {
    const real = expected.filter((entry) => entry.source.startsWith('@vladmandic') || entry.source.startsWith('autocannon'));
    expect(real.length).toBeGreaterThanOrEqual(30);
    expect(new Set(expected.map((entry) => entry.kind))).toEqual(new Set(['portrait', 'non-portrait']));
    expect(new Set(expected.map((entry) => entry.verdict))).toEqual(new Set(['passed', 'refused']));
    expect(fs.readdirSync(SET_DIR).filter((name) => name.endsWith('.jpg'))).toHaveLength(expected.length);
  });

  it('gives every picture the verdict recorded on the cpu backend', { timeout: 300_000 }, async () => {
    const differences: string[] = [];
    for (const entry of expected) {
      const { verdict, failed, faces } = await photoVerdict(path.join(SET_DIR, entry.file), detector);
      const now = { verdict, failed, faces };
      const then = { verdict: entry.verdict, failed: entry.failed, faces: entry.faces };
      if (JSON.stringify(now) !== JSON.stringify(then)) differences.push(`${entry.file}: ${JSON.stringify(then)} → ${JSON.stringify(now)}`);
    }
    expect(differences).toEqual([]);
  });
});
