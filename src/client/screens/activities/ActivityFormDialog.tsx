import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ActivitySummary } from '../../../shared/activity-api';
import { activityApi } from '../../api/activity-endpoints';
import { SchemaForm } from '../../engine/SchemaForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** Creates (as a draft) or edits an activity: every field of the activity schema, from its UI schema. */
export function ActivityFormDialog({ activity, onClose }: { activity: ActivitySummary | null; onClose: (changed: boolean) => void }) {
  const t = useKeyTranslation();
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="md" fullWidth aria-labelledby="activity-form-title">
      <DialogTitle id="activity-form-title">{t(activity ? 'activity.admin.edit' : 'activity.admin.create')}</DialogTitle>
      <DialogContent dividers>
        <SchemaForm
          formId="activity-form"
          schemaName="activity"
          initial={(activity?.document as unknown as Record<string, unknown> | undefined) ?? { category: 'committee' }}
          onSubmit={async (data) => {
            if (activity) await activityApi.update(activity.id, data);
            else await activityApi.create(data);
            onClose(true);
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="activity-save">
            {t('activity.common.save')}
          </Button>
        </SchemaForm>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('activity.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
