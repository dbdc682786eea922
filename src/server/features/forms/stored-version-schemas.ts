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
  /** only this version (absent from the answer when it is not stored, or only a draft) */
  only?: number,
): Promise<Map<number, Record<string, unknown>>> {
  let query = db
    .selectFrom('form_versions')
    .select(['version', 'schema'])
    .where('form_name', '=', name)
    // a draft was never stored with a record
    .where('state', 'in', ['published', 'retired']);
  if (only !== undefined) query = query.where('version', '=', only);
  const rows = await query.execute();
  return new Map(rows.map((row) => [Number(row.version), files.bundle(name, JSON.parse(row.schema) as Record<string, unknown>)]));
}
