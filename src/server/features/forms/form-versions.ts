/**
 * Form versions as data: the drafts organisers edit, the published version each form is shown and
 * checked with, and the history. A published version never changes (only its state moves to
 * retired when another is published); a rollback publishes a copy of an earlier version as a new
 * one. Every draft change, publish and rollback is in the audit log, in the write's transaction.
 */
import type { Audit } from '../../audit/audit.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import { AppError } from '../../http/app-error.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../clock.js';
import type { AuditAction } from '../../../shared/audit-actions.js';
import type { Editions } from '../edition/editions.js';
import { documentChanges } from '../../../shared/form-rules/document-diff.js';
import {
  editableForms,
  isEditableForm,
  type EditableFormName,
  type FormDocument,
  type FormDraftConflict,
  type FormDraftSave,
  type FormPublishRequest,
  type FormSummary,
  type FormVersionComparison,
  type FormVersionDetail,
  type FormVersionEntry,
  type FormVersionStamp,
  type FormVersionState,
} from '../../../shared/form-versions-api.js';
import type { FormsDb, FormVersionTable } from './form-tables.js';
import { detailOf, documentColumns, documentOf, entryOf, parseFormDocument } from './form-version-rows.js';
import type { RepositoryForms } from './repository-forms.js';

/** What publishing needs besides the rows: the check's problems and the count of stored records the version would change. */
export interface PublishGate {
  problems(name: EditableFormName, document: FormDocument): string[];
  affected(name: EditableFormName, document: FormDocument): Promise<number>;
}

/** Told after a version was published (the instance's live forms, the other instances). */
export type PublishedListener = (name: EditableFormName, version: number) => void | Promise<void>;

/** The seed's author: the repository's files. */
const FILES: FormVersionStamp = { accountId: 'repository', name: 'schemas/', at: '' };

export class FormVersions {
  private readonly listeners: PublishedListener[] = [];

  constructor(
    private readonly db: FormsDb,
    private readonly editions: Pick<Editions, 'current'>,
    private readonly audit: Audit,
    private readonly files: RepositoryForms,
    private readonly clock: Clock,
    private readonly gate: PublishGate,
  ) {}

  onPublished(listener: PublishedListener): void {
    this.listeners.push(listener);
  }

  /** On an empty table (or a form not there yet): the repository's version of each form, published. */
  async seed(): Promise<void> {
    const present = new Set((await this.db.selectFrom('form_versions').select('form_name').distinct().execute()).map((r) => r.form_name));
    const at = this.clock.nowIso();
    for (const name of editableForms) {
      if (present.has(name)) continue;
      const document = this.files.document(name);
      const version = Number(document.schema['x-version'] ?? 1);
      const by = { by: FILES.accountId, name: FILES.name, at };
      await this.db
        .insertInto('form_versions')
        .values({
          form_name: name,
          version,
          state: 'published',
          revision: 1,
          copy_of: null,
          ...documentColumns(document, version),
          ...this.stampColumns('created', by),
          ...this.stampColumns('updated', by),
          ...this.stampColumns('published', by),
        })
        .onConflict((c) => c.doNothing())
        .execute();
    }
  }

  async list(who: SignedInAccount): Promise<FormSummary[]> {
    assertOrganiser(who);
    const rows = await this.db.selectFrom('form_versions').selectAll().where('state', '!=', 'retired').execute();
    return editableForms.map((name) => {
      const live = rows.find((row) => row.form_name === name && row.state === 'published');
      const draft = rows.find((row) => row.form_name === name && row.state === 'draft');
      const titleKey = live ? (JSON.parse(live.schema) as { 'x-i18n'?: string })['x-i18n'] : undefined;
      return {
        name,
        titleKey: titleKey ?? `schema.titles.${name}`,
        live: live ? entryOf(live) : null,
        draft: draft ? entryOf(draft) : null,
      };
    });
  }

  async history(who: SignedInAccount, name: string): Promise<FormVersionEntry[]> {
    assertOrganiser(who);
    const form = formName(name);
    const rows = await this.db.selectFrom('form_versions').selectAll().where('form_name', '=', form).orderBy('version', 'desc').execute();
    return rows.map(entryOf);
  }

  async version(who: SignedInAccount, name: string, version: number): Promise<FormVersionDetail> {
    assertOrganiser(who);
    return detailOf(formName(name), await this.row(this.db, formName(name), version));
  }

  async draft(who: SignedInAccount, name: string): Promise<FormVersionDetail> {
    assertOrganiser(who);
    const form = formName(name);
    const row = await this.stateRow(this.db, form, 'draft');
    if (!row) throw new AppError('formNoDraft');
    return detailOf(form, row);
  }

  /** The published version of a form (every form has one once seeded). */
  async published(name: EditableFormName, executor: FormsDb = this.db): Promise<FormVersionTable> {
    const row = await this.stateRow(executor, name, 'published');
    if (!row) throw new AppError('formUnknown', { name });
    return row;
  }

  async liveVersions(): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('form_versions').select(['form_name', 'version']).where('state', '=', 'published').execute();
    return Object.fromEntries(rows.map((row) => [row.form_name, Number(row.version)]));
  }

  /** Saves the draft (starts one on `baseRevision: null`); a stale base is a 409 naming who changed it last and when. */
  async saveDraft(who: SignedInAccount, name: string, body: FormDraftSave): Promise<FormVersionEntry> {
    assertOrganiser(who);
    const form = formName(name);
    const document = parseFormDocument(body?.document);
    const baseRevision = body?.baseRevision ?? null;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const stamp = this.stamp(who);
        const draft = await this.stateRow(trx, form, 'draft');
        if (!draft || baseRevision === null || draft.revision !== baseRevision) {
          if (draft || baseRevision !== null) throw await this.conflict(trx, form, draft);
          const version = (await this.highestVersion(trx, form)) + 1;
          const row: FormVersionTable = {
            form_name: form,
            version,
            state: 'draft',
            revision: 1,
            copy_of: null,
            ...documentColumns(document, version),
            ...this.stampColumns('created', stamp),
            ...this.stampColumns('updated', stamp),
            ...this.stampColumns('published', null),
            ...this.stampColumns('retired', null),
          };
          await trx.insertInto('form_versions').values(row).execute();
          await this.record(trx, who, 'form.draft.create', form, version, { after: { version, revision: 1 } });
          return entryOf(row);
        }
        const revision = draft.revision + 1;
        const columns = { ...documentColumns(document, draft.version), revision, ...this.stampColumns('updated', stamp) };
        const changed = await trx
          .updateTable('form_versions')
          .set(columns)
          .where('form_name', '=', form)
          .where('version', '=', draft.version)
          .where('state', '=', 'draft')
          .where('revision', '=', baseRevision)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) throw await this.conflict(trx, form, await this.stateRow(trx, form, 'draft'));
        await this.record(trx, who, 'form.draft.update', form, draft.version, {
          before: { revision: draft.revision },
          after: { revision, changes: documentChanges(documentOf(draft), document).length },
        });
        return entryOf({ ...draft, ...columns });
      });
    } catch (error) {
      // two first saves at once: the one-draft index let one in
      if (isUniqueViolation(error)) throw await this.conflict(this.db, form, await this.stateRow(this.db, form, 'draft'));
      throw error;
    }
  }

  async discardDraft(who: SignedInAccount, name: string): Promise<void> {
    assertOrganiser(who);
    const form = formName(name);
    await this.db.transaction().execute(async (trx) => {
      const draft = await this.stateRow(trx, form, 'draft');
      if (!draft) throw new AppError('formNoDraft');
      await trx.deleteFrom('form_versions').where('form_name', '=', form).where('state', '=', 'draft').execute();
      await this.record(trx, who, 'form.draft.discard', form, draft.version, { before: { revision: draft.revision } });
    });
  }

  /** The draft's document (for the check, the diff and the preview): the body's, else the stored draft's. */
  async draftDocument(who: SignedInAccount, name: string, document?: unknown): Promise<FormDocument> {
    assertOrganiser(who);
    const form = formName(name);
    if (document !== undefined) return parseFormDocument(document);
    const row = await this.stateRow(this.db, form, 'draft');
    if (!row) throw new AppError('formNoDraft');
    return documentOf(row);
  }

  async publish(who: SignedInAccount, name: string, request: FormPublishRequest): Promise<number> {
    assertOrganiser(who);
    const form = formName(name);
    const draft = await this.stateRow(this.db, form, 'draft');
    if (!draft) throw new AppError('formNoDraft');
    if (request.baseRevision !== undefined && request.baseRevision !== draft.revision) throw await this.conflict(this.db, form, draft);
    const document = documentOf(draft);
    await this.passGate(form, document, request.confirmedAffected);
    await this.db.transaction().execute(async (trx) => {
      const stamp = this.stamp(who);
      await this.retireLive(trx, form, stamp);
      const done = await trx
        .updateTable('form_versions')
        .set({ state: 'published', ...this.stampColumns('published', stamp) })
        .where('form_name', '=', form)
        .where('state', '=', 'draft')
        .where('revision', '=', draft.revision)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw await this.conflict(trx, form, await this.stateRow(trx, form, 'draft'));
      await this.record(trx, who, 'form.publish', form, draft.version, {
        after: { version: draft.version, affected: request.confirmedAffected },
      });
    });
    await this.tell(form, draft.version);
    return draft.version;
  }

  /** Publishes a copy of `version` as a new version (a draft beside it moves one number up). */
  async rollback(who: SignedInAccount, name: string, version: number, request: Omit<FormPublishRequest, 'baseRevision'>): Promise<number> {
    assertOrganiser(who);
    const form = formName(name);
    const source = await this.row(this.db, form, version);
    const document = documentOf(source);
    await this.passGate(form, document, request.confirmedAffected);
    const published = await this.db.transaction().execute(async (trx) => {
      const stamp = this.stamp(who);
      const draft = await this.stateRow(trx, form, 'draft');
      const highest = await this.highestVersion(trx, form);
      const next = draft ? draft.version : highest + 1;
      if (draft) {
        const moved = draft.version + 1;
        const schema = JSON.stringify({ ...(JSON.parse(draft.schema) as object), 'x-version': moved });
        await trx
          .updateTable('form_versions')
          .set({ version: moved, schema })
          .where('form_name', '=', form)
          .where('state', '=', 'draft')
          .execute();
      }
      await this.retireLive(trx, form, stamp);
      await trx
        .insertInto('form_versions')
        .values({
          form_name: form,
          version: next,
          state: 'published',
          revision: 1,
          copy_of: version,
          ...documentColumns(document, next),
          ...this.stampColumns('created', stamp),
          ...this.stampColumns('updated', stamp),
          ...this.stampColumns('published', stamp),
          ...this.stampColumns('retired', null),
        })
        .execute();
      await this.record(trx, who, 'form.rollback', form, next, {
        after: { version: next, copyOf: version, affected: request.confirmedAffected },
      });
      return next;
    });
    await this.tell(form, published);
    return published;
  }

  async compare(who: SignedInAccount, name: string, from: number, to: number): Promise<FormVersionComparison> {
    assertOrganiser(who);
    const form = formName(name);
    const [before, after] = [await this.row(this.db, form, from), await this.row(this.db, form, to)];
    const strip = (document: FormDocument) => ({ ...document, schema: { ...document.schema, 'x-version': undefined } });
    return {
      from,
      to,
      changes: documentChanges(JSON.parse(JSON.stringify(strip(documentOf(before)))), JSON.parse(JSON.stringify(strip(documentOf(after))))),
    };
  }

  private async passGate(form: EditableFormName, document: FormDocument, confirmed: number): Promise<void> {
    const problems = this.gate.problems(form, document);
    if (problems.length > 0) throw new AppError('formDraftInvalid', { details: problems.slice(0, 5).join('; ') }, undefined, { problems });
    const affected = await this.gate.affected(form, document);
    if (affected !== confirmed) throw new AppError('formCountChanged', { affected }, undefined, { affected });
  }

  private async tell(form: EditableFormName, version: number): Promise<void> {
    for (const listener of this.listeners) await listener(form, version);
  }

  private async retireLive(trx: FormsDb, form: EditableFormName, stamp: StampValues): Promise<void> {
    await trx
      .updateTable('form_versions')
      .set({ state: 'retired', ...this.stampColumns('retired', stamp) })
      .where('form_name', '=', form)
      .where('state', '=', 'published')
      .execute();
  }

  private async conflict(executor: FormsDb, form: EditableFormName, draft: FormVersionTable | undefined): Promise<AppError> {
    // no draft any more: it was published (or discarded) by the last one to touch the form
    const last =
      draft ??
      (await executor
        .selectFrom('form_versions')
        .selectAll()
        .where('form_name', '=', form)
        .orderBy('updated_at', 'desc')
        .executeTakeFirst());
    const changed: FormVersionStamp = last
      ? {
          accountId: last.published_by ?? last.updated_by,
          name: last.published_by_name ?? last.updated_by_name,
          at: last.published_at ?? last.updated_at,
        }
      : { ...FILES, at: '' };
    const data: FormDraftConflict = { revision: draft ? Number(draft.revision) : 0, changed };
    return new AppError('formDraftChanged', { name: changed.name, at: changed.at, revision: data.revision }, undefined, data);
  }

  private async record(
    trx: FormsDb,
    who: SignedInAccount,
    action: Extract<AuditAction, `form.${string}`>,
    form: string,
    version: number,
    values: { before?: unknown; after?: unknown },
  ) {
    const edition = await this.editions.current(trx as never);
    await this.audit.record(trx as never, who, {
      editionId: edition.id,
      action,
      targetType: 'form',
      targetId: `${form}@${version}`,
      targetLabel: `${form} v${version}`,
      ...values,
      at: this.clock.nowIso(),
    });
  }

  private async row(executor: FormsDb, form: EditableFormName, version: number): Promise<FormVersionTable> {
    const row = await executor
      .selectFrom('form_versions')
      .selectAll()
      .where('form_name', '=', form)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw new AppError('formVersionNotFound', { version });
    return row;
  }

  private stateRow(
    executor: FormsDb,
    form: EditableFormName,
    state: Exclude<FormVersionState, 'retired'>,
  ): Promise<FormVersionTable | undefined> {
    return executor.selectFrom('form_versions').selectAll().where('form_name', '=', form).where('state', '=', state).executeTakeFirst();
  }

  private async highestVersion(executor: FormsDb, form: EditableFormName): Promise<number> {
    const row = await executor
      .selectFrom('form_versions')
      .select((eb) => eb.fn.max('version').as('highest'))
      .where('form_name', '=', form)
      .executeTakeFirst();
    return Number(row?.highest ?? 0);
  }

  private stamp(who: SignedInAccount): StampValues {
    return { by: who.id, name: who.name, at: this.clock.nowIso() };
  }

  private stampColumns<K extends 'created' | 'updated' | 'published' | 'retired'>(kind: K, stamp: StampValues | null) {
    return { [`${kind}_by`]: stamp?.by ?? null, [`${kind}_by_name`]: stamp?.name ?? null, [`${kind}_at`]: stamp?.at ?? null } as {
      [P in `${K}_by` | `${K}_by_name` | `${K}_at`]: string;
    };
  }
}

interface StampValues {
  by: string;
  name: string;
  at: string;
}

function formName(name: string): EditableFormName {
  if (!isEditableForm(name)) throw new AppError('formUnknown', { name });
  return name;
}
