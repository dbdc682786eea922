/** Full page loads, in one place so unit tests can replace them (jsdom cannot navigate). */
export const pageLocation = {
  reload: (): void => window.location.reload(),
  replace: (url: string): void => window.location.replace(url),
};
