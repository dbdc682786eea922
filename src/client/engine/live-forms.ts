/**
 * The live (published) version of a registrant form (docs/form-versions.md). Organisers
 * publish form versions in the console without a build, so a form among `editableForms` asks the
 * server which version is live (one small request, cached briefly and shared by every form of
 * the page). When it is the build's own `x-version`, the form renders the build's bundled schema
 * and precompiled validator as before, with nothing more downloaded; otherwise it renders the live
 * version: its bundled schema, UI schemas, labels (added to i18next in both languages) and its
 * validator module, imported from its same-origin, content-addressed URL (no eval).
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { formLanguages, isEditableForm, type EditableFormName, type LiveFormVersions } from '../../shared/form-versions-api';
import { formVersionsApi } from '../api/form-versions-endpoints';
import { addLiveTexts } from '../i18n/i18n-setup';
import { loadFormAssets, type FormAssets } from './form-assets';
import { loadFormValidators } from './form-validator-module';
import { formBasics, loadFormUiSchema } from './form-wiring';
import { widgetsOfUiSchemaLoaded } from './widgets/lazy-widget';

/**
 * How long one answer of the live versions serves every form of the page: long enough for the
 * forms of one screen to share it, short enough that a form opened a few seconds after a publish
 * (every instance switches within 5 s) gets the new version.
 */
export const LIVE_VERSIONS_MAX_AGE_MS = 2_000;
/** How often an open form checks for a publish (and on window focus). */
export const LIVE_CHECK_INTERVAL_MS = 30_000;
/** A form waits this long for the versions before it opens with the build's version (a later check still switches it). */
export const LIVE_VERSIONS_WAIT_MS = 3_000;

let versions: { at: number; answer: Promise<LiveFormVersions | null> } | null = null;

/**
 * The live version of every editable form, or null when the server could not say (the build's
 * versions then stand). One request serves all forms for LIVE_VERSIONS_MAX_AGE_MS; a failure is
 * kept for as long, so a page without the server does not ask again at every form.
 */
export function liveVersions(): Promise<LiveFormVersions | null> {
  const now = Date.now();
  if (!versions || now - versions.at >= LIVE_VERSIONS_MAX_AGE_MS) {
    versions = {
      at: now,
      answer: formVersionsApi.liveVersions().then(
        (answer) => (answer && typeof answer === 'object' ? answer : null),
        () => null,
      ),
    };
  }
  return versions.answer;
}

/** Forgets the cached versions (tests; a page that knows a publish happened). */
export function forgetLiveVersions(): void {
  versions = null;
}

/** The editable form a schema name is, if any (only those have live versions). */
export function editableFormOf(schemaName: string): EditableFormName | null {
  return isEditableForm(schemaName) ? schemaName : null;
}

/** A form ready to render: schema, validator bound to it, UI schema (lazy widgets loaded), version. */
export interface FormSource extends FormAssets {
  baseUi: UiSchema;
  /** the form's x-version (null for a schema without one) */
  version: number | null;
  /** true when it is a published version the build does not have */
  live: boolean;
}

export function versionOf(schema: RJSFSchema): number | null {
  const version = (schema as { 'x-version'?: unknown })['x-version'];
  return typeof version === 'number' ? version : null;
}

interface LiveAssets extends FormAssets {
  uiSchemas: Record<string, UiSchema>;
  version: number;
}

const liveCache = new Map<string, Promise<LiveAssets>>();

/** The live version of a form, loaded once per version (labels added, validator module imported). */
function loadLiveAssets(name: EditableFormName, version: number): Promise<LiveAssets> {
  const id = `${name}@${version}`;
  let pending = liveCache.get(id);
  if (!pending) {
    pending = (async () => {
      const live = await formVersionsApi.liveQuiet(name);
      const schema = live.schema as RJSFSchema;
      const [validateFns] = await Promise.all([
        loadFormValidators(live.validator.url),
        ...formLanguages.map((language) => addLiveTexts(language, live.labels[language] ?? {})),
      ]);
      return {
        schema,
        validator: createPrecompiledValidator(validateFns, schema),
        uiSchemas: live.uiSchemas as Record<string, UiSchema>,
        version: live.version,
      };
    })();
    liveCache.set(id, pending);
    pending.catch(() => liveCache.delete(id));
  }
  return pending;
}

function versionsWithin(ms: number): Promise<LiveFormVersions | null> {
  return Promise.race([liveVersions(), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

interface ResolvedAssets extends FormAssets {
  version: number | null;
  /** the live version's UI schemas (none: the build's files) */
  uiSchemas?: Record<string, UiSchema>;
}

/**
 * The schema and validator of the version of `schemaName` a form shows now. `known`: live
 * versions already in hand (a check that saw a publish). The build's bundled schema is loaded
 * beside the versions request, so the usual case (live == build) waits for no more than the
 * slower of the two; a live version that cannot be loaded leaves the build's.
 */
async function resolveFormAssets(schemaName: string, known?: LiveFormVersions): Promise<ResolvedAssets> {
  const name = editableFormOf(schemaName);
  const bundled = loadFormAssets(schemaName);
  const current = name ? (known ?? (await versionsWithin(LIVE_VERSIONS_WAIT_MS))) : null;
  const assets = await bundled;
  const buildVersion = versionOf(assets.schema);
  const liveVersion = name && current ? current[name] : undefined;
  if (name && typeof liveVersion === 'number' && liveVersion !== buildVersion) {
    try {
      return await loadLiveAssets(name, liveVersion);
    } catch {
      // the build's version still works for what it has; the next check tries again
    }
  }
  return { ...assets, version: buildVersion };
}

/** The version of `schemaName` to render (see resolveFormAssets), with the UI schema `uiSchemaName` (default: the schema's name). */
export async function loadFormSource(schemaName: string, uiSchemaName?: string, known?: LiveFormVersions): Promise<FormSource> {
  const uiName = uiSchemaName ?? schemaName;
  const [resolved, bundledUi] = await Promise.all([resolveFormAssets(schemaName, known), loadFormUiSchema(uiName)]);
  const { schema, validator, version, uiSchemas } = resolved;
  if (!uiSchemas) return { schema, validator, baseUi: bundledUi, version, live: false };
  const baseUi = structuredClone(uiSchemas[uiName] ?? {});
  await widgetsOfUiSchemaLoaded(baseUi, formBasics.widgets);
  return { schema, validator, baseUi, version, live: true };
}

/**
 * The assets of the version a form shows now (live or the build's), for code that reads a form's
 * schema outside the form (which fields a record keeps, whether a stored record is outdated).
 */
export async function loadCurrentFormAssets(schemaName: string): Promise<FormAssets> {
  const { schema, validator } = await resolveFormAssets(schemaName);
  return { schema, validator };
}
