import { schemaNames } from '../../generated/registry.js';
import { uploadRulesOf, type UploadRules } from '../../shared/upload-rules.js';
import { loadSchema } from '../http/schema-loader.js';

let catalogue: Map<string, UploadRules> | null = null;

/**
 * Every upload rule set of the bundled schemas, by definition name (photo, businessCard, logo,
 * speechMaterials, pictureJpg, media...): the `rule` an upload names. Read from the generated
 * bundles, so a rule changed in schemas/definitions.json needs no code change here.
 */
export function uploadRuleCatalogue(): Map<string, UploadRules> {
  if (catalogue) return catalogue;
  const found = new Map<string, UploadRules>();
  for (const name of schemaNames) {
    const definitions = (loadSchema(name).definitions ?? {}) as Record<string, unknown>;
    for (const [definition, schema] of Object.entries(definitions)) {
      const rules = uploadRulesOf(schema);
      if (rules && !found.has(definition)) found.set(definition, rules);
    }
  }
  catalogue = found;
  return found;
}

export function uploadRulesNamed(rule: string): UploadRules | null {
  return uploadRuleCatalogue().get(rule) ?? null;
}

/** The largest file any rule allows: the multipart parser's hard cap. */
export function largestAllowedBytes(): number {
  return Math.max(...[...uploadRuleCatalogue().values()].map((rules) => rules.maxBytes ?? 0));
}
