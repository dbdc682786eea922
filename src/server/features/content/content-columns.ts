import { fieldColumn, type ExportColumn } from '../../exports/excel-export.js';
import { loadSchema } from '../../http/schema-loader.js';
import type { CatalogueKind, ContentRecord, UnitRecordKind } from '../../../shared/content-api.js';

interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
}

/** Files (a photo, a business card) are no cell of a sheet: an upload id reads as nothing. */
const FILE_FIELDS = new Set(['photo', 'businessCard', 'file']);

/**
 * The columns of a content record's fields, read from its kind's schema: one per field in the
 * schema's order, an object's fields one each (the inviter's organisation, name…), headed by the
 * field's label. The documents are opened (clear); the export layer masks the x-sensitive ones
 * (mobiles, ID numbers).
 */
export function contentFieldColumns(kind: CatalogueKind | UnitRecordKind): ExportColumn<ContentRecord>[] {
  const properties = (loadSchema(kind) as SchemaNode).properties ?? {};
  const columns: ExportColumn<ContentRecord>[] = [];
  for (const [property, node] of Object.entries(properties)) {
    if (FILE_FIELDS.has(property)) continue;
    if (node.type === 'object' && node.properties) {
      for (const inner of Object.keys(node.properties))
        columns.push(
          fieldColumn<ContentRecord>(
            kind,
            `${property}.${inner}`,
            (r) => (r.document[property] as Record<string, unknown> | undefined)?.[inner],
          ),
        );
    } else columns.push(fieldColumn<ContentRecord>(kind, property, (r) => r.document[property]));
  }
  return columns;
}
