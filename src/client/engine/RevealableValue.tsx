import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { RevealButton, useReveal } from './use-reveal';

/** A masked value (370202********1234) of a read-only document with a "显示" / "Show" button (use-reveal.tsx). */
export function RevealableValue({
  masked,
  label,
  reveal,
  path,
}: {
  masked: string;
  label: string;
  reveal: () => Promise<string>;
  path: string;
}) {
  const t = useKeyTranslation();
  const revealed = useReveal(reveal);
  return (
    <Box component="dd" sx={{ m: 0, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-field={path}>
      <Typography component="span" sx={{ wordBreak: 'break-word' }} data-testid="revealable-value">
        {revealed.shown ?? masked}
      </Typography>
      <RevealButton label={label} reveal={revealed} />
      {revealed.failed && (
        <Typography component="span" color="error" role="alert">
          {t('readOnly.revealFailed')}
        </Typography>
      )}
    </Box>
  );
}
