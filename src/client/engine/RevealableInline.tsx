import { looksMasked } from '../../shared/sensitive-fields';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { RevealButton, useReveal } from './use-reveal';

/**
 * A masked value inside a list cell (138****0007) with a "显示 / Show" button (use-reveal.tsx).
 * The inline form of RevealableValue (which is a `dd` of a read-only document).
 */
export function RevealableInline({
  masked,
  label,
  reveal,
  testId,
}: {
  masked: string;
  label: string;
  reveal: () => Promise<string>;
  testId?: string;
}) {
  const t = useKeyTranslation();
  const revealed = useReveal(reveal);
  if (!masked) return null;
  // a value answered whole (nothing masked) has nothing to show
  if (!looksMasked(masked)) return <span data-testid={testId}>{masked}</span>;
  return (
    <span data-testid={testId}>
      <span data-testid="revealable-value">{revealed.shown ?? masked}</span>
      <RevealButton label={label} reveal={revealed} />
      {revealed.failed && (
        <span role="alert" style={{ color: 'inherit' }}>
          {t('readOnly.revealFailed')}
        </span>
      )}
    </span>
  );
}
