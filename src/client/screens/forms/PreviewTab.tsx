import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UiSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useEffect, useState } from 'react';
import { LANGUAGES, type Language } from '../../../shared/constants';
import type { FormDocument } from '../../../shared/form-versions-api';
import { formVersionsApi } from '../../api/form-versions-endpoints';
import { SchemaForm, type PreparedForm } from '../../engine/SchemaForm';
import { loadFormValidators } from '../../engine/form-validator-module';
import { formBasics } from '../../engine/form-wiring';
import { widgetsOfUiSchemaLoaded } from '../../engine/widgets/lazy-widget';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { PlainSelect } from './PlainSelect';
import { primaryUiName } from './model/document-edits';
import type { Schema } from './model/field-spec';
import { labelledUiSchema } from './model/preview-labels';

/** The width of the phone the preview stands for (CSS px of a common phone). */
export const PHONE_WIDTH = 390;

interface Props {
  form: string;
  document: FormDocument;
}

type Prepared = Record<Language, PreparedForm>;

/**
 * Loads the validator module the server compiled from the document (same origin, by its
 * content hash: the page's `script-src 'self'` allows it, no eval) and binds it to the bundled
 * schema the server compiled it for (the validators belong to exactly that schema).
 */
async function preparePreview(form: string, document: FormDocument, uiName: string): Promise<Prepared> {
  const module = await formVersionsApi.draftValidator(form, document);
  const schema = module.schema as PreparedForm['schema'];
  const validator = createPrecompiledValidator(await loadFormValidators(module.url), schema);
  const base = (document.uiSchemas[uiName] ?? {}) as Schema;
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      const uiSchema = labelledUiSchema(schema as Schema, base, document.labels[language] ?? {}) as UiSchema;
      await widgetsOfUiSchemaLoaded(uiSchema, formBasics.widgets);
      return [language, { schema, validator, uiSchema }] as const;
    }),
  );
  return Object.fromEntries(entries) as Prepared;
}

/** The draft as a registrant will see it, in both languages at phone width; sample data is checked, never saved. */
export function PreviewTab({ form, document }: Props) {
  const t = useKeyTranslation();
  const uiNames = Object.keys(document.uiSchemas);
  const [uiName, setUiName] = useState(primaryUiName(document));
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [failed, setFailed] = useState(false);
  const [checked, setChecked] = useState<Record<string, boolean>>({});

  useEffect(() => {
    let live = true;
    setPrepared(null);
    setFailed(false);
    preparePreview(form, document, uiName)
      .then((ready) => live && setPrepared(ready))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [form, document, uiName]);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">{t('forms.preview.intro')}</Alert>
      {uiNames.length > 1 && (
        <PlainSelect
          label={t('forms.preview.variant')}
          value={uiName}
          testId="preview-variant"
          options={uiNames.map((name) => ({ value: name, label: name }))}
          onChange={setUiName}
        />
      )}
      {failed && <Alert severity="error">{t('forms.preview.failed')}</Alert>}
      {!prepared && !failed && <CircularProgress aria-label={t('common.loading')} />}
      {prepared && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'start' }}>
          {LANGUAGES.map((language) => (
            <Box
              key={language}
              lang={language}
              data-testid={`preview-${language}`}
              // the phone's width where there is room, less on a narrower screen: a fixed width
              // (even with maxWidth 100%) is the grid's min-content and widened the page past a phone
              sx={{ flex: `0 1 ${PHONE_WIDTH}px`, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
            >
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('forms.preview.phone', { language: t(`forms.languages.${language}`), width: PHONE_WIDTH })}
              </Typography>
              <SchemaForm
                schemaName={`preview-${form}`}
                prepared={prepared[language]}
                idPrefix={`preview-${language}`}
                initial={{}}
                onSubmit={async () => setChecked((current) => ({ ...current, [language]: true }))}
              >
                {checked[language] && <Alert severity="success">{t('forms.preview.valid')}</Alert>}
                <Button type="submit" variant="outlined" sx={{ mt: 1 }} data-testid={`preview-check-${language}`}>
                  {t('forms.preview.check')}
                </Button>
              </SchemaForm>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
