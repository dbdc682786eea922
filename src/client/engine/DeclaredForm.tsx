import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Form from '@rjsf/mui';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../api/api-error';
import { createErrorTransformer } from './error-translation';
import { loadFormAssets, type FormAssets } from './form-assets';
import type { FormRuntimeContext } from './form-runtime-context';
import { runOperation } from './operations';
import type { FormDeclaration } from './screen-types';
import { fieldErrorsToErrorSchema } from './server-field-errors';
import { runSuccess } from './success-actions';
import { loadUiSchema } from './ui-schema-files';
import { translatedUiSchema } from './ui-schema-i18n';
import { customWidgets, formTemplates } from './widget-registry';

type Data = Record<string, unknown>;

interface Loaded extends FormAssets {
  uiSchema: UiSchema;
  initial: Data;
}

function topLevelField(property: string | undefined): string {
  return (property ?? '').split('.').filter(Boolean)[0] ?? '';
}

function initialFromQuery(declaration: FormDeclaration, search: string): Data {
  const query = new URLSearchParams(search);
  const data: Data = {};
  for (const [field, parameter] of Object.entries(declaration.initialFromQuery ?? {})) {
    const value = query.get(parameter);
    if (value !== null) data[field] = value;
  }
  return data;
}

/** Renders a form screen declaration: schema + UI schema + load/submit operations. */
export function DeclaredForm({ declaration }: { declaration: FormDeclaration }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formData, setFormData] = useState<Data>({});
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [refreshNonce, setRefreshNonce] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const [assets, baseUi] = await Promise.all([
        loadFormAssets(declaration.schema),
        loadUiSchema(declaration.uiSchema ?? declaration.schema),
      ]);
      const loadedData = declaration.load ? ((await runOperation(declaration.load, {})) as Data) : {};
      const initial = { ...loadedData, ...initialFromQuery(declaration, location.search) };
      if (!live) return;
      // the screen shows its own title: none from the schema root
      const uiSchema = { ...translatedUiSchema(assets.schema, baseUi), 'ui:title': '', 'ui:description': '' };
      setLoaded({ ...assets, uiSchema, initial });
      latest.current = initial;
      setFormData(initial);
    })().catch((error: unknown) => live && setLoadError(String(error)));
    return () => {
      live = false;
    };
    // the declaration decides the form; the query only seeds it once
  }, [declaration]);

  // The form keeps its own state while the user types; `formData` only changes when code sets a
  // field (the captcha id). Re-rendering the form on every change made RJSF drop a submit
  // clicked right after the blur validation of the last field.
  const latest = useRef<Data>({});
  const setField = useCallback((name: string, value: unknown) => {
    latest.current = { ...latest.current, [name]: value };
    setFormData(latest.current);
  }, []);
  const formContext = useMemo<FormRuntimeContext>(
    () => ({ getFormData: () => latest.current, setField, refreshNonce }),
    [setField, refreshNonce],
  );
  // Before the first submit only the fields the user has left show their errors.
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);
  const transformErrors = useMemo(() => {
    if (!loaded) return undefined;
    const translate = createErrorTransformer(loaded.schema);
    return (errors: Parameters<typeof translate>[0]) =>
      translate(errors).filter((error) => submitted.current || touched.current.has(topLevelField(error.property)));
  }, [loaded]);

  async function submit(data: Data) {
    // hand the submitted data back as the prop, so re-renders (busy, server errors) keep it
    latest.current = data;
    setFormData(data);
    setBusy(true);
    setExtraErrors(undefined);
    try {
      const result = await runOperation(declaration.submit, data);
      await runSuccess(declaration.success, result, location.search);
    } catch (error) {
      if (error instanceof ApiError && error.envelope?.fieldErrors?.length) {
        setExtraErrors(fieldErrorsToErrorSchema(error.envelope.fieldErrors));
      }
      // one-time codes are spent by a failed attempt: ask for a fresh image code
      setRefreshNonce((nonce) => nonce + 1);
    } finally {
      setBusy(false);
    }
  }

  if (loadError) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!loaded) return <CircularProgress aria-label={t('common.loading')} />;

  return (
    <Box
      onSubmitCapture={() => {
        // runs before RJSF validates the submit: from now on every error shows
        submitted.current = true;
      }}
    >
      <Form
        schema={loaded.schema}
        uiSchema={loaded.uiSchema}
        validator={loaded.validator}
        formData={formData}
        formContext={formContext}
        widgets={customWidgets}
        templates={formTemplates}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        liveValidate="onBlur"
        showErrorList={false}
        noHtml5Validate
        onChange={(event) => {
          latest.current = event.formData as Data;
        }}
        onBlur={(id) => touched.current.add(id.replace(/^root_/, '').split('_')[0] ?? '')}
        onSubmit={(event) => void submit(event.formData as Data)}
        disabled={busy}
      >
        <Box sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" fullWidth disabled={busy} data-testid="submit">
            {t(declaration.submitLabelKey)}
          </Button>
        </Box>
      </Form>
    </Box>
  );
}
