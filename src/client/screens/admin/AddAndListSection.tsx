import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { showToast } from '../../feedback/feedback-store';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';

interface AddAndListSectionProps<Row extends { id: string }> {
  /** names the section's ids and test ids: `<name>-title`, `<name>-form`, `<name>-add`, `<name>s-table`, `<name>-row` */
  name: string;
  titleKey: string;
  /** the schema of the add form */
  schemaName: string;
  addLabelKey: string;
  onAdd: (data: Record<string, unknown>) => Promise<unknown>;
  /** header keys, one per cell of `cells`; the delete column comes last */
  headerKeys: string[];
  rows: Row[];
  cells: (row: Row) => ReactNode[];
  onDelete: (row: Row) => Promise<unknown>;
  /** shown above the add form (a choice the added row takes along) */
  beforeForm?: ReactNode;
  /** the success message after an add */
  addedKey: string;
}

/**
 * A console section that adds rows with a schema form and lists them with a delete button
 * (hotels, receptionists). The form starts empty again after each add.
 */
export function AddAndListSection<Row extends { id: string }>(props: AddAndListSectionProps<Row>) {
  const { name, titleKey, schemaName, addLabelKey, onAdd, headerKeys, rows, cells, onDelete, beforeForm, addedKey } = props;
  const t = useKeyTranslation();
  const [formKey, setFormKey] = useState(0);
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby={`${name}-title`}>
      <Typography component="h2" variant="h6" id={`${name}-title`} sx={{ mb: 1 }}>
        {t(titleKey)}
      </Typography>
      {beforeForm}
      <WizardStepForm key={formKey} formId={`${name}-form`} idPrefix={name} schemaName={schemaName} initial={{}} readOnly={false} onDraft={() => {}}
        onSubmit={async (data) => {
          await onAdd(data);
          showToast(t(addedKey), 'success', ERROR_TOAST_MS);
          setFormKey((key) => key + 1);
        }}
      >
        <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid={`${name}-add`}>
          {t(addLabelKey)}
        </Button>
      </WizardStepForm>
      <Table size="small" aria-label={t(titleKey)} sx={{ mt: 2 }} data-testid={`${name}s-table`}>
        <TableHead>
          <TableRow>
            {headerKeys.map((key) => (
              <TableCell key={key}>{t(key)}</TableCell>
            ))}
            <TableCell>{t('guest.list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`${name}-row`}>
              {cells(row).map((cell, index) => (
                <TableCell key={headerKeys[index]}>{cell}</TableCell>
              ))}
              <TableCell>
                <Button size="small" color="error" onClick={() => void onDelete(row)}>
                  {t('console.hotels.delete')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
