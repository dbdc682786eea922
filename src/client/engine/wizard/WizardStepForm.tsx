import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Form from '@rjsf/mui';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/api-error';
import { createErrorTransformer } from '../error-translation';
import { loadFormAssets, type FormAssets } from '../form-assets';
import type { FormRuntimeContext } from '../form-runtime-context';
import { fieldErrorsToErrorSchema } from '../server-field-errors';
import { loadUiSchema } from '../ui-schema-files';
import { translatedUiSchema } from '../ui-schema-i18n';
import { customWidgets, formTemplates } from '../widget-registry';
import { useKeyTranslation } from '../../i18n/use-key-translation';

type Data = Record<string, unknown>;

export interface WizardStepFormProps {
  schemaName: string;
  uiSchemaName?: string;
  initial: Data;
  readOnly: boolean;
  /** every change, for the draft */
  onDraft: (data: Data) => void;
  /** valid data (client validation passed); a thrown ApiError with fieldErrors lands on the fields */
  onSubmit: (data: Data) => Promise<void>;
  /** buttons (the submit button is one of them: type="submit") */
  children: ReactNode;
  /** the form id, so buttons outside can submit it */
  formId: string;
}

function topLevelField(property: string | undefined): string {
  return (property ?? '').split('.').filter(Boolean)[0] ?? '';
}

/**
 * One wizard step: one RJSF form on the step's own (small) schema, validated by the
 * precompiled validator on blur and on submit, then by the server (field errors on fields).
 */
export function WizardStepForm({ schemaName, uiSchemaName, initial, readOnly, onDraft, onSubmit, children, formId }: WizardStepFormProps) {
  const t = useKeyTranslation();
  const [assets, setAssets] = useState<(FormAssets & { uiSchema: UiSchema }) | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [formData, setFormData] = useState<Data>(initial);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [busy, setBusy] = useState(false);
  const latest = useRef<Data>(initial);
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);

  useEffect(() => {
    let live = true;
    Promise.all([loadFormAssets(schemaName), loadUiSchema(uiSchemaName ?? schemaName)])
      .then(([loaded, baseUi]) => {
        if (!live) return;
        const uiSchema = { ...translatedUiSchema(loaded.schema, baseUi), 'ui:title': '', 'ui:description': '' };
        setAssets({ ...loaded, uiSchema });
      })
      .catch(() => live && setLoadError(true));
    return () => {
      live = false;
    };
  }, [schemaName, uiSchemaName]);

  const setField = useCallback((name: string, value: unknown) => {
    latest.current = { ...latest.current, [name]: value };
    setFormData(latest.current);
    onDraft(latest.current);
  }, [onDraft]);
  const formContext = useMemo<FormRuntimeContext>(() => ({ getFormData: () => latest.current, setField, refreshNonce: 0 }), [setField]);

  const transformErrors = useMemo(() => {
    if (!assets) return undefined;
    const translate = createErrorTransformer(assets.schema);
    return (errors: Parameters<typeof translate>[0]) =>
      translate(errors).filter((error) => submitted.current || touched.current.has(topLevelField(error.property)));
  }, [assets]);

  async function submit(data: Data) {
    latest.current = data;
    setFormData(data);
    setBusy(true);
    setExtraErrors(undefined);
    try {
      await onSubmit(data);
    } catch (error) {
      if (error instanceof ApiError && error.envelope?.fieldErrors?.length) {
        setExtraErrors(fieldErrorsToErrorSchema(error.envelope.fieldErrors));
      }
    } finally {
      setBusy(false);
    }
  }

  if (loadError) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!assets) return <CircularProgress aria-label={t('common.loading')} />;

  return (
    <Box
      onSubmitCapture={() => {
        submitted.current = true;
      }}
    >
      <Form
        id={formId}
        schema={assets.schema}
        uiSchema={assets.uiSchema}
        validator={assets.validator}
        formData={formData}
        formContext={formContext}
        widgets={customWidgets}
        templates={formTemplates}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        liveValidate="onBlur"
        showErrorList={false}
        noHtml5Validate
        readonly={readOnly}
        disabled={busy}
        onChange={(event) => {
          latest.current = event.formData as Data;
          if (!readOnly) onDraft(latest.current);
        }}
        onBlur={(id) => touched.current.add(id.replace(/^root_/, '').split('_')[0] ?? '')}
        onSubmit={(event) => void submit(event.formData as Data)}
      >
        {children}
      </Form>
    </Box>
  );
}
