import i18next from 'i18next';
import { askConfirm, showToast } from '../feedback/feedback-store';
import { navigateTo } from '../router/navigator';
import { getSession } from '../session/session-store';
import { clearSignedInMarker, hasSignedInMarker } from '../session/signed-in-marker';
import { pageLocation } from '../util/page-location';
import { createHttpClient } from './http-client';

/** The one API client of the running app, wired to the real toasts, dialog, router and session marker. */
export const http = createHttpClient({
  isSignedIn: () => hasSignedInMarker(),
  getLanguage: () => getSession().language,
  ports: {
    t: (key) => i18next.t(key, { ns: 'client' }),
    toastError: (message, durationMs) => showToast(message, 'error', durationMs),
    confirm: (request) => askConfirm(request),
    navigate: (path) => navigateTo(path),
    clearToken: clearSignedInMarker,
    reload: () => pageLocation.reload(),
  },
});
