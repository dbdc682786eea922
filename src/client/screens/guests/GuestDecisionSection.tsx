import Button from '@mui/material/Button';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { GuestDetail } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { SchemaForm } from '../../engine/SchemaForm';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { RegistrationSection } from './RegistrationSection';

/**
 * Approve, or reject with a reason, the guest whose record is open: the review queue's
 * decision (the review-decision form and POST admin/review/decide, which notifies the unit and
 * writes the audit log) for one guest, after a confirmation that names the guest.
 */
export function GuestDecisionSection({
  guest,
  onDecided,
}: {
  guest: Pick<GuestDetail, 'id' | 'nameZh' | 'status'>;
  onDecided: () => void;
}) {
  const t = useKeyTranslation();
  return (
    <RegistrationSection titleKey="guest.review.decide" testId="record-decision">
      <SchemaForm
        key={guest.status}
        formId="record-decision-form"
        idPrefix="decision"
        schemaName="review-decision"
        initial={{ ids: [guest.id], decision: guest.status === 'approved' ? 'reject' : 'approve' }}
        onSubmit={async (data) => {
          const decision = data.decision === 'reject' ? 'reject' : 'approve';
          const confirmed = await askConfirm({
            title: t('guest.review.decide'),
            message: t(`guest.review.confirm.${decision}`, {
              name: guest.nameZh,
              reason: typeof data.reason === 'string' ? data.reason : '',
            }),
            confirmLabel: t(`schema.enums.decision.${decision}`),
            cancelLabel: t('common.cancel'),
          });
          if (!confirmed) return;
          await guestApi.reviewDecide({ ...data, ids: [guest.id] });
          showToast(t('guest.review.done', { count: 1 }), 'success', ERROR_TOAST_MS);
          onDecided();
        }}
      >
        <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="record-decision-submit">
          {t('guest.review.submit')}
        </Button>
      </SchemaForm>
    </RegistrationSection>
  );
}
