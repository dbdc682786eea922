/**
 * The baseline of the wire and typing benchmarks: stock @rjsf/mui on the product's guest
 * schema and UI schema, with a run-time ajv validator (customizeValidator, the product's own
 * formats and keywords) and `liveValidate` on every change, as the RJSF documentation shows it.
 * Widgets that only the product has are left to RJSF's defaults.
 */
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';
import schema from '../../../src/generated/schemas/guest.json';
import uiSchema from '../../../ui-schemas/guest.json';
import { schemaFormats } from '../../../src/shared/schema-formats';
import { addSchemaKeywords } from '../../../src/shared/schema-keywords';

const STOCK_WIDGETS = new Set([
  'text',
  'textarea',
  'password',
  'email',
  'uri',
  'date',
  'datetime',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'updown',
  'range',
  'hidden',
  'file',
]);

function stockOnly(ui: unknown): unknown {
  if (Array.isArray(ui)) return ui.map(stockOnly);
  if (!ui || typeof ui !== 'object') return ui;
  return Object.fromEntries(
    Object.entries(ui)
      .filter(([key, value]) => key !== 'ui:widget' || (typeof value === 'string' && STOCK_WIDGETS.has(value)))
      .map(([key, value]) => [key, stockOnly(value)]),
  );
}

const validator = customizeValidator({
  customFormats: schemaFormats,
  ajvFormatOptions: false,
  ajvOptionsOverrides: { allErrors: true, strict: false },
  extenderFn: (ajv) => addSchemaKeywords(ajv),
});

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <Form
      schema={schema as RJSFSchema}
      uiSchema={stockOnly(uiSchema) as UiSchema}
      validator={validator}
      liveValidate="onChange"
      showErrorList={false}
    />,
  );
}
