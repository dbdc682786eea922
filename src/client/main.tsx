import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerAppCatalogue } from './app/catalogue/register-app-catalogue';
import { CORE_NAMESPACES, setupI18n } from './i18n/i18n-setup';
import { readLanguagePreference } from './i18n/language-preference';

async function start() {
  registerAppCatalogue();
  // feature namespaces come with their screens (router/lazy-screen.ts)
  await setupI18n(readLanguagePreference(), CORE_NAMESPACES);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing in index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
