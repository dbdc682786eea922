import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useKeyTranslation } from '../i18n/use-key-translation';

/** A card of a console screen headed by a level-2 heading (`<name>-title`): a create form, a list beside it. */
export function ConsoleSection({
  name,
  titleKey,
  maxWidth,
  children,
}: {
  name: string;
  titleKey: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  const t = useKeyTranslation();
  return (
    <Paper sx={{ p: 2, minWidth: 0, maxWidth }} component="section" aria-labelledby={`${name}-title`}>
      <Typography component="h2" variant="h6" id={`${name}-title`} sx={{ mb: 1 }}>
        {t(titleKey)}
      </Typography>
      {children}
    </Paper>
  );
}
