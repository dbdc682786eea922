import type { ActivitySummary } from '../../../shared/activity-api';
import { activityApi } from '../../api/activity-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ActivitySchemaDialog } from './ActivitySchemaDialog';

/** Creates (as a draft) or edits an activity: every field of the activity schema, from its UI schema. */
export function ActivityFormDialog({ activity, onClose }: { activity: ActivitySummary | null; onClose: (changed: boolean) => void }) {
  const t = useKeyTranslation();
  return (
    <ActivitySchemaDialog
      titleId="activity-form-title"
      title={t(activity ? 'activity.admin.edit' : 'activity.admin.create')}
      maxWidth="md"
      form={{
        formId: 'activity-form',
        // the organisers' list behind the dialog has a filter bar of its own (root_name): distinct ids
        idPrefix: 'activity',
        schemaName: 'activity',
        initial: (activity?.document as unknown as Record<string, unknown> | undefined) ?? { category: 'committee' },
      }}
      save={async (data) => {
        if (activity) await activityApi.update(activity.id, data);
        else await activityApi.create(data);
      }}
      saveTestId="activity-save"
      onClose={onClose}
    />
  );
}
