import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { extensionOf } from '../../shared/file-signatures.js';
import type { UploadErrorName } from '../../shared/upload-errors.js';
import {
  checkUpload,
  failuresOf,
  formatBytes,
  notCheckedOf,
  type MeasuredFile,
  type RuleOutcome,
  type UploadRules,
} from '../../shared/upload-rules.js';
import type { FaceDetector } from './face-detector.js';
import { inspectFile } from './file-inspection.js';
import { reencodePicture, type Reencoded } from './picture-reencode.js';
import type { ReceivedFile } from './receive-upload.js';
import { sanitiseFileName } from './file-name.js';
import { newRandomName } from './upload-storage.js';

export type CheckedFile =
  | { kind: 'passed'; facts: MeasuredFile; notChecked: string[] }
  | { kind: 'refused'; error: UploadErrorName; failures: RuleOutcome[]; params: Record<string, unknown> };

export interface CheckInput {
  received: ReceivedFile;
  /** where the received bytes are */
  incoming: string;
  rules: UploadRules;
  faceDetector: FaceDetector;
  log: FastifyBaseLogger;
  /** the size named when the parser cut the file off although no rule failed */
  cutOffMaxBytes: number;
  /** the error a rule failure is answered with */
  rejectedError: UploadErrorName;
}

/** Pictures decoded in full and stored re-encoded (picture-reencode.ts). */
const PICTURES = new Set(['image/jpeg', 'image/png']);

/** Inspects a received file and checks it against its rules: what every upload path does before it keeps a file. */
export async function checkReceivedFile(input: CheckInput): Promise<CheckedFile> {
  const { received, rules } = input;
  // a photo decoded for its rules is re-encoded from those same pixels, here (see keepPicture)
  const reencodeTo = `${input.incoming}.clean`;
  const inspection = await inspectFile({
    filePath: input.incoming,
    bytes: received.bytes,
    extension: extensionOf(received.fileName),
    rules,
    complete: received.complete,
    faceDetector: input.faceDetector,
    onDetectorError: (error) => input.log.warn({ err: error }, 'face detector unavailable: face rule not checked'),
    reencodeTo,
  });
  if (inspection.kind !== 'measured') {
    const params = inspection.kind === 'pixelCap' ? { width: inspection.width, height: inspection.height } : {};
    return { kind: 'refused', error: inspection.kind, failures: [], params };
  }
  const outcomes = checkUpload(rules, inspection.facts);
  const failures = failuresOf(outcomes);
  if (!received.complete && failures.length === 0) {
    // cut off by the parser's cap although the rule states no maxBytes: too big all the same
    failures.push({
      rule: 'maxBytes',
      status: 'failed',
      key: 'upload.rules.fileTooBig',
      params: { max: formatBytes(input.cutOffMaxBytes) },
    });
  }
  if (failures.length > 0) {
    if (inspection.reencoded) await fs.promises.rm(reencodeTo, { force: true });
    return { kind: 'refused', error: input.rejectedError, failures, params: {} };
  }
  const facts = { ...inspection.facts };
  if (facts.mime !== null && PICTURES.has(facts.mime)) {
    // what is kept is the re-encoded picture: its size is the stored file's
    const reencoded = await keepPicture(input.incoming, reencodeTo, inspection.reencoded, facts.mime, facts.dpi);
    if (reencoded.kind === 'unreadable') return { kind: 'refused', error: 'unreadable', failures: [], params: {} };
    facts.bytes = reencoded.bytes;
  }
  return { kind: 'passed', facts, notChecked: notCheckedOf(outcomes).map((outcome) => outcome.rule) };
}

/** Puts the re-encoded copy in place of the received file: the one made while inspecting, or a new one. */
async function keepPicture(
  incoming: string,
  reencodeTo: string,
  made: Reencoded | undefined,
  mime: string,
  density: number | null,
): Promise<Reencoded> {
  if (!made) return reencodePicture(incoming, mime, density);
  if (made.kind === 'reencoded') await fs.promises.rename(reencodeTo, incoming);
  return made;
}

/** The columns every kept file's row has: what the check measured, the sanitised name and a fresh storage name. */
export function keptFileColumns(received: ReceivedFile, facts: MeasuredFile) {
  return {
    mime: facts.mime ?? 'application/octet-stream',
    bytes: facts.bytes,
    width: facts.width,
    height: facts.height,
    original_name: sanitiseFileName(received.fileName),
    storage_name: newRandomName(),
  };
}
