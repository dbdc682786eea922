/**
 * What the editor asks of a draft (or of any version): the check by codegen's rules, the stored
 * records it would change, and its validator compiled with codegen's ajv options into a
 * content-addressed module. Also the publish gate of FormVersions.
 */
import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../clock.js';
import type { Editions } from '../edition/editions.js';
import type { DataProtection } from '../../security/data-protection.js';
import { DIFF_PAGE_SIZE, walkStoredRecords } from '../../schema-versions/stored-records-diff.js';
import { commitStamp } from '../../db/commit-stamp.js';
import { StoredRecordsTally } from './stored-records-tally.js';
import { StoredRecordsCache } from './stored-records-cache.js';
import { storedDocuments, publishedSchema, type StoredDocumentKind } from '../../schema-versions/schema-versions.js';
import type { FormVersion } from '../../schema-versions/document-upgrade.js';
import type { SchemaName } from '../../../generated/registry.js';
import { checkFormDocument } from '../../../shared/form-rules/form-check.js';
import { formValidatorCode, importFormValidator } from './form-validator-code.js';
import { recordDeltaOf } from './stored-records-deltas.js';
import {
  formValidatorUrl,
  isEditableForm,
  type EditableFormName,
  type FormCheckResult,
  type FormDocument,
  type FormDraftValidator,
  type FormValidatorModule,
  type StoredRecordsDiff,
} from '../../../shared/form-versions-api.js';
import { AppError } from '../../http/app-error.js';
import { currentSchema, storedSchemasOf } from '../../http/live-schemas.js';
import { formsDb, type FormsDb } from './form-tables.js';
import type { RepositoryForms } from './repository-forms.js';
import type { PublishGate } from './form-versions.js';
import { documentOf } from './form-version-rows.js';
import { storedVersions } from './stored-versions.js';

/** Documents stored with their version beyond the record-upgrade ones: their diff counts too. */
const MORE_STORED: StoredDocumentKind[] = [
  { kind: 'good-wishes', table: 'good_wishes', column: 'document', versionColumn: 'schema_version', schema: 'good-wishes' },
  {
    kind: 'temporary-registration',
    table: 'temporary_registrations',
    column: 'document',
    versionColumn: 'schema_version',
    schema: 'temporary-registration',
  },
];

/** The most affected records a diff lists (the route's `limit` is capped there too). */
export const MAX_LISTED = 10_000;

export interface CompiledForm {
  /** sha256 of the bundled schema: what the validator was compiled from */
  key: string;
  module: FormValidatorModule;
  bundled: Record<string, unknown>;
  validate: ValidateFunction;
}

export class FormDrafts implements PublishGate {
  private readonly db: FormsDb;
  private readonly compiled = new Map<string, CompiledForm>();
  private readonly compiledDeltas = new Map<string, ValidateFunction>();
  private readonly diffs: StoredRecordsCache<StoredRecordsTally>;

  constructor(
    private readonly plainDb: Db,
    private readonly files: RepositoryForms,
    private readonly editions: Pick<Editions, 'current'>,
    private readonly protection: DataProtection,
    private readonly clock: Clock,
    /** rows per read of the diff (tests make it small) */
    private readonly pageSize = DIFF_PAGE_SIZE,
  ) {
    this.db = formsDb(plainDb);
    this.diffs = new StoredRecordsCache(() => commitStamp(plainDb));
  }

  check(name: string, document: FormDocument): FormCheckResult {
    return { problems: this.checkProblems(form(name), document) };
  }

  problems(name: EditableFormName, document: FormDocument): string[] {
    return this.checkProblems(name, document).map((p) => `${p.pointer}: ${p.message}`);
  }

  private checkProblems(name: EditableFormName, document: FormDocument) {
    return checkFormDocument({
      name,
      document,
      definitionsFile: this.files.definitionsFile(),
      repositorySchema: this.files.bundle(name, this.files.fileSchema(name)),
      // the versions records were saved under, as this instance read them at its last switch
      storedSchemas: [currentSchema(name), ...storedSchemasOf(name)],
    });
  }

  async affected(name: EditableFormName, document: FormDocument): Promise<number> {
    return (await this.storedRecords(name, document, 0)).affected;
  }

  /**
   * The stored records of the current edition the document would change: the count, per field,
   * and the first `limit`. Read in pages (stored-records-diff.ts); kept while nothing is
   * committed (stored-records-cache.ts), so the publish's recount after a diff costs nothing.
   */
  async storedRecords(
    name: string,
    document: FormDocument,
    limit: number,
    /** every record opened and checked against the whole draft, nothing kept (what tests and the bench compare with) */
    { inFull = false }: { inFull?: boolean } = {},
  ): Promise<StoredRecordsDiff> {
    const started = performance.now();
    const formName = form(name);
    const target = await this.compile(formName, document);
    const edition = await this.editions.current();
    const walk = async () => {
      const tally = new StoredRecordsTally(MAX_LISTED);
      tally.checked = await walkStoredRecords(
        this.plainDb,
        () => this.formVersionOf(formName, document, target),
        this.kindsOf(formName),
        (record) => tally.add(record),
        {
          open: (schema, doc) => this.protection.openDocument(schema, doc),
          editionId: edition.id,
          pageSize: this.pageSize,
          // the records of a version are checked against what the draft changed since it (schema-delta.ts)
          ...(inFull ? {} : { deltaOf: async (stored: number) => this.deltaOf(formName, stored, target) }),
        },
      );
      return tally;
    };
    const value = inFull ? await walk() : await this.diffs.get(`${formName} ${edition.id} ${target.key}`, walk);
    return value.result(Math.min(limit, MAX_LISTED), Math.round(performance.now() - started));
  }

  /**
   * The delta from a stored version (as the server validated its saves: bundled from its row) to
   * the draft. Read from the database, not from the stored schemas this instance holds: those are
   * as of its last switch, and may not have a version another instance published since yet.
   */
  private async deltaOf(formName: EditableFormName, stored: number, target: CompiledForm) {
    // a draft never validated a save; a version not on record is checked in full
    const schema = (await storedVersions(this.db, this.files, formName, stored)).get(stored)?.schema;
    return recordDeltaOf(formName, schema, target.bundled, this.compiledDeltas);
  }

  private kindsOf(formName: EditableFormName): StoredDocumentKind[] {
    return [...storedDocuments, ...MORE_STORED].filter((kind) => kind.schema === formName);
  }

  private formVersionOf(formName: EditableFormName, document: FormDocument, target: CompiledForm): FormVersion {
    const older = new Map<number, Record<string, unknown> | undefined>();
    return {
      name: formName,
      version: Number(document.schema['x-version'] ?? 0),
      validate: target.validate,
      schema: target.bundled,
      // read once per diff and version (only records that lose a field ask, for its old label)
      published: (stored) => {
        if (!older.has(stored)) older.set(stored, publishedSchema(formName, stored));
        return older.get(stored);
      },
    };
  }

  /** The preview's module and the bundled schema it belongs to (the browser binds the two). */
  async validatorOf(name: string, document: FormDocument): Promise<FormDraftValidator> {
    const compiled = await this.compile(form(name), document);
    return { ...compiled.module, schema: compiled.bundled };
  }

  async validatorOfVersion(name: string, version: number): Promise<FormValidatorModule> {
    const row = await this.db
      .selectFrom('form_versions')
      .selectAll()
      .where('form_name', '=', form(name))
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw new AppError('formVersionNotFound', { version });
    return (await this.compile(form(name), documentOf(row))).module;
  }

  /** The code of a module some instance compiled (served at its immutable URL), or undefined. */
  async moduleCode(sha256: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('form_validator_modules').select('code').where('sha256', '=', sha256).executeTakeFirst();
    return row?.code;
  }

  /** A document's bundled schema and validator, compiled with codegen's options once per content. */
  async compile(name: EditableFormName, document: FormDocument): Promise<CompiledForm> {
    const bundled = this.files.bundle(name, document.schema);
    const key = createHash('sha256').update(JSON.stringify(bundled)).digest('hex');
    const known = this.compiled.get(key);
    if (known) return known;
    let compiledCode: { code: string; sha256: string };
    try {
      compiledCode = formValidatorCode(name, bundled);
    } catch (error) {
      throw new AppError('formDraftInvalid', { details: error instanceof Error ? error.message.split('\n')[0] : String(error) });
    }
    const { code, sha256 } = compiledCode;
    await this.db
      .insertInto('form_validator_modules')
      .values({ sha256, code, created_at: this.clock.nowIso() })
      .onConflict((c) => c.column('sha256').doNothing())
      .execute();
    const rootKey = String(bundled.$id);
    const validate = await importFormValidator(code, rootKey);
    if (!validate) throw new AppError('formDraftInvalid', { details: `no validator for ${rootKey}` });
    const compiled: CompiledForm = { key, module: { sha256, url: formValidatorUrl(sha256), rootKey }, bundled, validate };
    // drafts come and go: a bounded cache
    if (this.compiled.size >= 64) this.compiled.delete(this.compiled.keys().next().value as string);
    this.compiled.set(key, compiled);
    return compiled;
  }

  /** The live form of a name: the published version compiled. */
  async live(name: EditableFormName): Promise<CompiledForm & { version: number; document: FormDocument }> {
    const row = await this.db
      .selectFrom('form_versions')
      .selectAll()
      .where('form_name', '=', name)
      .where('state', '=', 'published')
      .executeTakeFirst();
    if (!row) throw new AppError('formUnknown', { name });
    const document = documentOf(row);
    return { ...(await this.compile(name, document)), version: Number(row.version), document };
  }
}

function form(name: string): EditableFormName {
  if (!isEditableForm(name)) throw new AppError('formUnknown', { name });
  return name as SchemaName & EditableFormName;
}
