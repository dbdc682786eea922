import Typography from '@mui/material/Typography';
import type { SignUpItem } from '../../../shared/activity-api';
import { activityApi } from '../../api/activity-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ActivitySchemaDialog } from './ActivitySchemaDialog';

/** A speaker's speech materials: zip/rar/7z, at most 3 files of 5 MB each (rules from the schema). */
export function SpeechMaterialsDialog({ item, onClose }: { item: SignUpItem; onClose: (changed: boolean) => void }) {
  const t = useKeyTranslation();
  return (
    <ActivitySchemaDialog
      titleId="materials-title"
      title={t('activity.materials.title', { name: item.personName })}
      maxWidth="sm"
      form={{
        formId: 'speech-materials-form',
        schemaName: 'activity-speech-materials',
        initial: { speechMaterials: item.speechMaterials },
      }}
      save={async (data) => {
        await activityApi.saveMaterials(item.id, (data.speechMaterials as string[] | undefined) ?? []);
      }}
      saveTestId="materials-save"
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('activity.materials.hint')}
      </Typography>
    </ActivitySchemaDialog>
  );
}
