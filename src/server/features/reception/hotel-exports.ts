import type { Db } from '../../db/database.js';
import { pagedRows, type ExportSheet } from '../../exports/excel-export.js';
import type { DataProtection } from '../../security/data-protection.js';

const PAGE = 1000;

/** The organisers' hotels with their receptionists (a few hundred rows: offset pages). */
export class HotelExports {
  constructor(
    private readonly db: Db,
    /** receptionists' mobiles are sealed: opened here (masking them is the answer layer's choice) */
    private readonly protection: DataProtection,
  ) {}

  hotels(editionId: string): ExportSheet<Record<string, string | null>>[] {
    const db = this.db;
    return [
      {
        nameKey: 'console.export.sheets.hotels',
        rows: pagedRows(
          async (offset, limit) =>
            (
              await db
                .selectFrom('hotels')
                .leftJoin('receptionists', 'receptionists.hotel_id', 'hotels.id')
                .select([
                  'hotels.name',
                  'hotels.address',
                  'hotels.phone',
                  'receptionists.name as receptionist',
                  'receptionists.mobile_sealed',
                ])
                .where('hotels.edition_id', '=', editionId)
                .orderBy('hotels.name')
                .orderBy('receptionists.name')
                .limit(limit)
                .offset(offset)
                .execute()
            ).map(({ mobile_sealed, ...row }) => ({ ...row, receptionist_mobile: this.protection.open(mobile_sealed) })),
          PAGE,
        ),
        columns: [
          { headerKey: 'console.export.columns.hotel', width: 28, value: (r) => r.name },
          { headerKey: 'console.export.columns.address', width: 36, value: (r) => r.address },
          { headerKey: 'console.export.columns.phone', value: (r) => r.phone },
          { headerKey: 'console.export.columns.receptionist', value: (r) => r.receptionist },
          { headerKey: 'console.export.columns.mobile', value: (r) => r.receptionist_mobile },
        ],
      },
    ];
  }
}
