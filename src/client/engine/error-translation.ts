import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { messageKeyForAjvError } from '../../shared/validation-messages';
import { translateKey } from '../i18n/translate-key';
import { resolveLocalRef } from './ui-schema-i18n';

type SchemaNode = RJSFSchema & { 'x-messages'?: Record<string, string> };

/** The (merged) subschema of the field at an RJSF property path such as `.account` or `.items.0.name`. */
export function fieldSchemaAt(root: RJSFSchema, property: string | undefined): SchemaNode | undefined {
  const segments = (property ?? '').split('.').filter(Boolean);
  let node: SchemaNode | undefined = resolveLocalRef(root as SchemaNode, root);
  for (const segment of segments) {
    if (!node) return undefined;
    const child: unknown = node.properties?.[segment] ?? (/^\d+$/.test(segment) ? node.items : undefined);
    node = child && typeof child === 'object' && !Array.isArray(child) ? resolveLocalRef(child as SchemaNode, root) : undefined;
  }
  return node;
}

/**
 * RJSF `transformErrors`: every ajv error becomes the translated message of the i18n key the
 * server would pick too (`messageKeyForAjvError`, shared); the field's title is available to
 * messages as {{field}}.
 */
export function createErrorTransformer(root: RJSFSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors
      // a failed if/then says only "must match then": the field's own error from the branch says what
      // is wrong, so the form shows that one and no extra form-level "invalid value" (as the server does)
      .filter((error) => error.name !== 'if')
      .map((error) => {
        const fieldSchema = fieldSchemaAt(root, error.property);
        const key = messageKeyForAjvError(error, root);
        const field = fieldSchema?.['x-i18n'] ? translateKey(String(fieldSchema['x-i18n'])) : '';
        const message = translateKey(key, { ...(error.params as Record<string, unknown>), field });
        return { ...error, message, stack: `${field} ${message}`.trim() };
      });
}
