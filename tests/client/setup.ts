import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { setupI18n } from '../../src/client/i18n/i18n-setup';

// Files that need Node's own fetch run with `@vitest-environment node`: no DOM to set up there.
const hasDom = typeof document !== 'undefined';

// Real locales (zh-CN, the default) so tests see what users see.
beforeAll(async () => {
  if (!hasDom) return;
  await setupI18n('zh-CN');
  // the app's operations and list cells, as main.tsx hands them to the engine
  const { registerAppCatalogue } = await import('../../src/client/app/catalogue/register-app-catalogue');
  registerAppCatalogue();
  // ...all of it at hand, as a signed-in page has it (the features' part loads on first need)
  const { listCellsReady } = await import('../../src/client/engine/list-cells');
  await listCellsReady();
  // lazy widgets load their chunks on first use; on a loaded 2-core machine that can take seconds
  // (10 s was passed at load 13, beside the browser files: the activity screen's first render)
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 20_000 });
});

afterEach(async () => {
  if (!hasDom) return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
