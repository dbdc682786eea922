import Button from '@mui/material/Button';
import { useState } from 'react';
import { looksMasked } from '../../shared/sensitive-fields';
import { useKeyTranslation } from '../i18n/use-key-translation';

/**
 * A masked value inside a list cell (138****0007) with a "显示 / Show" button: the full value is
 * asked for only on this click (the server checks the role and writes the showing to the audit
 * log) and kept in this cell's state only, never in a draft or a cache. The inline form of
 * RevealableValue (which is a `dd` of a read-only document).
 */
export function RevealableInline({ masked, label, reveal, testId }: { masked: string; label: string; reveal: () => Promise<string>; testId?: string }) {
  const t = useKeyTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  if (!masked) return null;
  // a value answered whole (nothing masked) has nothing to show
  if (!looksMasked(masked)) return <span data-testid={testId}>{masked}</span>;
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
    <span data-testid={testId}>
      <span data-testid="revealable-value">{shown ?? masked}</span>
      {shown === null && (
        <Button size="small" variant="text" onClick={() => void show()} disabled={state === 'busy'} aria-label={t('readOnly.revealLabel', { field: label })} data-testid="reveal-button">
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
