import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/api-error';
import { createErrorTransformer } from './error-translation';
import { fieldErrorsToErrorSchema } from './server-field-errors';
import { loadUiSchema } from './ui-schema-files';
import { translatedUiSchema } from './ui-schema-i18n';
import { translateRjsfString } from './rjsf-strings';
import { commitTypedInputs } from './typed-input-buffer';
import { customWidgets, formTemplates } from './widget-registry';
import { widgetsOfUiSchemaLoaded } from './widgets/lazy-widget';

/** What every schema-driven RJSF form of the app shares (screen forms and wizard steps). */
export const formBasics = {
  widgets: customWidgets,
  templates: formTemplates,
  liveValidate: 'onBlur',
  showErrorList: false,
  noHtml5Validate: true,
  translateString: translateRjsfString,
  // a refused submit shows its errors on their fields; without a handler RJSF also logs every
  // refusal with console.error, noise that buries the page's real errors
  onError: ignoreRefusedSubmit,
} as const;

function ignoreRefusedSubmit(): void {}

/** The UI schema of ui-schemas/<name>.json for a form, with the lazy widgets it names loaded. */
export async function loadFormUiSchema(name: string): Promise<UiSchema> {
  const uiSchema = await loadUiSchema(name);
  await widgetsOfUiSchemaLoaded(uiSchema, formBasics.widgets);
  return uiSchema;
}

/** The translated UI schema of a form; the screen shows its own title: none from the schema root. */
export function screenUiSchema(schema: RJSFSchema, baseUi: UiSchema): UiSchema {
  return { ...translatedUiSchema(schema, baseUi, schema, { numberItems: true }), 'ui:title': '', 'ui:description': '' };
}

/** The top-level field an error's property (`.a.b`) belongs to. */
export function topLevelField(property: string | undefined): string {
  return (property ?? '').split('.').filter(Boolean)[0] ?? '';
}

/**
 * Before the first submit only the fields the user has left show their errors; from then on
 * every error shows. `transformErrors` and `onBlur` go to the RJSF form, `onSubmitCapture`
 * to an element around it.
 */
export function useErrorVisibility(schema: RJSFSchema | undefined) {
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);
  const transformErrors = useMemo(() => {
    if (!schema) return undefined;
    const translate = createErrorTransformer(schema);
    return (errors: Parameters<typeof translate>[0]) =>
      translate(errors).filter((error) => submitted.current || touched.current.has(topLevelField(error.property)));
  }, [schema]);
  const onBlur = useCallback((id: string) => {
    touched.current.add(id.replace(/^root_/, '').split('_')[0] ?? '');
  }, []);
  // runs before RJSF validates the submit: from now on every error shows
  // and the text still on its way from an input (typed-input-buffer.ts) is validated with the rest
  const onSubmitCapture = useCallback(() => {
    submitted.current = true;
    commitTypedInputs();
  }, []);
  return { transformErrors, onBlur, onSubmitCapture };
}

/**
 * A submission to the server: `busy` while `send` runs; a refusal with field errors puts each
 * message on its own field (`extraErrors`), and `onFailure` runs after any refusal. `initial`
 * errors (an old record's flagged fields) show until the first submission.
 */
export function useServerSubmission(initial?: ErrorSchema) {
  const [busy, setBusy] = useState(false);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>(initial);
  async function run(send: () => Promise<void>, onFailure?: () => void): Promise<void> {
    setBusy(true);
    setExtraErrors(undefined);
    try {
      await send();
    } catch (error) {
      if (error instanceof ApiError && error.envelope?.fieldErrors?.length) {
        setExtraErrors(fieldErrorsToErrorSchema(error.envelope.fieldErrors));
      }
      onFailure?.();
    } finally {
      setBusy(false);
    }
  }
  return { busy, extraErrors, run };
}
