import Button from '@mui/material/Button';
import { useState } from 'react';
import { temporaryApi } from '../../api/temporary-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/**
 * A registration's mobile as the review list answers it (masked), with a "显示 / Show" button:
 * the full value is asked for only on this click (organisers; the server writes the showing to
 * the audit log) and kept in this cell's state only.
 */
export function TemporaryMobile({ id, masked }: { id: string; masked: string }) {
  const t = useKeyTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  if (!masked) return null;
  async function show() {
    setState('busy');
    try {
      setShown((await temporaryApi.revealMobile(id)).value);
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <span data-testid="temporary-mobile">
      <span data-testid="revealable-value">{shown ?? masked}</span>
      {shown === null && (
        <Button size="small" variant="text" onClick={() => void show()} disabled={state === 'busy'} aria-label={t('readOnly.revealLabel', { field: t('temporary.review.columns.mobile') })} data-testid="reveal-button">
          {t('readOnly.reveal')}
        </Button>
      )}
      {state === 'failed' && (
        <span role="alert" style={{ color: 'inherit' }}>
          {t('readOnly.revealFailed')}
        </span>
      )}
    </span>
  );
}
