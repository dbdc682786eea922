import type { ReactNode } from 'react';
import { auditCells } from './audit-cells';
import { contentCells } from '../screens/content/content-cells';
import { guestCells } from './guest-cells';
import { wishCells } from './wish-cells';

/**
 * Cells a list declaration names with `format: "cell"`: what one field and a format cannot
 * show (several fields in one cell). A new one is a line here; codegen checks the names.
 */
export const listCells: Record<string, (row: Record<string, unknown>) => ReactNode> = {
  ...auditCells,
  ...guestCells,
  ...contentCells,
  ...wishCells,
};
