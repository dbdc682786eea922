import { bundleSchema } from '../../../../shared/form-rules/bundle';
import { isObject, type Schema } from './field-spec';

/**
 * A source schema (shared parts referred to in `definitions.json`) made self-contained, as codegen
 * and the server bundle it (src/shared/form-rules/bundle.ts): the preview's validator module is
 * bound to exactly that schema.
 */
export function bundledSchema(source: Schema, definitions: Record<string, Schema>, form = 'draft'): Schema {
  return bundleSchema(source, definitions, form);
}

/** The shared definitions the live forms carry, gathered: what a draft's new fields may refer to. */
export function gatheredDefinitions(bundles: readonly Schema[]): Record<string, Schema> {
  const definitions: Record<string, Schema> = {};
  for (const bundle of bundles) if (isObject(bundle.definitions)) Object.assign(definitions, bundle.definitions);
  return definitions;
}
