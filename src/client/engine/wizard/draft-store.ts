/**
 * Unsaved drafts of wizard steps in localStorage, so a reload or a closed tab loses nothing
 * that was typed. One entry per wizard, record and step; cleared when the step is saved.
 */
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

export function readDraft(wizardId: string, recordId: string | null, stepId: string): Document | null {
  try {
    const raw = window.localStorage.getItem(draftKey(wizardId, recordId, stepId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Document) : null;
  } catch {
    return null;
  }
}

export function writeDraft(wizardId: string, recordId: string | null, stepId: string, data: Document): void {
  try {
    window.localStorage.setItem(draftKey(wizardId, recordId, stepId), JSON.stringify(withoutDataUrls(data)));
  } catch {
    // storage full or disabled: the draft is a convenience, the saved steps are the record
  }
}

export function clearDraft(wizardId: string, recordId: string | null, stepId: string): void {
  try {
    window.localStorage.removeItem(draftKey(wizardId, recordId, stepId));
  } catch {
    // see writeDraft
  }
}

/** Drafts hold personal data (ID numbers): they end with the session that typed them. */
export function clearAllDrafts(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index));
    for (const key of keys) if (key?.startsWith(`${PREFIX}:`)) window.localStorage.removeItem(key);
  } catch {
    // see writeDraft
  }
}
