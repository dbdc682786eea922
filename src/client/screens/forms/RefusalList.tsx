import Alert from '@mui/material/Alert';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import type { Refusal } from './model/protected-rules';

/** Why an edit was refused, one sentence each: what happened, what to do instead. */
export function RefusalList({ refusals }: { refusals: readonly Refusal[] }) {
  const t = useKeyTranslation();
  if (refusals.length === 0) return null;
  return (
    <Alert severity="error" data-testid="field-refused">
      {refusals.map((refusal, index) => (
        <div key={index}>
          {t(`forms.refused.${refusal.reason}`, { field: refusal.field, limit: refusal.limit ? t(`forms.limits.${refusal.limit}`) : '' })}
        </div>
      ))}
    </Alert>
  );
}
