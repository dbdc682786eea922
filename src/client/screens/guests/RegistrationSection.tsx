import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** One titled block of a read-only registration (guest detail, my registration). */
export function RegistrationSection({ titleKey, children, testId }: { titleKey: string; children: ReactNode; testId: string }) {
  const t = useKeyTranslation();
  return (
    <Paper sx={{ p: 2, mb: 2 }} component="section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Typography component="h2" variant="h6" id={`${testId}-title`} sx={{ mb: 1 }}>
        {t(titleKey)}
      </Typography>
      {children}
    </Paper>
  );
}
