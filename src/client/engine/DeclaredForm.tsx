import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { RJSFSchema } from '@rjsf/utils';
import type { RecordUpgradeData } from '../../shared/record-upgrade-api';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { loadFormAssets } from './form-assets';
import { loadFormUiSchema } from './form-wiring';
import { DeclaredSubmitButton } from './DeclaredSubmitButton';
import { initialFromQuery } from './initial-from-query';
import { MaskedValuesShow } from './MaskedValuesShow';
import { GateShut } from './operation-types';
import { runOperation } from './operations';
import { upgradeAttachedTo, upgradeErrorSchema } from './record-upgrade';
import { RecordUpgradeNotice } from './RecordUpgradeNotice';
import { SchemaForm } from './SchemaForm';
import type { FormDeclaration } from './screen-types';
import { runSuccess } from './success-actions';

type Data = Record<string, unknown>;

interface Loaded {
  schema: RJSFSchema;
  initial: Data;
  /** the loaded record came from an older schema version (engine/record-upgrade.ts) */
  upgrade: RecordUpgradeData | null;
  /** each load draws a new form: the form takes its data from its first render */
  generation: number;
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

  useEffect(() => {
    let live = true;
    (async () => {
      // the schema and UI schema load beside the record, not after it (the form then finds them cached)
      const [assets] = await Promise.all([
        loadFormAssets(declaration.schema),
        loadFormUiSchema(declaration.uiSchema ?? declaration.schema),
      ]);
      const loadedData = declaration.load ? ((await runOperation(declaration.load, {}, params)) as Data) : {};
      if (!live) return;
      const initial = { ...loadedData, ...initialFromQuery(declaration, location.search) };
      setLoaded((before) => ({
        schema: assets.schema,
        initial,
        upgrade: upgradeAttachedTo(loadedData),
        generation: (before?.generation ?? 0) + 1,
      }));
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

  // an old record's flagged fields (engine/record-upgrade.ts) show until the first save attempt
  const upgradeErrors = useMemo(() => upgradeErrorSchema(loaded?.upgrade), [loaded]);

  async function submit(data: Data) {
    const result = await runOperation(declaration.submit, data, params);
    await runSuccess(declaration.success, result, location.search, params);
  }

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
    <Box>
      <RecordUpgradeNotice upgrade={loaded.upgrade} />
      {declaration.reveal && (
        <MaskedValuesShow
          schemaName={declaration.schema}
          schema={loaded.schema}
          data={loaded.initial}
          reveal={async (field) => String(await runOperation(declaration.reveal!, { field }, params))}
        />
      )}
      <SchemaForm
        key={loaded.generation}
        schemaName={declaration.schema}
        uiSchemaName={declaration.uiSchema}
        initial={loaded.initial}
        initialErrors={upgradeErrors}
        onSubmit={submit}
      >
        {(busy) => <DeclaredSubmitButton labelKey={declaration.submitLabelKey} busy={busy} />}
      </SchemaForm>
    </Box>
  );
}
