/**
 * The static shell of the first screen: markup in the HTML document itself, painted before any
 * script has arrived (a first visit on a phone network waits seconds for the scripts), and
 * removed by the React layout that replaces it (src/client/layout/boot-shell.ts).
 * index.html carries the shell of the common layout (header and footer); the sign-in document,
 * the same page with the sign-in card's shell, is what a signed-out visitor bound for /login gets.
 * Written by scripts/boot-shell-plugin.ts at build time.
 */
export const BOOT_SHELL_ID = 'boot-shell';
export const SIGN_IN_DOCUMENT = 'sign-in.html';
