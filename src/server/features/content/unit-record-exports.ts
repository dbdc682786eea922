import type { Db } from '../../db/database.js';
import { fieldColumn, pagedRows, type ExportColumn, type ExportSheet } from '../../exports/excel-export.js';
import { loadSchema } from '../../http/schema-loader.js';
import type { DataProtection } from '../../security/data-protection.js';
import { unitRecordKinds, type UnitRecordKind } from '../../../shared/content-api.js';
import { consoleApiPaths } from '../../../shared/console-api.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';

const PAGE = 1000;
const documentOf = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

/** Every unit's records of a kind (a few hundred rows: offset pages), unit by unit. */
export class UnitRecordExports {
  constructor(
    private readonly db: Db,
    /** sealed mobiles are opened for the columns (masking them is the answer layer's choice) */
    private readonly protection: DataProtection,
  ) {}

  /** Every unit's vehicles or unofficial-activity guests, unit by unit. */
  sheets(editionId: string, kind: UnitRecordKind): ExportSheet<UnitRecordRow>[] {
    const db = this.db;
    const protection = this.protection;
    return [
      {
        nameKey: `console.export.sheets.${kind}`,
        rows: pagedRows(
          async (offset, limit) =>
            (
              await db
                .selectFrom('content_records')
                .leftJoin('units', 'units.id', 'content_records.unit_id')
                .select(['content_records.document', 'content_records.created_at', 'units.name as unit_name'])
                .where('content_records.kind', '=', kind)
                .where('content_records.edition_id', '=', editionId)
                .orderBy('units.name')
                .orderBy('content_records.created_at')
                .orderBy('content_records.id')
                .limit(limit)
                .offset(offset)
                .execute()
            )
              // sealed mobiles opened for the columns (masking them is the answer layer's choice)
              .map((row) => ({ ...row, document: JSON.stringify(protection.openJson(kind, row.document)) })),
          PAGE,
        ),
        columns: unitRecordColumns(kind),
      },
    ];
  }
}

/**
 * The columns of a unit record kind (vehicle, unofficial-activity guest), read from its schema:
 * one column per property in the schema's order, headed by the field's label.
 */
export function unitRecordColumns(kind: UnitRecordKind): ExportColumn<UnitRecordRow>[] {
  const properties = Object.keys((loadSchema(kind) as { properties?: Record<string, unknown> }).properties ?? {});
  return [
    { headerKey: 'console.export.columns.unit', width: 28, value: (r) => r.unit_name },
    ...properties.map((property) => fieldColumn<UnitRecordRow>(kind, property, (r) => documentOf(r.document)[property])),
    { headerKey: 'console.export.columns.createdAt', width: 24, value: (r, read) => read.time(r.created_at) },
  ];
}

export interface UnitRecordRow {
  document: string;
  created_at: string;
  unit_name: string | null;
}

/** The units' records workbooks of the console (vehicles, unofficial-activity guests). */
export function unitRecordWorkbooks(exports: UnitRecordExports): ConsoleWorkbook<never>[] {
  return unitRecordKinds.map((kind) => ({
    path: consoleApiPaths.exportUnitRecords(kind),
    summary: kind === 'vehicle' ? "Every unit's vehicles" : "Every unit's unofficial-activity guests",
    file: () => ({ key: `console.export.files.${kind}` }),
    sheets: (editionId) => exports.sheets(editionId, kind),
  }));
}
