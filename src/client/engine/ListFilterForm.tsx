import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Form from '@rjsf/mui';
import type { ObjectFieldTemplateProps, UiSchema } from '@rjsf/utils';
import { useKeyTranslation } from '../i18n/use-key-translation';
import type { FormAssets } from './form-assets';
import { formBasics, useErrorVisibility } from './form-wiring';
import { ORDER_FIELDS, PAGING_FIELDS } from './list-query';

/** The filter fields side by side; the paging and order fields belong to the list (its pager and headers), not to the bar. */
function CompactObjectTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', '& .MuiFormControl-root': { minWidth: 160 } }}>
      {properties
        .filter((property) => !PAGING_FIELDS.has(property.name) && !ORDER_FIELDS.has(property.name) && !property.hidden)
        .map((property) => (
          <Box key={property.name}>{property.content}</Box>
        ))}
    </Box>
  );
}

interface ListFilterFormProps {
  assets: FormAssets & { uiSchema: UiSchema };
  values: Record<string, string>;
  submitLabelKey: string;
  label: string;
  onSubmit: (values: Record<string, string>) => void;
}

/** The filter bar of a declared list: the query schema as a compact RJSF form, checked before it is sent. */
export function ListFilterForm({ assets, values, submitLabelKey, label, onSubmit }: ListFilterFormProps) {
  const t = useKeyTranslation();
  const { transformErrors, onBlur, onSubmitCapture } = useErrorVisibility(assets.schema);
  return (
    <Box
      role="search"
      aria-label={label}
      onSubmitCapture={onSubmitCapture}
      sx={{ mb: 2, '& .MuiFormControl-root .MuiInputBase-root': { minHeight: 40 } }}
    >
      <Form
        {...formBasics}
        templates={{ ...formBasics.templates, ObjectFieldTemplate: CompactObjectTemplate }}
        schema={assets.schema}
        uiSchema={assets.uiSchema}
        validator={assets.validator}
        formData={values}
        transformErrors={transformErrors}
        onBlur={onBlur}
        onSubmit={(event) => onSubmit(event.formData as Record<string, string>)}
      >
        <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="list-filter-submit">
          {t(submitLabelKey)}
        </Button>
      </Form>
    </Box>
  );
}
