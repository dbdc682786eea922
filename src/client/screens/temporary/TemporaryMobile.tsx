import { temporaryApi } from '../../api/temporary-endpoints';
import { RevealableInline } from '../../engine/RevealableInline';
import { translateKey } from '../../i18n/translate-key';

/**
 * A registration's mobile as the review list answers it (masked), with a "显示 / Show" button
 * (organisers; the server writes the showing to the audit log).
 */
export function TemporaryMobile({ id, masked }: { id: string; masked: string }) {
  return (
    <RevealableInline
      testId="temporary-mobile"
      masked={masked}
      label={translateKey('temporary.review.columns.mobile')}
      reveal={async () => (await temporaryApi.revealMobile(id)).value}
    />
  );
}
