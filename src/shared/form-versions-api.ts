/**
 * Contract of form versions as data, shared by the server, the console editor and the registrant
 * forms. The organisers' part is under `admin/console/forms/` (403 for every account but
 * organisers); the registrants' part (the live version of a form) is open, as the forms are
 * themselves (a temporary registration is filled in without an account). Paths are relative to
 * API_BASE, except the validator modules, which are served same-origin at the site root so the
 * page imports them under `script-src 'self'`.
 */

/** The registrant-facing forms whose versions are data (each one a schema of schemas/). */
export const editableForms = [
  'guest',
  'entourage-member',
  'attendance-intention',
  'itinerary',
  'epidemic-prevention',
  'unit',
  'temporary-registration',
  'good-wishes',
] as const;
export type EditableFormName = (typeof editableForms)[number];

export function isEditableForm(name: string): name is EditableFormName {
  return (editableForms as readonly string[]).includes(name);
}

export type FormVersionState = 'draft' | 'published' | 'retired';
export type FormLanguage = 'zh-CN' | 'en';
export const formLanguages: readonly FormLanguage[] = ['zh-CN', 'en'];

type Json = Record<string, unknown>;

/**
 * One version's content. `schema` is the source schema as in `schemas/<name>.json` (shared parts
 * are `$ref`s to `definitions.json`, which stays the repository's); `uiSchemas` the UI schemas of
 * the form by file name (`unit` has `unit-enterprise`, `unit-government`, `unit-media`;
 * `temporary-registration` also `temporary-registration-staff`); `labels` every text key the
 * schema and UI schemas name (x-i18n, x-enum-i18n, x-messages, ui:help keys...) with its text in
 * each language, flat: `{ 'schema.fields.wishMessage': '...' }`.
 */
export interface FormDocument {
  schema: Json;
  uiSchemas: Record<string, Json>;
  labels: Record<FormLanguage, Record<string, string>>;
}

/** Who did something to a version, and when (UTC ISO). */
export interface FormVersionStamp {
  accountId: string;
  /** the account's name as the console shows it */
  name: string;
  at: string;
}

/** A row of a form's history (no document). */
export interface FormVersionEntry {
  version: number;
  state: FormVersionState;
  /** increases on every save of a draft; a published or retired version keeps its last one */
  revision: number;
  created: FormVersionStamp;
  /** the last save of a draft */
  updated: FormVersionStamp;
  published?: FormVersionStamp;
  retired?: FormVersionStamp;
  /** a rollback: the version it copies */
  copyOf?: number;
}

/** GET formList: each form with its live and draft versions. */
export interface FormSummary {
  name: EditableFormName;
  /** i18n key of the form's title (the schema's x-i18n) */
  titleKey: string;
  live: FormVersionEntry | null;
  draft: FormVersionEntry | null;
}

/** GET formVersion / formDraft */
export interface FormVersionDetail extends FormVersionEntry {
  name: EditableFormName;
  document: FormDocument;
}

/** PUT formDraft. `baseRevision`: the revision the editor loaded (null: no draft yet, start one). */
export interface FormDraftSave {
  baseRevision: number | null;
  document: FormDocument;
}

/** 409 of a draft save or publish whose base is stale: who changed the draft last, and when. */
export interface FormDraftConflict {
  revision: number;
  changed: FormVersionStamp;
}

/** A problem of a draft: where (JSON pointer into the document, e.g. `/schema/properties/x/maxLength`) and what. */
export interface FormProblem {
  pointer: string;
  /** `<what is wrong>. <what to do>`, the same sentence codegen prints for the files */
  message: string;
}

/** POST formDraftCheck (body: optional `{ document }`, else the stored draft). */
export interface FormCheckResult {
  problems: FormProblem[];
}

/** One field's count in the stored-records diff. */
export interface StoredRecordsFieldCount {
  /** JSON pointer of the field in the stored document */
  pointer: string;
  /** i18n key of its label, when known */
  label?: string;
  dropped: number;
  rejected: number;
}

export interface StoredRecordAffected {
  kind: string;
  id: string;
  storedVersion: number;
  dropped: { pointer: string; label?: string }[];
  problems: { pointer: string; key: string; params: Record<string, unknown>; label?: string }[];
}

/** GET formDraftStoredRecords: what the draft would do to this edition's stored records. */
export interface StoredRecordsDiff {
  /** records checked (every stored document of this form, of this edition) */
  checked: number;
  /** records that would need changes */
  affected: number;
  fields: StoredRecordsFieldCount[];
  /** the affected records, at most `limit` (query `?limit=`, default 200) */
  records: StoredRecordAffected[];
  /** milliseconds the diff took on the server */
  tookMs: number;
}

/** POST formDraftPublish / formRollback: the count the organiser confirmed (409 when it changed since). */
export interface FormPublishRequest {
  baseRevision?: number;
  confirmedAffected: number;
}

/** 409 of a publish whose confirmed count is no longer true. */
export interface FormPublishCountChanged {
  affected: number;
}

export interface FormPublished {
  version: number;
  /** the validator module of the version (validatorUrl) */
  validatorUrl: string;
}

/** One field-by-field difference between two versions. */
export interface FormFieldChange {
  /** JSON pointer into the document (`/schema/properties/x/maxLength`, `/labels/en/schema.fields.x`, `/uiSchemas/guest/ui:order`) */
  pointer: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** GET formVersionDiff */
export interface FormVersionComparison {
  from: number;
  to: number;
  changes: FormFieldChange[];
}

/** GET formVersionValidator / POST formDraftValidator: the compiled validator module. */
export interface FormValidatorModule {
  /** sha256 of the module's code (hex) */
  sha256: string;
  /** same-origin, immutable: `/form-validators/<sha256>.js` */
  url: string;
  /** the export name of the root validator (the schema's `$id`) */
  rootKey: string;
}

/**
 * POST formDraftValidator: the draft's module and the bundled schema it was compiled for. The
 * module's validators belong to exactly that schema (rjsf's precompiled validator refuses any
 * other), so the preview renders this one rather than bundling the draft again in the browser.
 */
export interface FormDraftValidator extends FormValidatorModule {
  schema: Json;
}

/**
 * What a validator module exports: its default export takes the page's own formats and ajv
 * runtime helpers (src/shared/schema-formats.ts, src/shared/ajv-runtime.ts) and returns the
 * validators by key (rjsf's `createPrecompiledValidator` looks them up by those keys).
 */
export interface FormValidatorModuleExports {
  default: (schemaFormats: unknown, ajvRuntime: unknown) => Record<string, unknown>;
}

/**
 * GET liveForm: what a registrant form renders. `schema` is bundled (self-contained, as
 * src/generated/schemas has it), so the validator module's functions belong to exactly it.
 */
export interface LiveForm {
  name: EditableFormName;
  version: number;
  schema: Json;
  uiSchemas: Record<string, Json>;
  labels: Record<FormLanguage, Record<string, string>>;
  validator: FormValidatorModule;
}

/** GET liveVersions: the live version of every editable form (what an open page polls to see a publish). */
export type LiveFormVersions = Record<EditableFormName, number>;

export const FORM_VALIDATORS_PREFIX = '/form-validators/';

export function formValidatorUrl(sha256: string): string {
  return `${FORM_VALIDATORS_PREFIX}${sha256}.js`;
}

export const formVersionsApiPaths = {
  /** GET: FormSummary[] */
  formList: 'admin/console/forms',
  /** GET: FormVersionEntry[], newest first */
  formHistory: (name: string) => `admin/console/forms/${name}/versions`,
  /** GET: FormVersionDetail */
  formVersion: (name: string, version: number) => `admin/console/forms/${name}/versions/${version}`,
  /** GET: FormVersionDetail (404 when there is no draft); PUT (FormDraftSave): FormVersionEntry, 409 FormDraftConflict; DELETE: discards it */
  formDraft: (name: string) => `admin/console/forms/${name}/draft`,
  /** POST ({ document? }): FormCheckResult */
  formDraftCheck: (name: string) => `admin/console/forms/${name}/draft/check`,
  /** GET ?limit: StoredRecordsDiff */
  formDraftStoredRecords: (name: string) => `admin/console/forms/${name}/draft/stored-records`,
  /** POST (FormPublishRequest): FormPublished; 409 FormDraftConflict or FormPublishCountChanged; 400 with the check's problems */
  formDraftPublish: (name: string) => `admin/console/forms/${name}/draft/publish`,
  /** POST ({ document? }): FormDraftValidator of the draft (or of the body's document), for the preview */
  formDraftValidator: (name: string) => `admin/console/forms/${name}/draft/validator`,
  /** POST (FormPublishRequest without baseRevision): publishes a copy of `version` as a new version */
  formRollback: (name: string, version: number) => `admin/console/forms/${name}/versions/${version}/rollback`,
  /** GET: FormVersionComparison */
  formVersionDiff: (name: string, from: number, to: number) => `admin/console/forms/${name}/versions/${from}/diff/${to}`,
  /** GET: FormValidatorModule */
  formVersionValidator: (name: string, version: number) => `admin/console/forms/${name}/versions/${version}/validator`,
  /** GET (open): LiveForm */
  liveForm: (name: string) => `qms/form/${name}/live`,
  /** GET (open): LiveFormVersions */
  liveVersions: 'qms/form/live-versions',
} as const;
