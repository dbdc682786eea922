import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Form from '@rjsf/mui';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import type { RecordUpgradeData } from '../../shared/record-upgrade-api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { loadFormAssets, type FormAssets } from './form-assets';
import { MaskedValuesShow } from './MaskedValuesShow';
import type { FormRuntimeContext } from './form-runtime-context';
import { formBasics, loadFormUiSchema, screenUiSchema, useErrorVisibility, useServerSubmission } from './form-wiring';
import { GateShut } from './operation-types';
import { runOperation } from './operations';
import { upgradeAttachedTo, upgradeErrorSchema } from './record-upgrade';
import { RecordUpgradeNotice } from './RecordUpgradeNotice';
import { withoutFixedFlags } from './upgrade-flags';
import { hiddenFieldsOf, sameFields, withHiddenFields, withoutHiddenValues } from './shown-when';
import type { FormDeclaration } from './screen-types';
import { runSuccess } from './success-actions';
import { uploadsBusy } from './uploads/upload-activity';
import { UploadAwareButton } from './uploads/UploadAwareButton';

type Data = Record<string, unknown>;

interface Loaded extends FormAssets {
  uiSchema: UiSchema;
  initial: Data;
  /** the loaded record came from an older schema version (engine/record-upgrade.ts) */
  upgrade: RecordUpgradeData | null;
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

/**
 * Renders a form screen declaration: schema + UI schema + load/submit operations. The operations
 * get the route's params (a form on /guests/:id/epidemic saves guest `id`).
 */
export function DeclaredForm({ declaration }: { declaration: FormDeclaration }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = useParams();
  // outside a route useParams gives a new empty object each render: the effect follows the values
  const paramsKey = JSON.stringify(params);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [gateShut, setGateShut] = useState<GateShut | null>(null);
  const translateKey = useKeyTranslation();
  const [formData, setFormData] = useState<Data>({});
  const [refreshNonce, setRefreshNonce] = useState(0);
  // fields offered only after another answer (ui:options.shownWhen)
  const [hidden, setHidden] = useState<string[]>([]);
  const uiSchema = useMemo(() => (loaded ? withHiddenFields(loaded.uiSchema, hidden) : undefined), [loaded, hidden]);

  useEffect(() => {
    let live = true;
    (async () => {
      const [assets, baseUi] = await Promise.all([
        loadFormAssets(declaration.schema),
        loadFormUiSchema(declaration.uiSchema ?? declaration.schema),
      ]);
      const loadedData = declaration.load ? ((await runOperation(declaration.load, {}, params)) as Data) : {};
      const initial = { ...loadedData, ...initialFromQuery(declaration, location.search) };
      if (!live) return;
      const upgrade = upgradeAttachedTo(loadedData);
      const uiSchema = screenUiSchema(assets.schema, baseUi);
      // batched with the form: a field waiting for another answer never shows first
      setHidden(hiddenFieldsOf(uiSchema, initial));
      setLoaded({ ...assets, uiSchema, initial, upgrade });
      latest.current = initial;
      setFormData(initial);
    })().catch((error: unknown) => {
      if (!live) return;
      if (error instanceof GateShut) setGateShut(error);
      else setLoadError(String(error));
    });
    return () => {
      live = false;
    };
    // the declaration and the route's params decide the form; the query only seeds it once
  }, [declaration, paramsKey]);

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
  const { transformErrors, onBlur, onSubmitCapture } = useErrorVisibility(loaded?.schema);
  const { busy, extraErrors, run } = useServerSubmission();

  async function submit(data: Data) {
    // the file of a field still being checked is not in the data yet (Enter key included)
    if (uploadsBusy()) return;
    // hand the submitted data back as the prop, so re-renders (busy, server errors) keep it
    latest.current = data;
    setFormData(data);
    await run(
      async () => {
        const result = await runOperation(declaration.submit, withoutHiddenValues(data, hidden), params);
        await runSuccess(declaration.success, result, location.search, params);
      },
      // one-time codes are spent by a failed attempt: ask for a fresh image code
      () => setRefreshNonce((nonce) => nonce + 1),
    );
  }

  // an old record's flagged fields (engine/record-upgrade.ts) show until the first save attempt
  // ...and each one only while its field is still invalid (engine/upgrade-flags.ts)
  const [upgradeErrors, setUpgradeErrors] = useState<ErrorSchema | undefined>();
  useEffect(() => setUpgradeErrors(upgradeErrorSchema(loaded?.upgrade)), [loaded]);
  const [upgradeFlagsShown, setUpgradeFlagsShown] = useState(true);
  useEffect(() => {
    if (busy) setUpgradeFlagsShown(false);
  }, [busy]);

  if (gateShut) {
    return (
      <Alert severity="info" data-testid="form-gate-shut">
        {translateKey(gateShut.reasonKey, gateShut.reasonParams)}
      </Alert>
    );
  }
  if (loadError) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!loaded) return <CircularProgress aria-label={t('common.loading')} />;

  return (
    <Box onSubmitCapture={onSubmitCapture}>
      <RecordUpgradeNotice upgrade={loaded.upgrade} />
      {declaration.reveal && (
        <MaskedValuesShow
          schemaName={declaration.schema}
          schema={loaded.schema}
          data={loaded.initial}
          reveal={async (field) => String(await runOperation(declaration.reveal!, { field }, params))}
        />
      )}
      <Form
        {...formBasics}
        schema={loaded.schema}
        uiSchema={uiSchema}
        validator={loaded.validator}
        formData={formData}
        formContext={formContext}
        transformErrors={transformErrors}
        extraErrors={upgradeFlagsShown ? (upgradeErrors ?? extraErrors) : extraErrors}
        onChange={(event) => {
          latest.current = event.formData as Data;
          const flags = withoutFixedFlags(upgradeErrors, latest.current, loaded.schema, loaded.validator);
          const nowHidden = hiddenFieldsOf(loaded.uiSchema, latest.current);
          if (flags !== upgradeErrors || !sameFields(nowHidden, hidden)) {
            // RJSF takes its state from the props again when they change: hand it what was typed
            setFormData(latest.current);
            setUpgradeErrors(flags);
            setHidden(nowHidden);
          }
        }}
        onBlur={onBlur}
        onSubmit={(event) => void submit(event.formData as Data)}
        disabled={busy}
      >
        <Box sx={{ mt: 2 }}>
          <UploadAwareButton type="submit" variant="contained" fullWidth disabled={busy} data-testid="submit">
            {t(declaration.submitLabelKey)}
          </UploadAwareButton>
        </Box>
      </Form>
    </Box>
  );
}
