import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import type { ListHost } from '../../engine/list-actions';
import { showToast } from '../../feedback/feedback-store';
import { SchemaForm } from '../../engine/SchemaForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ConsoleSection } from '../../layout/ConsoleSection';

interface AddAndListSectionProps {
  /** names the section's ids and test ids: `<name>-title`, `<name>-form`, `<name>-add` */
  name: string;
  titleKey: string;
  /** the schema of the add form */
  schemaName: string;
  addLabelKey: string;
  onAdd: (data: Record<string, unknown>) => Promise<unknown>;
  /** the declared list of the section (its rows and their delete action) */
  list: string;
  host: ListHost;
  /** shown above the add form (a choice the added row takes along) */
  beforeForm?: ReactNode;
  /** the success message after an add */
  addedKey: string;
}

/**
 * A console section that adds rows with a schema form and lists them in a declared list
 * (hotels, receptionists). The form starts empty again after each add.
 */
export function AddAndListSection(props: AddAndListSectionProps) {
  const { name, titleKey, schemaName, addLabelKey, onAdd, list, host, beforeForm, addedKey } = props;
  const t = useKeyTranslation();
  const [formKey, setFormKey] = useState(0);
  return (
    <ConsoleSection name={name} titleKey={titleKey}>
      {beforeForm}
      <SchemaForm
        key={formKey}
        formId={`${name}-form`}
        idPrefix={name}
        schemaName={schemaName}
        initial={{}}
        onSubmit={async (data) => {
          await onAdd(data);
          showToast(t(addedKey), 'success', ERROR_TOAST_MS);
          setFormKey((key) => key + 1);
        }}
      >
        <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid={`${name}-add`}>
          {t(addLabelKey)}
        </Button>
      </SchemaForm>
      <DeclaredList declaration={listDeclaration(list)} host={host} />
    </ConsoleSection>
  );
}
