import type { RJSFSchema } from '@rjsf/utils';
import { messageKeyForAjvError, pointerForAjvError, type AjvErrorLike } from '../../../shared/validation-messages';
import { translateKey } from '../../i18n/translate-key';
import { resolveLocalRef } from '../ui-schema-i18n';

/** A precompiled ajv validator (codegen: src/generated/validators/<schema>.js). */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: AjvErrorLike[] | null };

/** Messages by top-level field name ('' for the form as a whole). */
export type FieldMessages = Record<string, string[]>;

function fieldOf(pointer: string): string {
  const first = pointer.split('/')[1] ?? '';
  return first.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Runs the form's precompiled validator and words each error as RJSF forms do (form-wiring's
 * transformErrors): the i18n key the server would pick too, the field's title as {{field}}.
 */
export function validateLean(validate: CompiledValidator, schema: RJSFSchema, data: Record<string, unknown>): FieldMessages {
  if (validate(data)) return {};
  const messages: FieldMessages = {};
  for (const error of validate.errors ?? []) {
    // a failed if/then says only "must match then": the branch's own error says what is wrong
    if (error.keyword === 'if') continue;
    const name = fieldOf(pointerForAjvError(error));
    const property = name ? (resolveLocalRef(schema, schema).properties?.[name] as RJSFSchema | undefined) : undefined;
    const i18n = property ? (resolveLocalRef(property, schema) as { 'x-i18n'?: unknown })['x-i18n'] : undefined;
    const field = typeof i18n === 'string' ? translateKey(i18n) : '';
    const message = translateKey(messageKeyForAjvError(error, schema), { ...error.params, field });
    (messages[name] ??= []).push(message);
  }
  return messages;
}
