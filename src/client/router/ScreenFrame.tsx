import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../i18n/translate-key';
import { setRouteTitle } from './route-title';

/** Sets the page title ("route name - summit name", SPEC section 2) and waits for the screen chunk. */
export function ScreenFrame({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const title = translateKey(titleKey);
  useEffect(() => {
    document.title = `${title} - ${t('app.summitName')}`;
    setRouteTitle(title);
  }, [title, t]);
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
