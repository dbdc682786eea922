import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { SchemaForm } from '../../engine/SchemaForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';

type Data = Record<string, unknown>;

interface RecordFormDialogProps {
  title: string;
  schemaName: string;
  initial: Data;
  onSubmit: (data: Data) => Promise<void>;
  onClose: () => void;
}

/**
 * Add or edit one schema document in a dialog: the schema's own form, validated by the
 * precompiled validator in the browser and again by the server (errors land on the fields).
 */
export function RecordFormDialog({ title, schemaName, initial, onSubmit, onClose }: RecordFormDialogProps) {
  const t = useKeyTranslation();
  const formId = `record-form-${useId().replace(/:/g, '')}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{title}</DialogTitle>
      <DialogContent data-testid="record-form">
        <SchemaForm schemaName={schemaName} initial={initial} onSubmit={onSubmit} formId={formId}>
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={onClose}>{t('content.common.cancel')}</Button>
            <Button type="submit" variant="contained" data-testid="record-save">
              {t('content.common.save')}
            </Button>
          </Box>
        </SchemaForm>
      </DialogContent>
    </Dialog>
  );
}
