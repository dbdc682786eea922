/**
 * A case names its schema by `$id` (https://summit.example/schemas/guest.json), by file
 * name (guest.json) or by bare name (guest). All resolve to the generated registry's name.
 */
import { schemaNames, type SchemaName } from '../../../src/generated/registry';

const ID_PREFIX = 'https://summit.example/schemas/';

export function resolveSchemaName(reference: string): SchemaName | undefined {
  let name = reference.startsWith(ID_PREFIX) ? reference.slice(ID_PREFIX.length) : reference;
  name = name.replace(/#$/, '').replace(/\.json$/, '');
  return (schemaNames as readonly string[]).includes(name) ? (name as SchemaName) : undefined;
}
