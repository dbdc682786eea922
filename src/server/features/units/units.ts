import type { Db } from '../../db/database.js';
import type { DataProtection } from '../../security/data-protection.js';
import type { AttendanceState, UnitInfo, UnitOverview } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import type { Editions } from '../edition/editions.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { schemaUnitType, unitOf } from '../../auth/unit-access.js';
import type { UnitType } from '../../../generated/types.js';
import type { MasterInfoData } from '../../../shared/api-types.js';
import type { SealedStore } from '../../privacy/sealed-stores.js';
import { currentSchema } from '../../http/live-schemas.js';
import { assertFilesInPlace } from '../../uploads/unit-files.js';

/** The unit document as the unit schema validated it (the fields the server reads). */
export interface UnitDocument {
  unitType: UnitType;
  orgNameZh: string;
  [field: string]: unknown;
}

/** Unit information (enterprise, government, media variants of the unit schema) and the company view. */
export class Units {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    /** the contact mobile is sealed in the stored document (x-sensitive) */
    private readonly protection: DataProtection,
  ) {}

  /** The caller's unit as "master info" names it; null for accounts without one. */
  async summaryOf(unitId: string | null | undefined): Promise<MasterInfoData['unit']> {
    if (!unitId) return null;
    const unit = await this.db.selectFrom('units').select(['id', 'name', 'unit_type']).where('id', '=', unitId).executeTakeFirst();
    return unit ? { id: unit.id, name: unit.name, unitType: schemaUnitType(unit.unit_type) } : null;
  }

  async mine(who: SignedInAccount): Promise<UnitInfo> {
    const unitId = unitOf(who);
    const row = await this.db.selectFrom('units').selectAll().where('id', '=', unitId).executeTakeFirstOrThrow();
    const complete = Number(row.complete) === 1;
    const unitType = schemaUnitType(row.unit_type);
    return {
      id: row.id,
      unitType,
      name: row.name,
      // until the form is saved the row holds the registration stub: start the form from what it told us
      document: complete ? this.protection.openJson('unit', row.document) : { unitType, orgNameZh: row.name },
      schemaVersion: row.schema_version,
      complete,
    };
  }

  /** The variant is the account's: an enterprise account cannot save a government unit. */
  async save(who: SignedInAccount, document: UnitDocument): Promise<UnitInfo> {
    const unitId = unitOf(who);
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('units').select(['unit_type', 'edition_id']).where('id', '=', unitId).executeTakeFirstOrThrow();
      if (schemaUnitType(row.unit_type) !== document.unitType) throw new AppError('unitTypeMismatch');
      // a file field organisers added in the console: this unit's upload, under the field's rule
      await assertFilesInPlace(trx, unitId, currentSchema('unit'), document as UnitDocument & Record<string, unknown>);
      await trx
        .updateTable('units')
        .set({
          name: document.orgNameZh,
          // under the key of the edition the unit registered in: the retention purge erases its mobile with it
          document: JSON.stringify(
            this.protection.sealDocument('unit', document as UnitDocument & Record<string, unknown>, row.edition_id),
          ),
          schema_version: versionOf('unit'),
          complete: 1,
          updated_at: this.editions.now().toISOString(),
        })
        .where('id', '=', unitId)
        .execute();
    });
    return this.mine(who);
  }

  async overview(who: SignedInAccount): Promise<UnitOverview> {
    const unit = await this.mine(who);
    const edition = await this.editions.current();
    const byStatus = await this.db
      .selectFrom('guests')
      .select(['audit_status', 'attendance', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('edition_id', '=', edition.id)
      .where('unit_id', '=', unit.id)
      .groupBy(['audit_status', 'attendance'])
      .execute();
    const { n: entourageTotal } = await this.db
      .selectFrom('entourage_members')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('edition_id', '=', edition.id)
      .where('unit_id', '=', unit.id)
      .executeTakeFirstOrThrow();
    const guests = { total: 0, pending: 0, approved: 0, rejected: 0 };
    const attendance: Record<AttendanceState, number> = { undecided: 0, attending: 0, 'not-attending': 0, cancelled: 0 };
    for (const row of byStatus) {
      const n = Number(row.n);
      guests.total += n;
      if (row.audit_status === 'pending' || row.audit_status === 'approved' || row.audit_status === 'rejected')
        guests[row.audit_status] += n;
      const state = (row.attendance ?? 'undecided') as AttendanceState;
      if (state in attendance) attendance[state] += n;
    }
    return {
      unit: { id: unit.id, name: unit.name, unitType: unit.unitType },
      edition: this.editions.answer(edition),
      guests,
      attendance,
      entourageTotal: Number(entourageTotal),
    };
  }
}

/** The unit form's contact mobile (a registration stub holds no unit-schema field). */
export const unitSealedStores: SealedStore[] = [
  {
    // the unit form's contact mobile (a registration stub holds no unit-schema field)
    table: 'units',
    columns: [],
    schemaOf: () => 'unit',
    derive: () => ({}),
    erased: () => ({}),
  },
];
