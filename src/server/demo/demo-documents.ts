import { validateDocument } from '../../shared/validation.js';
import type { SchemaName } from '../../generated/registry.js';
import { rootSchemas } from '../../generated/validator-map.js';
import { completeFromSchema } from '../../shared/schema-completion.js';

/**
 * The demo records are data (config/demo-data.json, `recordSchemas` names each one's schema);
 * codegen checks them against the schemas, and the seed checks them again with the same
 * precompiled validators as every request: a record that does not validate stops the start,
 * naming the file, the record and the fields, instead of showing an empty card.
 */
export function validSeed(schema: SchemaName, given: Record<string, unknown>, record: string): Record<string, unknown> {
  // a required choice added by a new form version takes the value the schema names (default, enum...)
  const document = completeFromSchema(given, rootSchemas[schema]);
  const result = validateDocument(schema, document);
  if (!result.valid) {
    const fields = result.errors.map((error) => `${error.pointer || '/'} (${error.key})`).join(', ');
    throw new Error(
      `config/demo-data.json: demo record "${record}" does not validate against schemas/${schema}.json at ${fields}; run \`npm run codegen\` for the details`,
    );
  }
  return document;
}

/** Placeholder of the demo guest's photo in the file: the seed puts the id of the picture it stores there. */
export const DEMO_PHOTO_PLACEHOLDER = 'demo-photo-placeholder';

export interface DemoRecords {
  unit?: Record<string, unknown>;
  guest?: Record<string, unknown>;
}

/** The unit record of a demo unit account, as the file has it. */
export function demoUnitDocument(account: string, records: DemoRecords): Record<string, unknown> {
  if (!records.unit) throw new Error(`config/demo-data.json: the unit account ${account} has no "unit" record`);
  return validSeed('unit', records.unit, `unit of ${account}`);
}

/** The demo special guest's registration, with the stored picture's upload id as its photo. */
export function demoGuestDocument(account: string, records: DemoRecords, photoId: string): Record<string, unknown> {
  if (!records.guest) throw new Error(`config/demo-data.json: the guest account ${account} has no "guest" record`);
  const document = Object.fromEntries(
    Object.entries(records.guest).map(([key, value]) => [key, value === DEMO_PHOTO_PLACEHOLDER ? photoId : value]),
  );
  return validSeed('guest', document, `guest of ${account}`);
}
