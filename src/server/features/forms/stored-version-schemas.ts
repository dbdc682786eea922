/**
 * The bundled schemas of a form's published and retired versions as the database stores them.
 * A record saved under a version published in the console, and replaced since, has no record in
 * src/generated/versions until a developer pulls it (and not even then, when two publishes came
 * between pulls): the record's upgrade note names the fields it drops by their label in the
 * version it was saved under, read from here (schema-versions.ts `publishedSchema`).
 */
import type { EditableFormName } from '../../../shared/form-versions-api.js';
import type { FormsDb } from './form-tables.js';
import type { RepositoryForms } from './repository-forms.js';

export async function storedVersionSchemas(
  db: FormsDb,
  files: RepositoryForms,
  name: EditableFormName,
): Promise<Map<number, Record<string, unknown>>> {
  const rows = await db
    .selectFrom('form_versions')
    .select(['version', 'schema'])
    .where('form_name', '=', name)
    // a draft was never stored with a record
    .where('state', 'in', ['published', 'retired'])
    .execute();
  return new Map(rows.map((row) => [Number(row.version), files.bundle(name, JSON.parse(row.schema) as Record<string, unknown>)]));
}
