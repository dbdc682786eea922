import { useState } from 'react';

/**
 * True from the first render where `neededNow` is: a part loaded on first need (a dialog, a
 * menu) stays mounted afterwards, so that it closes with its transition instead of vanishing.
 */
export function useNeededOnce(neededNow: boolean): boolean {
  const [needed, setNeeded] = useState(neededNow);
  if (neededNow && !needed) setNeeded(true);
  return needed || neededNow;
}
