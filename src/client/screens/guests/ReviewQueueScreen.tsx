import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReviewItem } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import { useListHost } from '../../engine/use-list-host';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ReceptionEditor } from '../reception/ReceptionEditor';
import { ReviewDecisionForm } from './ReviewDecisionForm';

/**
 * /admin/review: the organisers' review queue across units (ui-schemas/screens/review-queue.json).
 * Select one or many guests, then approve, or reject with a reason (the server writes the audit
 * log and notifies the unit); a row opens the guest's record or the reception editor.
 */
export default function ReviewQueueScreen() {
  const t = useKeyTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [receptionOf, setReceptionOf] = useState<ReviewItem | null>(null);
  const { host, reload } = useListHost({
    embedded: true,
    selection: { selected, onChange: setSelected },
    onEvent: (_event, row) => setReceptionOf(row as unknown as ReviewItem),
  });

  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      <Typography sx={{ mb: 1 }} data-testid="review-selected">
        {t('guest.review.selected', { count: selected.length })}
      </Typography>
      <DeclaredList declaration={listDeclaration('review-queue')} host={host} />
      {receptionOf && <ReceptionEditor guest={receptionOf} onClose={() => setReceptionOf(null)} />}
      <ReviewDecisionForm name="review" selected={selected} decide={(decision) => guestApi.reviewDecide(decision)} onDone={reload} />
    </Paper>
  );
}
