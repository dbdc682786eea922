import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { SignUpItem } from '../../../shared/activity-api';
import { activityApi } from '../../api/activity-endpoints';
import { SchemaForm } from '../../engine/SchemaForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** A speaker's speech materials: zip/rar/7z, at most 3 files of 5 MB each (rules from the schema). */
export function SpeechMaterialsDialog({ item, onClose }: { item: SignUpItem; onClose: (changed: boolean) => void }) {
  const t = useKeyTranslation();
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth aria-labelledby="materials-title">
      <DialogTitle id="materials-title">{t('activity.materials.title', { name: item.personName })}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('activity.materials.hint')}
        </Typography>
        <SchemaForm
          formId="speech-materials-form"
          schemaName="activity-speech-materials"
          initial={{ speechMaterials: item.speechMaterials }}
          onSubmit={async (data) => {
            await activityApi.saveMaterials(item.id, (data.speechMaterials as string[] | undefined) ?? []);
            onClose(true);
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="materials-save">
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
