/**
 * The upload rules of a field are DATA: the `x-upload` keyword of its schema (schemas/README.md).
 * This module only compares what was measured about a file with those rules; the browser (before
 * sending) and the server (after receiving) run the same function. No limit is written here.
 */

export interface UploadRules {
  /** accepted MIME types (compared with the type sniffed from the content, never the name) */
  accept?: string[];
  /** accepted file-name extensions, lower case, without the dot */
  extensions?: string[];
  minBytes?: number;
  maxBytes?: number;
  maxCount?: number;
  minWidth?: number;
  minHeight?: number;
  /** width / height, e.g. 0.75 for 3:4 */
  aspectRatio?: number;
  minDpi?: number;
  /** share of the picture's area taken by the face box, 0..1 */
  faceAreaMin?: number;
  faceAreaMax?: number;
  plainBackground?: boolean;
}

export type UploadRuleName = keyof UploadRules;

/** What was measured about one file; null = could not be measured (the rule is then "not checked"). */
export interface MeasuredFile {
  /** MIME type sniffed from the magic bytes, null when unknown */
  mime: string | null;
  /** extension of the file name (lower case, no dot); undefined = not considered, null/'' = none */
  extension?: string | null;
  bytes: number;
  width: number | null;
  height: number | null;
  dpi: number | null;
  faceAreaRatio: number | null;
  faceCount: number | null;
  backgroundPlain: boolean | null;
  /** files in the field once this one is added */
  count: number;
}

/** The types both sides decode to measure (the browser with createImageBitmap, the server with sharp). */
const DECODED = new Set(['image/jpeg', 'image/png']);

/**
 * Where the browser and the server start measuring a file: its sniffed type and size, every
 * other fact "not checked" yet; `decode` says whether the rest may be measured (a type the rule
 * refuses, or one neither side decodes, is never decoded).
 */
export function sniffedFacts(
  mime: string | null,
  rules: UploadRules,
  file: { extension: MeasuredFile['extension']; bytes: number; count: number },
): { facts: MeasuredFile; decode: boolean } {
  const facts: MeasuredFile = {
    mime,
    extension: file.extension,
    bytes: file.bytes,
    width: null,
    height: null,
    dpi: null,
    faceAreaRatio: null,
    faceCount: null,
    backgroundPlain: null,
    count: file.count,
  };
  const accepted = mime !== null && (!rules.accept?.length || rules.accept.includes(mime));
  return { facts, decode: accepted && DECODED.has(mime) };
}

export interface RuleOutcome {
  rule: UploadRuleName;
  /** failed: the file breaks the rule; notChecked: the fact could not be measured here */
  status: 'failed' | 'notChecked';
  /** i18n key (namespace `upload`) */
  key: string;
  params: Record<string, unknown>;
}

/**
 * Measurement tolerance of the aspect ratio (1 %): a 3:4 photo cropped by hand to 601x800 is
 * still 3:4. It is not a rule of the form, so it is not in the schema.
 */
export const ASPECT_RATIO_TOLERANCE = 0.01;

const KEY = 'upload.rules';

/** Reads the `x-upload` rules of a (resolved) field schema, or null when it has none. */
export function uploadRulesOf(schema: unknown): UploadRules | null {
  if (!schema || typeof schema !== 'object') return null;
  const rules = (schema as Record<string, unknown>)['x-upload'];
  return rules && typeof rules === 'object' ? (rules as UploadRules) : null;
}

/** 1048576 -> "1 MB", 204800 -> "200 KB" (one decimal at most) */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** "0.75" -> "3:4" for the ratios people know; otherwise the number. */
export function formatAspectRatio(ratio: number): string {
  for (let height = 1; height <= 20; height += 1) {
    const width = ratio * height;
    if (Math.abs(width - Math.round(width)) < 1e-6) return `${Math.round(width)}:${height}`;
  }
  return String(ratio);
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Whether every accepted type is a picture (its size message says "photo"). */
function acceptsOnlyImages(rules: UploadRules): boolean {
  return (rules.accept ?? []).length > 0 && (rules.accept ?? []).every((type) => type.startsWith('image/'));
}

function typesText(rules: UploadRules): string {
  const names = rules.extensions?.length ? rules.extensions : (rules.accept ?? []);
  return names.map((name) => name.toUpperCase()).join('/');
}

/** Compares the facts with the rules; an empty list means the file passes every rule. */
export function checkUpload(rules: UploadRules, file: MeasuredFile): RuleOutcome[] {
  const out: RuleOutcome[] = [];
  const fail = (rule: UploadRuleName, key: string, params: Record<string, unknown> = {}) =>
    out.push({ rule, status: 'failed', key: `${KEY}.${key}`, params });
  const unchecked = (rule: UploadRuleName, key: string) => out.push({ rule, status: 'notChecked', key: `${KEY}.${key}`, params: {} });

  if (rules.accept?.length && (file.mime === null || !rules.accept.includes(file.mime))) {
    const jpgOnly = rules.accept.length === 1 && rules.accept[0] === 'image/jpeg';
    fail('accept', jpgOnly ? 'jpgOnly' : 'accept', { types: typesText(rules) });
  }
  if (rules.extensions?.length && file.extension !== undefined) {
    const extension = (file.extension ?? '').toLowerCase();
    if (!rules.extensions.includes(extension)) fail('extensions', 'extensions', { types: typesText(rules) });
  }
  if (rules.maxBytes !== undefined && file.bytes > rules.maxBytes) {
    fail('maxBytes', acceptsOnlyImages(rules) ? 'photoSizeExceeded' : 'fileTooBig', { max: formatBytes(rules.maxBytes) });
  }
  if (rules.minBytes !== undefined && file.bytes < rules.minBytes) {
    fail('minBytes', 'fileTooSmall', { min: formatBytes(rules.minBytes) });
  }
  if (rules.maxCount !== undefined && file.count > rules.maxCount) fail('maxCount', 'tooManyFiles', { max: rules.maxCount });

  checkPixels(rules, file, fail, unchecked);
  checkFace(rules, file, fail, unchecked);
  if (rules.plainBackground) {
    if (file.backgroundPlain === null) unchecked('plainBackground', 'backgroundNotChecked');
    else if (!file.backgroundPlain) fail('plainBackground', 'backgroundNotPlain');
  }
  return out;
}

type Fail = (rule: UploadRuleName, key: string, params?: Record<string, unknown>) => void;
type Unchecked = (rule: UploadRuleName, key: string) => void;

function checkPixels(rules: UploadRules, file: MeasuredFile, fail: Fail, unchecked: Unchecked): void {
  const { width, height } = file;
  const needsSize = rules.minWidth !== undefined || rules.minHeight !== undefined || rules.aspectRatio !== undefined;
  if (needsSize && (width === null || height === null || width <= 0 || height <= 0)) {
    unchecked(rules.minWidth !== undefined ? 'minWidth' : rules.minHeight !== undefined ? 'minHeight' : 'aspectRatio', 'sizeNotChecked');
  } else if (width !== null && height !== null) {
    const tooNarrow = rules.minWidth !== undefined && width < rules.minWidth;
    const tooLow = rules.minHeight !== undefined && height < rules.minHeight;
    if (tooNarrow || tooLow) {
      fail(tooNarrow ? 'minWidth' : 'minHeight', 'tooFewPixels', {
        minWidth: rules.minWidth ?? 0,
        minHeight: rules.minHeight ?? 0,
        width,
        height,
      });
    }
    if (rules.aspectRatio !== undefined) {
      const ratio = width / height;
      if (Math.abs(ratio - rules.aspectRatio) / rules.aspectRatio > ASPECT_RATIO_TOLERANCE) {
        fail('aspectRatio', 'aspectRatio', { ratio: formatAspectRatio(rules.aspectRatio), width, height });
      }
    }
  }
  if (rules.minDpi !== undefined) {
    if (file.dpi === null) unchecked('minDpi', 'dpiNotChecked');
    else if (file.dpi < rules.minDpi) fail('minDpi', 'dpiTooLow', { min: rules.minDpi, dpi: Math.round(file.dpi) });
  }
}

function checkFace(rules: UploadRules, file: MeasuredFile, fail: Fail, unchecked: Unchecked): void {
  if (rules.faceAreaMin === undefined && rules.faceAreaMax === undefined) return;
  const rule: UploadRuleName = rules.faceAreaMin !== undefined ? 'faceAreaMin' : 'faceAreaMax';
  const range = { min: percent(rules.faceAreaMin ?? 0), max: percent(rules.faceAreaMax ?? 1) };
  if (file.faceCount === null) return unchecked(rule, 'faceNotChecked');
  if (file.faceCount === 0) return fail(rule, 'noFace', range);
  if (file.faceCount > 1) return fail(rule, 'oneFaceOnly', { count: file.faceCount });
  if (file.faceAreaRatio === null) return unchecked(rule, 'faceNotChecked');
  const share = { ...range, share: percent(file.faceAreaRatio) };
  if (rules.faceAreaMin !== undefined && file.faceAreaRatio < rules.faceAreaMin) fail('faceAreaMin', 'faceTooSmall', share);
  if (rules.faceAreaMax !== undefined && file.faceAreaRatio > rules.faceAreaMax) fail('faceAreaMax', 'faceTooLarge', share);
}

export const failuresOf = (outcomes: RuleOutcome[]) => outcomes.filter((o) => o.status === 'failed');
export const notCheckedOf = (outcomes: RuleOutcome[]) => outcomes.filter((o) => o.status === 'notChecked');

/** Whether the rules ask for anything only a decoded picture can tell (pixels, face, background). */
export function needsPixels(rules: UploadRules): boolean {
  return rules.faceAreaMin !== undefined || rules.faceAreaMax !== undefined || rules.plainBackground === true;
}

/** Face box area over picture area, from the boxes a detector found (largest face). */
export function faceAreaRatioOf(boxes: { width: number; height: number }[], width: number, height: number): number | null {
  if (boxes.length === 0 || width <= 0 || height <= 0) return null;
  const largest = Math.max(...boxes.map((box) => box.width * box.height));
  return largest / (width * height);
}
