import { flushSync } from 'react-dom';

/**
 * Text typed into a form input reaches the RJSF form in a React transition
 * (widgets/BufferedInputTemplate.tsx): the keystroke paints first and the whole-form re-render
 * follows, interruptible by the next key. Until that transition commits, the text is "pending";
 * these hand every pending text to its form at once, where the form must be up to date now:
 * before a submit is validated, and before the drafts are written when the page goes away.
 */
const pending = new Set<() => void>();

/** Registers an input's pending text; the returned function forgets it (committed or unmounted). */
export function holdTypedText(commit: () => void): () => void {
  pending.add(commit);
  return () => pending.delete(commit);
}

/** Hands every pending text to its form, in the current (urgent) update. */
export function commitTypedInputs(): void {
  for (const commit of [...pending]) commit();
  pending.clear();
}

/** Same, rendered and committed before returning (page hiding: no later task will run). */
export function commitTypedInputsNow(): void {
  if (pending.size === 0) return;
  flushSync(commitTypedInputs);
}
