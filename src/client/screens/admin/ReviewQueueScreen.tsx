import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { ReviewItem } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import type { ListHost } from '../../engine/list-actions';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ReceptionEditor } from './ReceptionEditor';

/**
 * /admin/review: the organisers' review queue across units (ui-schemas/screens/review-queue.json).
 * Select one or many guests, then approve, or reject with a reason (the review-decision form; the
 * server writes the audit log and notifies the unit).
 */
export default function ReviewQueueScreen() {
  const t = useKeyTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [reloadSignal, setReloadSignal] = useState(0);
  const [receptionOf, setReceptionOf] = useState<ReviewItem | null>(null);
  const host = useMemo<ListHost>(
    () => ({ reloadSignal, selection: { selected, onChange: setSelected }, onEvent: (_event, row) => setReceptionOf(row as unknown as ReviewItem) }),
    [reloadSignal, selected],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography data-testid="review-selected">{t('guest.review.selected', { count: selected.length })}</Typography>
      <DeclaredList declaration={listDeclaration('review-queue')} host={host} />
      {receptionOf && <ReceptionEditor guest={receptionOf} onClose={() => setReceptionOf(null)} />}
      <Box sx={{ maxWidth: 640 }} data-testid="review-decision">
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('guest.review.decide')}
        </Typography>
        <WizardStepForm
          key={formKey}
          formId="review-decision-form"
          schemaName="review-decision"
          initial={{ ids: [], decision: 'approve' }}
          readOnly={false}
          onDraft={() => {}}
          onSubmit={async (data) => {
            // the selection lives in the list; the server answers "please select attendees" for none
            await guestApi.reviewDecide({ ...data, ids: selected });
            showToast(t('guest.review.done', { count: selected.length }), 'success', ERROR_TOAST_MS);
            setFormKey((key) => key + 1);
            setReloadSignal((count) => count + 1);
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="review-submit">
            {t('guest.review.submit')}
          </Button>
        </WizardStepForm>
      </Box>
    </Box>
  );
}
