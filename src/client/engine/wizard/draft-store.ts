/**
 * Unsaved drafts of wizard steps in localStorage, so a reload or a closed tab loses nothing
 * that was typed. One entry per wizard, record and step; cleared when the step is saved.
 */
import { commitTypedInputsNow } from '../typed-input-buffer';

type Document = Record<string, unknown>;

const PREFIX = 'wizard-draft';

function draftKey(wizardId: string, recordId: string | null, stepId: string): string {
  return `${PREFIX}:${wizardId}:${recordId ?? 'new'}:${stepId}`;
}

/** Files are kept as references; a data URL in form state would be a bug, so it is never stored. */
function withoutDataUrls(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('data:') ? undefined : value;
  if (Array.isArray(value)) return value.map(withoutDataUrls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutDataUrls(inner)]));
  }
  return value;
}

/**
 * Typing writes the draft after a pause, not on every keystroke: serialising the whole step
 * into localStorage (synchronous) on each key was a measurable share of a keystroke's cost.
 * A pending draft is read back as if written, flushed when the page is hidden or closed
 * (pagehide), and dropped by clearDraft / clearAllDrafts.
 */
const DRAFT_WRITE_DELAY_MS = 400;
const pendingDrafts = new Map<string, { data: Document; timer: ReturnType<typeof setTimeout> }>();

function writeNow(key: string, data: Document): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(withoutDataUrls(data)));
  } catch {
    // storage full or disabled: the draft is a convenience, the saved steps are the record
  }
}

/** Writes every pending draft at once (page hidden, step left). */
export function flushPendingDrafts(): void {
  for (const [key, pending] of pendingDrafts) {
    clearTimeout(pending.timer);
    writeNow(key, pending.data);
  }
  pendingDrafts.clear();
}

// the text still on its way from an input to its form (typed-input-buffer.ts) is part of the draft
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    commitTypedInputsNow();
    flushPendingDrafts();
  });
}

/** The draft of a step being typed: written once typing pauses (see DRAFT_WRITE_DELAY_MS). */
export function scheduleDraftWrite(wizardId: string, recordId: string | null, stepId: string, data: Document): void {
  const key = draftKey(wizardId, recordId, stepId);
  const previous = pendingDrafts.get(key);
  if (previous) clearTimeout(previous.timer);
  const timer = setTimeout(() => {
    pendingDrafts.delete(key);
    writeNow(key, data);
  }, DRAFT_WRITE_DELAY_MS);
  pendingDrafts.set(key, { data, timer });
}

function dropPending(key: string): void {
  const pending = pendingDrafts.get(key);
  if (pending) clearTimeout(pending.timer);
  pendingDrafts.delete(key);
}

export function readDraft(wizardId: string, recordId: string | null, stepId: string): Document | null {
  const pending = pendingDrafts.get(draftKey(wizardId, recordId, stepId));
  if (pending) return pending.data;
  try {
    const raw = window.localStorage.getItem(draftKey(wizardId, recordId, stepId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Document) : null;
  } catch {
    return null;
  }
}

export function writeDraft(wizardId: string, recordId: string | null, stepId: string, data: Document): void {
  const key = draftKey(wizardId, recordId, stepId);
  dropPending(key);
  writeNow(key, data);
}

export function clearDraft(wizardId: string, recordId: string | null, stepId: string): void {
  dropPending(draftKey(wizardId, recordId, stepId));
  try {
    window.localStorage.removeItem(draftKey(wizardId, recordId, stepId));
  } catch {
    // see writeDraft
  }
}

/** Drafts hold personal data (ID numbers): they end with the session that typed them. */
export function clearAllDrafts(): void {
  for (const pending of pendingDrafts.values()) clearTimeout(pending.timer);
  pendingDrafts.clear();
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index));
    for (const key of keys) if (key?.startsWith(`${PREFIX}:`)) window.localStorage.removeItem(key);
  } catch {
    // see writeDraft
  }
}
