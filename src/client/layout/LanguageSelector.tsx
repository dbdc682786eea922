import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_RELOAD_DELAY_MS, LANGUAGE_TOAST_MS, LANGUAGES, type Language } from '../../shared/constants';
import { showToast } from '../feedback/feedback-store';
import { writeLanguagePreference } from '../i18n/language-preference';
import { useSession } from '../session/session-store';
import { pageLocation } from '../util/page-location';

/** Language names are shown in their own language, so they are the same in every locale. */
const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '中文', en: 'English' };

/** SPEC section 9: toast for 1000 ms, reload after 100 ms; the choice is remembered. */
export function LanguageSelector({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const language = useSession((session) => session.language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  function choose(next: Language) {
    setAnchor(null);
    if (next === language) return;
    writeLanguagePreference(next);
    showToast(t('language.switched'), 'success', LANGUAGE_TOAST_MS);
    window.setTimeout(() => pageLocation.reload(), LANGUAGE_RELOAD_DELAY_MS);
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
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((code) => (
          <MenuItem key={code} selected={code === language} onClick={() => choose(code)} lang={code}>
            {LANGUAGE_NAMES[code]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
