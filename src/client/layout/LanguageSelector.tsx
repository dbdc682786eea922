import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_RELOAD_DELAY_MS, LANGUAGE_TOAST_MS, type Language } from '../../shared/constants';
import { showToast } from '../feedback/feedback-store';
import { writeLanguagePreference } from '../i18n/language-preference';
import { useSession } from '../session/session-store';
import { pageLocation } from '../util/page-location';
import { useNeededOnce } from '../util/use-needed-once';
import { LANGUAGE_NAMES } from './language-names';

// MUI's menu (popover, modal, focus trap) loads with the first click: it is on every page,
// the sign-in page included, whose cold load is held to 200 kB
const LanguageMenu = lazy(async () => ({ default: (await import('./LanguageMenu')).LanguageMenu }));

/** SPEC section 9: toast for 1000 ms, then reload 100 ms later; the choice is remembered. */
export function LanguageSelector({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const language = useSession((session) => session.language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useNeededOnce(anchor !== null);

  function choose(next: Language) {
    setAnchor(null);
    if (next === language) return;
    writeLanguagePreference(next);
    showToast(t('language.switched'), 'success', LANGUAGE_TOAST_MS);
    // the reload waits for the toast: one at 100 ms wiped it before anyone could read it
    window.setTimeout(() => pageLocation.reload(), LANGUAGE_TOAST_MS + LANGUAGE_RELOAD_DELAY_MS);
  }

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-label={`${LANGUAGE_NAMES[language]} (${t('language.select')})`}
        data-testid="language-selector"
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {LANGUAGE_NAMES[language]}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} language={language} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
