/**
 * Lets non-React code (the API client) navigate through the router. The router registers its
 * navigate function on mount; before that a full page load does the job.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let current: Navigate | null = null;

export function registerNavigator(navigate: Navigate | null): void {
  current = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (current) current(path, options);
  else window.location.assign(path);
}
