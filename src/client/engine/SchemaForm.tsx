import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Form from '@rjsf/mui';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useKeyTranslation } from '../i18n/use-key-translation';
import type { FormAssets } from './form-assets';
import type { FormRuntimeContext } from './form-runtime-context';
import { formBasics, screenUiSchema, useErrorVisibility, useServerSubmission } from './form-wiring';
import { loadFormSource } from './live-forms';
import { useLiveFormSwitch, type FormSwitch } from './live-form-switch';
import { draftOf, unchangedMaskFilter } from './masked-values';
import { hiddenFieldsOf, sameFields, withHiddenFields, withoutHiddenValues } from './shown-when';
import { uploadsBusy } from './uploads/upload-activity';
import { withoutFixedFlags, withOnlyFieldsEditable } from './upgrade-flags';

type Data = Record<string, unknown>;

export interface SchemaFormProps {
  schemaName: string;
  uiSchemaName?: string;
  initial: Data;
  readOnly?: boolean;
  /** every change, for a draft: personal data (x-sensitive) left out */
  onDraft?: (data: Data) => void;
  /** every change, whole (personal data included): for a screen that builds on what was typed, in memory only, never for a draft */
  onData?: (data: Data) => void;
  /** valid data (client validation passed); a thrown ApiError with fieldErrors lands on the fields */
  onSubmit: (data: Data) => Promise<void>;
  /** buttons (the submit button is one of them: type="submit"); a function is told whether a submission runs */
  children: ReactNode | ((busy: boolean) => ReactNode);
  /** the form id, so buttons outside can submit it */
  formId?: string;
  /** errors shown on their fields from the start (an old record's flagged fields) */
  initialErrors?: ErrorSchema;
  /** the prefix of the fields' ids (default `root`): two forms on one page need distinct ones */
  idPrefix?: string;
  /** only these top-level fields may be changed, the others are shown read-only (all when absent) */
  editableFields?: string[];
  /**
   * A form that is not one of the bundle's (a draft in the console's form editor): its schema,
   * validator bound to it, and UI schema (lazy widgets loaded), instead of `schemaName`'s files.
   */
  prepared?: PreparedForm;
}

export type PreparedForm = FormAssets & { uiSchema: UiSchema };

/**
 * The schema-driven form of the app (declared screens, wizard steps, dialogs): one RJSF form on
 * a schema and its UI schema, validated by the precompiled validator on blur and on submit,
 * then by the server (field errors land on their fields).
 */
export function SchemaForm({
  schemaName,
  uiSchemaName,
  initial,
  readOnly = false,
  onDraft,
  onData,
  onSubmit,
  children,
  formId,
  initialErrors,
  idPrefix,
  editableFields,
  prepared,
}: SchemaFormProps) {
  const t = useKeyTranslation();
  const [assets, setAssets] = useState<(FormAssets & { uiSchema: UiSchema; version: number | null }) | null>(null);
  // the form was switched to a newer published version while open (shown until the next submit)
  const [updated, setUpdated] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [formData, setFormData] = useState<Data>(initial);
  const latest = useRef<Data>(initial);
  // fields offered only after another answer (ui:options.shownWhen)
  const [hidden, setHidden] = useState<string[]>([]);
  // drafts never keep an ID number or mobile (x-sensitive): the schema, once loaded, says which
  const schemaRef = useRef<FormAssets['schema'] | undefined>(undefined);
  schemaRef.current = assets?.schema;

  useEffect(() => {
    let live = true;
    const loading = prepared
      ? Promise.resolve({ ...prepared, baseUi: prepared.uiSchema, version: null })
      : loadFormSource(schemaName, uiSchemaName);
    loading
      .then(({ schema, validator, baseUi, version }) => {
        if (!live) return;
        const uiSchema = screenUiSchema(schema, baseUi);
        // batched with the assets: a field waiting for another answer never shows first
        setHidden(hiddenFieldsOf(uiSchema, latest.current));
        setAssets({ schema, validator, uiSchema, version });
      })
      .catch(() => live && setLoadError(true));
    return () => {
      live = false;
    };
  }, [schemaName, uiSchemaName, prepared]);

  const setField = useCallback(
    (name: string, value: unknown) => {
      latest.current = { ...latest.current, [name]: value };
      setFormData(latest.current);
      onDraft?.(draftOf(schemaRef.current, latest.current));
      onData?.(latest.current);
    },
    [onDraft, onData],
  );
  // one-time codes (image, SMS) are spent by a failed attempt: their widgets fetch fresh ones when this moves
  const [refreshNonce, setRefreshNonce] = useState(0);
  const formContext = useMemo<FormRuntimeContext>(
    () => ({ getFormData: () => latest.current, setField, refreshNonce }),
    [setField, refreshNonce],
  );

  const { transformErrors: visibleErrors, onBlur, onSubmitCapture } = useErrorVisibility(assets?.schema);
  const initialData = useRef(initial);
  const transformErrors = useMemo(() => {
    if (!visibleErrors) return undefined;
    const keep = unchangedMaskFilter(assets?.schema, initialData.current, () => latest.current);
    return (...args: Parameters<typeof visibleErrors>) => visibleErrors(...args).filter(keep);
  }, [visibleErrors, assets?.schema]);
  const { busy, extraErrors, run } = useServerSubmission();
  // an old record's flags show until the first save attempt, each one only while its field is still invalid
  const [upgradeFlags, setUpgradeFlags] = useState(initialErrors);
  const editableKey = editableFields?.join(',');
  const uiSchema = useMemo(
    () => (assets ? withOnlyFieldsEditable(withHiddenFields(assets.uiSchema, hidden), assets.schema, editableKey) : undefined),
    [assets, hidden, editableKey],
  );

  // a publish while the form is open: the new version, what was typed kept, its problems flagged
  const applySwitch = useCallback(
    (next: FormSwitch) => {
      latest.current = next.data;
      setFormData(next.data);
      setHidden(hiddenFieldsOf(next.uiSchema, next.data));
      setAssets({ schema: next.schema, validator: next.validator, uiSchema: next.uiSchema, version: next.version });
      setUpgradeFlags((flags) => next.flags(flags));
      setUpdated(true);
      onDraft?.(draftOf(next.schema, next.data));
      onData?.(next.data);
    },
    [onDraft, onData],
  );
  useLiveFormSwitch({
    schemaName,
    uiSchemaName,
    watching: !prepared && !readOnly && assets !== null,
    current: assets,
    data: () => latest.current,
    apply: applySwitch,
  });

  async function submit(data: Data) {
    // the file of a field still being checked is not in the data yet (Enter key included)
    if (uploadsBusy()) return;
    latest.current = data;
    setFormData(data);
    setUpgradeFlags(undefined);
    setUpdated(false);
    await run(
      () => onSubmit(withoutHiddenValues(data, hidden)),
      () => setRefreshNonce((nonce) => nonce + 1),
    );
  }

  if (loadError) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!assets) return <CircularProgress aria-label={t('common.loading')} />;

  return (
    <Box onSubmitCapture={onSubmitCapture}>
      {updated && (
        <Alert severity="warning" role="status" sx={{ mb: 2 }} data-testid="form-version-updated">
          {t('form.versionUpdated')}
        </Alert>
      )}
      <Form
        {...formBasics}
        id={formId}
        idPrefix={idPrefix}
        schema={assets.schema}
        uiSchema={uiSchema}
        validator={assets.validator}
        formData={formData}
        formContext={formContext}
        transformErrors={transformErrors}
        extraErrors={extraErrors ?? upgradeFlags}
        readonly={readOnly}
        disabled={busy}
        onChange={(event) => {
          latest.current = event.formData as Data;
          if (!readOnly) {
            onDraft?.(draftOf(assets.schema, latest.current));
            onData?.(latest.current);
          }
          const flags = withoutFixedFlags(upgradeFlags, latest.current, assets.schema, assets.validator);
          const nowHidden = hiddenFieldsOf(assets.uiSchema, latest.current);
          if (flags !== upgradeFlags || !sameFields(nowHidden, hidden)) {
            // RJSF takes its state from the props again when they change: hand it what was typed
            setFormData(latest.current);
            setUpgradeFlags(flags);
            setHidden(nowHidden);
          }
        }}
        onBlur={onBlur}
        onSubmit={(event) => void submit(event.formData as Data)}
      >
        {typeof children === 'function' ? children(busy) : children}
      </Form>
    </Box>
  );
}
