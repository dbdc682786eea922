import Button from '@mui/material/Button';
import { useState } from 'react';
import { useKeyTranslation } from '../i18n/use-key-translation';

/**
 * The state of one "显示 / Show": the full value is asked for only on the click (the server
 * checks the role and writes the showing to the audit log) and kept in the caller's state
 * only, never in a draft or a cache.
 */
export function useReveal(reveal: () => Promise<string>) {
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
  return { shown, busy: state === 'busy', failed: state === 'failed', show };
}

/** The Show button of a masked value, gone once the value is shown. */
export function RevealButton({ label, reveal }: { label: string; reveal: ReturnType<typeof useReveal> }) {
  const t = useKeyTranslation();
  if (reveal.shown !== null) return null;
  return (
    <Button
      size="small"
      variant="text"
      onClick={() => void reveal.show()}
      disabled={reveal.busy}
      aria-label={t('readOnly.revealLabel', { field: label })}
      data-testid="reveal-button"
    >
      {t('readOnly.reveal')}
    </Button>
  );
}
