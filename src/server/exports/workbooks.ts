import type { SchemaName } from '../../generated/registry.js';
import type { AnySheet } from './excel-export.js';

/**
 * One Excel download of the organisers' console. Features contribute them (guests, reception,
 * content) and composition.ts lists them in the order of the OpenAPI paths; the one export
 * route serves each.
 */
export interface ConsoleWorkbook<Query = Record<string, never>> {
  path: string;
  summary: string;
  /** the query schema, when the workbook takes one */
  query?: SchemaName;
  /** the file's name: the i18n key of what it lists, and details such as the day */
  file(query: Query): { key: string; details?: string[] };
  sheets(editionId: string, query: Query): AnySheet[];
}
