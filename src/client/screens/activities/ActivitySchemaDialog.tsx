import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { SchemaForm, type SchemaFormProps } from '../../engine/SchemaForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/**
 * The activities' schema-form dialogs (the activity itself, a speaker's materials): the form
 * with a save button, a close button, and `onClose(true)` once the save went through.
 */
export function ActivitySchemaDialog({
  titleId,
  title,
  maxWidth,
  form,
  save,
  saveTestId,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  maxWidth: 'sm' | 'md';
  form: Pick<SchemaFormProps, 'formId' | 'schemaName' | 'initial' | 'idPrefix'>;
  save: SchemaFormProps['onSubmit'];
  saveTestId: string;
  onClose: (changed: boolean) => void;
  /** shown above the form */
  children?: ReactNode;
}) {
  const t = useKeyTranslation();
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {children}
        <SchemaForm
          {...form}
          onSubmit={async (data) => {
            await save(data);
            onClose(true);
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid={saveTestId}>
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
