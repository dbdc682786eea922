/**
 * Issue 16 point 9, in the real step form (SchemaForm: schema, precompiled validator, UI
 * schema, translations): a failed if/then shows the field's own message and no extra
 * form-level "内容不正确"; an old record's upgrade flag on a field clears once the field is valid,
 * and only then.
 */
import { Button } from '@mui/material';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../src/client/engine/SchemaForm';
import { upgradeErrorSchema } from '../../src/client/engine/record-upgrade';
import { currentMemberDocument } from './fixtures/guest-fixtures';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30000 });

const LONG_NAME = '李'.repeat(120);
/** a resident ID number whose check digit is wrong (the then-branch of the idType rule) */
const BAD_RESIDENT_ID = '370202198001010011';

function inputOf(container: HTMLElement, field: string): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = container.querySelector<HTMLInputElement>(`#root_${field}`);
    if (!input) throw new Error(`no field ${field} yet`);
    return input;
  });
}

function errorTextOf(container: HTMLElement, field: string): string {
  return container.querySelector(`#root_${field}__error`)?.textContent ?? '';
}

function renderStep(document: Record<string, unknown>, initialErrors?: Parameters<typeof SchemaForm>[0]['initialErrors']) {
  const onSubmit = vi.fn(async () => undefined);
  // no photo: its preview would be fetched, and nothing here is about it
  const { photo: _photo, ...initial } = document;
  const view = render(
    <SchemaForm schemaName="entourage-member" formId="step" initial={initial} initialErrors={initialErrors} onSubmit={onSubmit}>
      <Button type="submit" data-testid="step-submit">
        保存
      </Button>
    </SchemaForm>,
  );
  return { ...view, onSubmit };
}

describe('conditional rules in the form', () => {
  it('shows the field its own message when the if/then rule fails, and no form-level "invalid value"', async () => {
    const { container, onSubmit } = renderStep(currentMemberDocument({ idType: 'resident-id', idNumber: BAD_RESIDENT_ID }));
    await inputOf(container, 'idNumber');
    fireEvent.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(errorTextOf(container, 'idNumber')).toBe('请输入正确的居民身份证号码'));
    expect(container.textContent).not.toContain('内容不正确');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts the same number under an ID type the rule does not cover', async () => {
    const { container, onSubmit } = renderStep(currentMemberDocument({ idType: 'passport', idNumber: BAD_RESIDENT_ID }));
    await inputOf(container, 'idNumber');
    fireEvent.click(screen.getByTestId('step-submit'));
    // (no photo in this form: the submit stops there, not at the ID number)
    await waitFor(() => expect(errorTextOf(container, 'photo')).not.toBe(''));
    expect(errorTextOf(container, 'idNumber')).toBe('');
    expect(container.textContent).not.toContain('内容不正确');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("an old record's upgrade flag", () => {
  // built in the test: the messages are translated, and the locales load before the tests
  const flags = () =>
    upgradeErrorSchema({
      kind: 'entourage',
      id: 'm1',
      fromVersion: 1,
      toVersion: 2,
      document: {},
      dropped: [],
      problems: [{ pointer: '/nameZh', key: 'validation.maxLength', params: { limit: 100 }, label: 'schema.fields.nameZh' }],
    });
  const FLAG = '原内容不符合当前版本：长度不能超过 100 个字符';

  it('stays while the field is still invalid and clears once it is valid', async () => {
    const { container } = renderStep(currentMemberDocument({ nameZh: LONG_NAME, idNumber: '370202197503150078' }), flags());
    await waitFor(() => expect(errorTextOf(container, 'nameZh')).toBe(FLAG));
    const nameZh = await inputOf(container, 'nameZh');

    fireEvent.change(nameZh, { target: { value: '王'.repeat(101) } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errorTextOf(container, 'nameZh')).toBe(FLAG);

    fireEvent.change(nameZh, { target: { value: '李四' } });
    await waitFor(() => expect(errorTextOf(container, 'nameZh')).toBe(''));
  });

  it('leaves the flags of other fields alone', async () => {
    const twoFlags = upgradeErrorSchema({
      kind: 'entourage',
      id: 'm1',
      fromVersion: 1,
      toVersion: 2,
      document: {},
      dropped: [],
      problems: [
        { pointer: '/nameZh', key: 'validation.maxLength', params: { limit: 100 }, label: 'schema.fields.nameZh' },
        { pointer: '/mobile', key: 'validation.mobile', params: {}, label: 'schema.fields.mobile' },
      ],
    });
    const { container } = renderStep(
      currentMemberDocument({ nameZh: LONG_NAME, mobile: '12345', idNumber: '370202197503150078' }),
      twoFlags,
    );
    await waitFor(() => expect(errorTextOf(container, 'mobile')).not.toBe(''));
    fireEvent.change(await inputOf(container, 'nameZh'), { target: { value: '李四' } });
    await waitFor(() => expect(errorTextOf(container, 'nameZh')).toBe(''));
    expect(errorTextOf(container, 'mobile')).not.toBe('');
  });
});
