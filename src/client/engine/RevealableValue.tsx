import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useKeyTranslation } from '../i18n/use-key-translation';

/**
 * A masked value (370202********1234) with a "显示" / "Show" button: the full value is asked
 * for only on this explicit click (the server checks the role and writes the showing to the
 * audit log) and is kept in this component's state only, never in a draft or a cache.
 */
export function RevealableValue({ masked, label, reveal, path }: { masked: string; label: string; reveal: () => Promise<string>; path: string }) {
  const t = useKeyTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  async function show() {
    setState('busy');
    try {
      setShown(await reveal());
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <Box component="dd" sx={{ m: 0, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-field={path}>
      <Typography component="span" sx={{ wordBreak: 'break-word' }} data-testid="revealable-value">
        {shown ?? masked}
      </Typography>
      {shown === null && (
        <Button size="small" variant="text" onClick={() => void show()} disabled={state === 'busy'} aria-label={t('readOnly.revealLabel', { field: label })} data-testid="reveal-button">
          {t('readOnly.reveal')}
        </Button>
      )}
      {state === 'failed' && (
        <Typography component="span" color="error" role="alert">
          {t('readOnly.revealFailed')}
        </Typography>
      )}
    </Box>
  );
}
