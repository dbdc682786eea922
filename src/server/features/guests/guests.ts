import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { MasterInfoData, Page } from '../../../shared/api-types.js';
import type { AuditStatus, EditionData, GuestDetail, GuestSummary } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import { shanghaiDate } from '../../clock.js';
import type { Editions } from '../edition/editions.js';
import type { GuestAccountLinks } from './guest-accounts.js';
import { assertCanAddGuest, assertCanEditBasic, decideGuestGates, gateReasonsOf, gatesOf } from './guest-gates.js';
import type { Executor } from '../../db/database.js';
import { refuseDuplicates } from '../../db/unique-violation.js';
import { GuestRepository, toSummary, UNFILLED_GUEST_STEPS, type GuestRow } from './guest-repository.js';
import type { DataProtection } from '../../security/data-protection.js';
import { openReception } from '../reception/sealed-receptions.js';
import { maskIdNumber, withMaskedIdNumber } from './id-numbers.js';
import { checkInvitationCode } from '../invitations/invitation-codes.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import { changesOnlyUpgradeFixes, upgradeFixFields } from './upgrade-fixes.js';
import { maskedDocument } from '../../privacy/masked-answers.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import type { SortDirection } from '../../db/list-order.js';
import type { GuestPageQuery as GuestPageQueryString } from '../../../generated/types.js';
import { assertPersonFiles } from './person-files.js';
import {
  consentAccountNames,
  consentAnswer,
  decideConsent,
  storedConsentOf,
  withConsentAsRecorded,
  type ConsentDecision,
  type StoredConsent,
} from './id-number-consents.js';
import { auditConsentGiven } from './id-number-consent-audit.js';
import type { Audit } from '../../audit/audit.js';
import { assertOrganiser, schemaUnitType, unitOf } from '../../auth/unit-access.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';

/** The guest document as the guest schema validated it (only the fields the server reads). */
export interface GuestDocument {
  nameZh: string;
  nameEn?: string;
  idNumber: string;
  photo: string;
  businessCard?: string;
  inviteCode?: string;
  unitType?: string;
  [field: string]: unknown;
}

/** The guest form's code field: refusals about the code are shown there. */
const INVITE_CODE_FIELD = '/inviteCode';

/** The document with the code as stored (typed in any case, it is kept as the catalogue holds it). */
function withStoredCode(body: GuestDocument, inviteCode: string | null): GuestDocument {
  return inviteCode === null ? body : { ...body, inviteCode };
}

export interface GuestPageQuery {
  pageNum: number;
  pageSize: number;
  status?: AuditStatus;
  name?: string;
  /** the unit's list sorts by name or status (the `sort` enum of guest-page-query), newest first without one */
  sort?: GuestPageQueryString['sort'];
  order?: SortDirection;
}

/** Adding, reading and saving the basic information of a unit's guests. */
export class Guests {
  /** consents given are written to the log in the save's transaction */

  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    /** sign-in accounts of approved guests */
    readonly accountLinks: GuestAccountLinks,
    /** ID numbers and mobiles are sealed in the stored document and opened on read */
    readonly protection: DataProtection,
    readonly repository: GuestRepository,
    readonly audit: Audit,
  ) {}

  today(): string {
    return shanghaiDate(this.editions.now());
  }

  async page(who: SignedInAccount, query: GuestPageQuery): Promise<Page<GuestSummary>> {
    const unitId = unitOf(who);
    const edition = await this.editions.current();
    const page = await this.repository.page(
      { editionId: edition.id, unitId, status: query.status, name: query.name, sort: query.sort, order: query.order },
      query.pageNum,
      query.pageSize,
    );
    return { ...page, records: page.records.map(({ unitId: _unit, ...summary }) => summary) };
  }

  /** The unit's guest, or 404 whatever the id (another unit's guest included). */
  async load(executor: Executor, edition: EditionData, unitId: string | null, id: string, lock = false): Promise<GuestRow> {
    const row = await this.repository.find(executor, edition.id, unitId, id, lock);
    if (!row) throw new AppError('guestNotFound');
    return row;
  }

  async detail(who: SignedInAccount, id: string): Promise<GuestDetail> {
    const unitId = unitOf(who);
    const edition = await this.editions.current();
    return this.detailOf(this.db, edition, await this.load(this.db, edition, unitId, id));
  }

  /** Organisers: any guest of the current edition (403 for other accounts, 404 for an unknown id). */
  async organiserDetail(who: SignedInAccount, id: string): Promise<GuestDetail> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.detailOf(this.db, edition, await this.load(this.db, edition, null, id));
  }

  /**
   * A guest account's own registration (never another guest: looked up by the caller's account
   * only), with the ID number of the guest document masked like the members'; null when none is linked.
   */
  /** The guest registration an account signs in for (any edition), as "master info" names it. */
  async accountGuest(accountId: string): Promise<MasterInfoData['guest']> {
    const guest = await this.db
      .selectFrom('guests')
      .select(['id', 'name', 'document', 'email', 'audit_status'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!guest) return null;
    return {
      id: guest.id,
      name: guest.name,
      mobile: this.protection.fieldOf(JSON.parse(guest.document) as Record<string, unknown>, 'mobile'),
      email: guest.email,
      auditStatus: guest.audit_status as NonNullable<MasterInfoData['guest']>['auditStatus'],
    };
  }

  async ownDetail(who: SignedInAccount): Promise<GuestDetail | null> {
    const edition = await this.editions.current();
    const row = await this.repository.findByAccount(this.db, edition.id, who.id);
    if (!row) return null;
    const detail = await this.detailOf(this.db, edition, row);
    return { ...detail, document: withMaskedIdNumber(detail.document) };
  }

  async detailOf(executor: Executor, edition: EditionData, row: GuestRow): Promise<GuestDetail> {
    const [unit, members] = await Promise.all([
      executor
        .selectFrom('units')
        .select('name')
        .where('id', '=', row.unit_id ?? '')
        .executeTakeFirst(),
      executor
        .selectFrom('entourage_members')
        .select([
          'id',
          'document',
          'id_number_masked',
          'schema_version',
          'id_number_consent_version',
          'id_number_consent_at',
          'id_number_consent_by',
        ])
        .where('guest_id', '=', row.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    const summary = toSummary(row);
    const names = await consentAccountNames(executor, [row.id_number_consent_by, ...members.map((m) => m.id_number_consent_by)]);
    const guestConsent = consentAnswer(row.id_number_consent_version, row.id_number_consent_at, row.id_number_consent_by, names);
    return {
      ...summary,
      unitId: row.unit_id ?? '',
      unitName: unit?.name ?? '',
      schemaVersion: row.schema_version,
      document: withConsentAsRecorded('guest', this.protection.openJson('guest', row.document), guestConsent),
      idNumberConsent: guestConsent,
      intention: row.intention ? (JSON.parse(row.intention) as Record<string, unknown>) : null,
      itinerary: row.itinerary ? (JSON.parse(row.itinerary) as Record<string, unknown>) : null,
      reception: openReception(this.protection, row.reception),
      epidemic: row.epidemic ? (JSON.parse(row.epidemic) as Record<string, unknown>) : null,
      entourage: members.map((m) => {
        const consent = consentAnswer(m.id_number_consent_version, m.id_number_consent_at, m.id_number_consent_by, names);
        const document = withConsentAsRecorded(
          'entourage-member',
          withMaskedIdNumber(this.protection.openJson('entourage-member', m.document)),
          consent,
        );
        return { id: m.id, document, idNumberMasked: m.id_number_masked, idNumberConsent: consent, schemaVersion: m.schema_version };
      }),
      entourageCap: edition.entourageCap,
      ...answerGates(
        decideGuestGates(edition, this.today(), {
          status: summary.status,
          itineraryDone: summary.itineraryDone,
          entourageCount: summary.entourageCount,
        }),
      ),
    };
  }

  private async assertMobileFree(executor: Executor, editionId: string, unitId: string, document: GuestDocument): Promise<void> {
    if (typeof document.mobile !== 'string') return;
    if (await this.repository.mobileTakenByOtherUnit(executor, editionId, unitId, this.protection.index('mobile', document.mobile)))
      throw new AppError('guestMobileTaken');
  }

  /**
   * What the guest's invitation code makes of it, claimed in the caller's transaction: the code
   * as stored, the guest type, and whether the committee reviews it. No code (where the edition
   * allows none): no type, and the committee reviews. `guestId`: the guest being saved, whose
   * own use of a capped code does not count.
   */
  private async codeTerms(trx: Executor, edition: EditionData, unitId: string, body: GuestDocument, guestId?: string) {
    if (body.inviteCode === undefined) {
      if (edition.inviteCodeRequired) throw new AppError('addFailedInviteCodeEmpty', {}, INVITE_CODE_FIELD);
      return { inviteCode: null, guestType: null, reviewRequired: true };
    }
    const code = await checkInvitationCode(trx, edition.id, unitId, body.inviteCode, {
      today: this.today(),
      claim: true,
      field: INVITE_CODE_FIELD,
      ...(guestId ? { exceptGuestId: guestId } : {}),
    });
    return { inviteCode: code.code, guestType: code.guestType, reviewRequired: code.reviewRequired };
  }

  /** The columns the basic step writes, on add and on save; `document` is stored sealed. */
  private basicColumns(
    body: GuestDocument,
    hash: string,
    status: AuditStatus,
    code: { inviteCode: string | null; guestType: string | null },
    document: Record<string, unknown>,
    editionId: string,
  ) {
    return {
      name: body.nameZh,
      name_en: body.nameEn ?? null,
      mobile_index: typeof body.mobile === 'string' ? this.protection.index('mobile', body.mobile) : null,
      email: typeof body.email === 'string' ? body.email : null,
      audit_status: status,
      reject_reason: null,
      invitation_code: code.inviteCode,
      guest_type: code.guestType,
      id_number_hash: hash,
      id_number_masked: maskIdNumber(body.idNumber),
      document: JSON.stringify(this.protection.sealDocument('guest', document, editionId)),
      schema_version: versionOf('guest'),
    };
  }

  /** A guest's save that gave the ID-number consent (adding or saving the basics) puts it in the audit log. */
  private async auditConsent(
    trx: Executor,
    who: SignedInAccount,
    save: { editionId: string; guestId: string; name: string; stored: StoredConsent | null; at: string },
    consent: ConsentDecision,
  ): Promise<void> {
    if (!consent.given) return;
    await auditConsentGiven(this.audit, trx, who, {
      editionId: save.editionId,
      targetType: 'guest',
      targetId: save.guestId,
      targetLabel: save.name,
      stored: save.stored,
      recorded: consent.columns,
      at: save.at,
    });
  }

  async add(who: SignedInAccount, body: GuestDocument): Promise<GuestSummary> {
    const unitId = unitOf(who);
    return refuseDuplicates(new AppError('alreadyExists'), () =>
      this.db.transaction().execute(async (trx) => {
        const edition = await this.editions.current(trx);
        assertCanAddGuest(edition, this.today());
        const unit = await trx.selectFrom('units').select(['unit_type']).where('id', '=', unitId).executeTakeFirstOrThrow();
        const { inviteCode, guestType, reviewRequired } = await this.codeTerms(trx, edition, unitId, body);
        const status: AuditStatus = reviewRequired ? 'pending' : 'approved';
        await assertPersonFiles(trx, unitId, 'guest', body);
        const hash = this.protection.index('idNumber', body.idNumber);
        if (await this.repository.idNumberTaken(trx, edition.id, hash)) throw new AppError('alreadyExists');
        await this.assertMobileFree(trx, edition.id, unitId, body);
        const now = this.editions.now().toISOString();
        const id = randomUUID();
        const document = { ...withStoredCode(body, inviteCode), unitType: schemaUnitType(unit.unit_type) };
        const consent = decideConsent('guest', body, hash, null, now, who.id);
        const values = {
          id,
          edition_id: edition.id,
          account_id: null,
          unit_id: unitId,
          ...this.basicColumns(body, hash, status, { inviteCode, guestType }, document, edition.id),
          ...UNFILLED_GUEST_STEPS,
          created_at: now,
          updated_at: now,
          ...consent.columns,
        };
        await trx.insertInto('guests').values(values).execute();
        await this.auditConsent(trx, who, { editionId: edition.id, guestId: id, name: body.nameZh, stored: null, at: now }, consent);
        // approved at once (a code that needs no review): the guest can sign in from now on
        if (status === 'approved') await this.accountLinks.link(trx, id);
        // what was inserted is the summary (the account link touches none of its columns): not read again
        return toSummary({ ...values, entourage_count: 0 });
      }),
    );
  }

  /**
   * Saves the basic information of a pending or rejected guest (a rejected one goes back to
   * review), or of an approved one only what the current form version requires changed. A
   * changed invitation code is checked again and decides the status anew.
   */
  async saveBasic(who: SignedInAccount, id: string, body: GuestDocument): Promise<GuestSummary> {
    const unitId = unitOf(who);
    return refuseDuplicates(new AppError('alreadyExists'), () =>
      this.db.transaction().execute(async (trx) => {
        const edition = await this.editions.current(trx);
        const row = await this.load(trx, edition, unitId, id, true);
        // an approved guest saved under an older form version may fix what the current one requires, and only that
        const upgradeFix =
          row.audit_status === 'approved' &&
          changesOnlyUpgradeFixes(this.protection.openJson('guest', row.document), row.schema_version, body as Record<string, unknown>);
        assertCanEditBasic(edition, row.audit_status, upgradeFix);
        const { inviteCode, guestType, reviewRequired } = await this.codeTerms(trx, edition, unitId, body, id);
        // a guest the committee rejected goes back to the committee, whatever the code says; a fix keeps the approval
        const status: AuditStatus = upgradeFix ? 'approved' : reviewRequired || row.audit_status === 'rejected' ? 'pending' : 'approved';
        return this.storeBasic(trx, who, edition, row, unitId, body, status, { inviteCode, guestType });
      }),
    );
  }

  /**
   * An organiser brings any guest saved under an older form version up to date: the body may
   * change only the fields the current version flags (upgrade-fixes.ts), through the same checks
   * as the unit's save (schema, the unit's files, ID number and mobile not taken, the code when
   * it is one of the flagged fields), and the guest keeps its status (an approved one stays
   * approved). Audited in the write's transaction, the fixed fields' values masked.
   */
  async saveUpgradeFix(who: SignedInAccount, id: string, body: GuestDocument): Promise<GuestSummary> {
    assertOrganiser(who);
    return refuseDuplicates(new AppError('alreadyExists'), () =>
      this.db.transaction().execute(async (trx) => {
        const edition = await this.editions.current(trx);
        const row = await this.load(trx, edition, null, id, true);
        const stored = this.protection.openJson('guest', row.document);
        const fixable = upgradeFixFields(stored, row.schema_version);
        if (!changesOnlyUpgradeFixes(stored, row.schema_version, body as Record<string, unknown>)) throw new AppError('upgradeFixesOnly');
        const unitId = row.unit_id ?? '';
        // the code is checked again only when it is one of the fixes: a code since expired does not block the others
        const code =
          fixable.has('inviteCode') && body.inviteCode !== stored.inviteCode
            ? await this.codeTerms(trx, edition, unitId, body, id)
            : { inviteCode: row.invitation_code, guestType: row.guest_type };
        const summary = await this.storeBasic(trx, who, edition, row, unitId, body, row.audit_status as AuditStatus, code);
        const pick = (document: Record<string, unknown>) =>
          maskedDocument('guest', Object.fromEntries([...fixable].sort().map((name) => [name, document[name] ?? null])));
        await this.audit.record(trx, who, {
          editionId: edition.id,
          action: 'guest.upgrade-fix',
          targetType: 'guest',
          targetId: id,
          targetLabel: body.nameZh,
          before: pick(stored),
          after: pick(body),
          at: this.editions.now().toISOString(),
        });
        return summary;
      }),
    );
  }

  /**
   * The write of a basic-information save once its gate passed: the unit's files, the ID number
   * and mobile not taken, the consent (audited), the account link of an approved guest.
   */
  private async storeBasic(
    trx: Executor,
    who: SignedInAccount,
    edition: EditionData,
    row: GuestRow,
    unitId: string,
    body: GuestDocument,
    status: AuditStatus,
    code: { inviteCode: string | null; guestType: string | null },
  ): Promise<GuestSummary> {
    const id = row.id;
    await assertPersonFiles(trx, unitId, 'guest', body);
    const hash = this.protection.index('idNumber', body.idNumber);
    if (await this.repository.idNumberTaken(trx, edition.id, hash, { guestId: id })) throw new AppError('alreadyExists');
    await this.assertMobileFree(trx, edition.id, unitId, body);
    const stored = JSON.parse(row.document) as Record<string, unknown>;
    const now = this.editions.now().toISOString();
    const storedConsent = storedConsentOf(row);
    const consent = decideConsent('guest', body, hash, storedConsent, now, who.id);
    const written = {
      ...this.basicColumns(
        body,
        hash,
        status,
        code,
        { ...withStoredCode(body, code.inviteCode), unitType: stored.unitType },
        row.edition_id,
      ),
      // a kept status keeps its reason (basicColumns clears it for a save that goes back to review)
      ...(status === row.audit_status ? { reject_reason: row.reject_reason } : {}),
      updated_at: now,
      ...consent.columns,
    };
    await trx.updateTable('guests').set(written).where('id', '=', id).execute();
    await this.auditConsent(trx, who, { editionId: edition.id, guestId: id, name: body.nameZh, stored: storedConsent, at: now }, consent);
    if (status === 'approved') await this.accountLinks.link(trx, id);
    // the row is locked for this transaction: what it holds now is what was read plus what was
    // written (the account link touches no column of the summary), so it is not read again
    return toSummary({ ...row, ...written });
  }
}

/** The gates and why the shut ones are shut, from one decision. */
function answerGates(decisions: ReturnType<typeof decideGuestGates>): Pick<GuestDetail, 'gates' | 'gateReasons'> {
  return { gates: gatesOf(decisions), gateReasons: gateReasonsOf(decisions) };
}

/** Guests' and members' audit entries (review decisions, consents, steps): named by their rows. */
export const guestAuditSubjects: AuditSubjects = { guest: { namedIn: 'guests' }, entourage: { namedIn: 'entourage_members' } };
