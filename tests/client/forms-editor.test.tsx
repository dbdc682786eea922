/**
 * The form editor's field list and field panel on the real model (no server): adding a choice
 * field through the panel writes it into the document; a protected field shows why it is
 * protected, its kind cannot be picked, and dropping it is refused with that sentence. The
 * preview's renderer is the engine's SchemaForm fed a prepared draft: titles and choices come
 * from the draft's own labels, checks from the validator bound to its schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Button } from '@mui/material';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FormDocument } from '../../src/shared/form-versions-api';
import { SchemaForm } from '../../src/client/engine/SchemaForm';
import { FieldsTab } from '../../src/client/screens/forms/FieldsTab';
import type { ModelContext, Schema } from '../../src/client/screens/forms/model/field-spec';
import { labelledUiSchema } from '../../src/client/screens/forms/model/preview-labels';

vi.setConfig({ testTimeout: 90000 });

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Schema;

function flatTexts(node: unknown, prefix: string, out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(node as Schema)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else flatTexts(value, `${prefix}${key}.`, out);
  }
  return out;
}

/**
 * The good wishes form as the server stores a version: source schema, its UI schema, every label.
 * The repository marks all four fields protected; the logo is marked here too, so the case does
 * not depend on that file.
 */
function wishesDocument(): FormDocument {
  const schema = readJson('schemas/good-wishes.json');
  const properties = schema.properties as Record<string, Schema>;
  properties.logo = { ...properties.logo, 'x-protected': true };
  return {
    schema,
    uiSchemas: { 'good-wishes': readJson('ui-schemas/good-wishes.json') },
    labels: {
      'zh-CN': flatTexts(readJson('locales/zh-CN/schema.json'), 'schema.'),
      en: flatTexts(readJson('locales/en/schema.json'), 'schema.'),
    },
  };
}

const ctx: ModelContext = {
  form: 'good-wishes',
  definitions: readJson('schemas/definitions.json').definitions as Record<string, Schema>,
  refPrefix: 'definitions.json#/definitions/',
};

function Editor({ initial, onDocument }: { initial: FormDocument; onDocument: (document: FormDocument) => void }) {
  const [document, setDocument] = useState(initial);
  return (
    <FieldsTab
      ctx={ctx}
      document={document}
      onEdit={(next) => {
        setDocument(next);
        onDocument(next);
      }}
    />
  );
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('field list and field panel', () => {
  it('adds a single choice with its options in both languages to the document', async () => {
    let latest: FormDocument | null = null;
    render(<Editor initial={wishesDocument()} onDocument={(document) => (latest = document)} />);
    fireEvent.click(screen.getByTestId('field-add'));
    fireEvent.change(input('field-name'), { target: { value: 'channel' } });
    fireEvent.change(input('field-kind'), { target: { value: 'singleChoice' } });
    fireEvent.change(input('label-zh-CN'), { target: { value: '获知渠道' } });
    fireEvent.change(input('label-en'), { target: { value: 'How you heard of us' } });
    for (const [index, [value, zh, en]] of [
      ['press', '媒体', 'Press'],
      ['friend', '朋友', 'A friend'],
    ].entries()) {
      fireEvent.click(screen.getByTestId('option-add'));
      fireEvent.change(input(`option-value-${index}`), { target: { value } });
      fireEvent.change(input(`option-${index}-zh-CN`), { target: { value: zh } });
      fireEvent.change(input(`option-${index}-en`), { target: { value: en } });
    }
    fireEvent.click(screen.getByTestId('field-apply'));
    expect(screen.queryByTestId('field-refused')).toBeNull();
    await screen.findByTestId('field-row-channel');
    const document = latest as unknown as FormDocument;
    expect((document.schema.properties as Record<string, Schema>).channel).toMatchObject({ enum: ['press', 'friend'] });
    expect(document.labels.en['schema.forms.good-wishes.channel.options.friend']).toBe('A friend');
    expect(document.uiSchemas['good-wishes']?.['ui:order']).toEqual(['wishMessage', 'logo', 'video', 'audio', 'channel', '*']);
  });

  it('says why a protected field is protected, keeps its kind and refuses to drop it', async () => {
    const onDocument = vi.fn();
    render(<Editor initial={wishesDocument()} onDocument={onDocument} />);
    fireEvent.click(within(screen.getByTestId('field-row-logo')).getByRole('button', { name: /标志|logo/i }));
    await screen.findByTestId('field-protected-note');
    expect(input('field-kind')).toBeDisabled();
    fireEvent.click(screen.getByTestId('field-drop-logo'));
    expect((await screen.findByTestId('field-refused')).textContent).toContain('不能删除');
    expect(onDocument).not.toHaveBeenCalled();
    // every field of the repository's good wishes form is read by code (the organisers' list
    // offers the logo, video and audio for download): none of them goes
    for (const name of ['wishMessage', 'video', 'audio']) {
      expect(screen.getByTestId(`field-row-${name}`).dataset.protected).toBe('true');
      fireEvent.click(screen.getByTestId(`field-drop-${name}`));
      expect((await screen.findByTestId('field-refused')).textContent).toContain('不能删除');
    }
    expect(onDocument).not.toHaveBeenCalled();
    // an organiser's own field goes at once
    fireEvent.click(screen.getByTestId('field-add'));
    fireEvent.change(input('field-name'), { target: { value: 'remark' } });
    fireEvent.change(input('label-zh-CN'), { target: { value: '备注' } });
    fireEvent.change(input('label-en'), { target: { value: 'Remark' } });
    fireEvent.click(screen.getByTestId('field-apply'));
    await screen.findByTestId('field-row-remark');
    expect(screen.getByTestId('field-row-remark').dataset.protected).toBeUndefined();
    fireEvent.click(screen.getByTestId('field-drop-remark'));
    await waitFor(() => expect(screen.queryByTestId('field-row-remark')).toBeNull());
    expect(screen.queryByTestId('field-refused')).toBeNull();
  });
});

describe('the preview renderer', () => {
  it("renders a draft with the engine's form, its own labels and the validator bound to its schema", async () => {
    const schema = readJson('src/generated/schemas/good-wishes.json');
    const { default: _default, ...validateFns } = (await import('../../src/generated/validators/good-wishes.js')) as Record<
      string,
      unknown
    >;
    const labels = { 'schema.fields.wishMessage': 'Words for the summit' };
    const uiSchema = labelledUiSchema(schema, readJson('ui-schemas/good-wishes.json'), labels);
    const prepared = { schema, validator: createPrecompiledValidator(validateFns as never, schema), uiSchema };
    const onSubmit = vi.fn(async () => undefined);
    render(
      <SchemaForm schemaName="preview-good-wishes" prepared={prepared} idPrefix="preview" initial={{}} onSubmit={onSubmit}>
        <Button type="submit">check</Button>
      </SchemaForm>,
    );
    await screen.findAllByText('Words for the summit');
    fireEvent.click(screen.getByText('check'));
    // neither a logo nor a message: the form's own rule refuses it in the browser
    await waitFor(() => expect(document.querySelector('#preview_wishMessage__error')?.textContent ?? '').not.toBe(''));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
