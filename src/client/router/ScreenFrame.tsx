import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { keyNamespaces, translateKey } from '../i18n/translate-key';
import { useNamespacesReady } from '../i18n/use-namespaces';
import { useTextsAdded } from '../i18n/use-texts-added';
import { setRouteTitle } from './route-title';

/** Sets the page title ("route name - summit name", SPEC section 2) and waits for the screen chunk. */
export function ScreenFrame({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  // re-rendered when texts arrive: a title in a feature's texts waits for them
  useTextsAdded();
  const { pathname } = useLocation();
  const textsReady = useNamespacesReady(keyNamespaces(titleKey));
  const translated = translateKey(titleKey);
  // until its texts are there a screen has no title: the raw key ("wish:epidemic.title") is never shown
  const title = textsReady && translated !== titleKey ? translated : '';
  useEffect(() => {
    if (title) document.title = `${title} - ${t('app.summitName')}`;
    setRouteTitle(pathname, title);
  }, [pathname, title, t]);
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}
