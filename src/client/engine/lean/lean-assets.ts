import type { RJSFSchema } from '@rjsf/utils';
import { loadSchemaFiles } from '../schema-files';
import type { FormDeclaration } from '../screen-types';
import { translatedUiSchema } from '../ui-schema-i18n';
import { loadUiSchema } from '../ui-schema-files';
import { leanFields, type LeanField } from './lean-fields';
import type { CompiledValidator } from './lean-validation';

export interface LeanAssets {
  schema: RJSFSchema;
  validate: CompiledValidator;
  fields: LeanField[];
}

/** The schema, its precompiled validator (no validator runtime) and the fields of a lean form. */
export async function loadLeanAssets(declaration: FormDeclaration): Promise<LeanAssets> {
  const [{ schema, validateFns }, baseUi] = await Promise.all([
    loadSchemaFiles(declaration.schema),
    loadUiSchema(declaration.uiSchema ?? declaration.schema),
  ]);
  const validate = (schema.$id ? validateFns[schema.$id] : undefined) as CompiledValidator | undefined;
  if (!validate) throw new Error(`no precompiled validator for schema "${declaration.schema}"`);
  return { schema, validate, fields: leanFields(schema, translatedUiSchema(schema, baseUi)) };
}
