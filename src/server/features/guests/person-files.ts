import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { currentSchema } from '../../http/live-schemas.js';
import { misplacedFiles } from '../../uploads/unit-files.js';

/**
 * A guest's or an entourage member's files: the photo, the business card and any file field of
 * the live version must be this unit's uploads under their rules (a business card given as the
 * photo does not count).
 */
export async function assertPersonFiles(
  executor: Executor,
  unitId: string,
  schemaName: 'guest' | 'entourage-member',
  document: Record<string, unknown>,
): Promise<void> {
  const misplaced = await misplacedFiles(executor, unitId, currentSchema(schemaName), document);
  if (misplaced.includes('photo')) throw new AppError('uploadNewPhoto');
  if (misplaced.length > 0) throw new AppError('saveFailed');
}
