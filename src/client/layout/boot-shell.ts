import { useLayoutEffect } from 'react';
import { BOOT_SHELL_ID } from '../../shared/boot-shell';

/**
 * Removes the HTML document's static shell (src/shared/boot-shell.ts) in the commit that paints
 * the layout standing in its place: never a frame without either, and never both (the shell is
 * hidden from assistive technology, but a test or a user would otherwise see two titles).
 */
export function useBootShellReplaced(): void {
  useLayoutEffect(() => {
    document.getElementById(BOOT_SHELL_ID)?.remove();
  }, []);
}
