/**
 * The bundled schemas of a form's published and retired versions as the database stores them.
 * A record saved under a version published in the console, and replaced since, has no record in
 * src/generated/versions until a developer pulls it (and not even then, when two publishes came
 * between pulls): the record's upgrade note names the fields it drops by their label in the
 * version it was saved under, read from here (schema-versions.ts `publishedSchema`), and says it in
 * the words of that version's labels.
 */
import type { EditableFormName } from '../../../shared/form-versions-api.js';
import type { StoredVersion } from '../../http/live-schemas.js';
import type { FormsDb } from './form-tables.js';
import { documentOf } from './form-version-rows.js';
import type { RepositoryForms } from './repository-forms.js';

export async function storedVersions(
  db: FormsDb,
  files: RepositoryForms,
  name: EditableFormName,
  /** only this version (absent from the answer when it is not stored, or only a draft) */
  only?: number,
): Promise<Map<number, StoredVersion>> {
  let query = db
    .selectFrom('form_versions')
    .select(['version', 'schema', 'ui_schemas', 'labels_zh', 'labels_en'])
    .where('form_name', '=', name)
    // a draft was never stored with a record
    .where('state', 'in', ['published', 'retired']);
  if (only !== undefined) query = query.where('version', '=', only);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => {
      const { schema, labels } = documentOf(row);
      return [Number(row.version), { schema: files.bundle(name, schema), labels }];
    }),
  );
}
