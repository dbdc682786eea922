import Form from '@rjsf/mui';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import { api } from '../../src/client/api/endpoints';
import { DeclaredForm } from '../../src/client/engine/DeclaredForm';
import { formBasics } from '../../src/client/engine/form-wiring';
import { operations } from '../../src/client/engine/operations';
import type { FormDeclaration } from '../../src/client/engine/screen-types';
import { useReportUploadBusy } from '../../src/client/engine/uploads/upload-activity';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.restoreAllMocks());

operations.testWrongPassword = async () => {
  throw new ApiError('status', 400, '用户不存在或密码错误', { code: 400, msg: '用户不存在或密码错误', data: null });
};

function declaration(schema: string, submit: string): FormDeclaration {
  return {
    id: `test-${schema}`,
    kind: 'form',
    titleKey: 'login.title',
    schema,
    submit,
    submitLabelKey: 'login.submit',
    success: { action: 'stay' },
  };
}

/** Issue 11 item 11, client side. */
describe('UI hardening', () => {
  it('shows the array buttons of RJSF in Chinese', async () => {
    const schema: RJSFSchema = { type: 'object', properties: { stations: { type: 'array', items: { type: 'string' } } } };
    const { container } = render(
      <Form {...formBasics} schema={schema} validator={validator} formData={{ stations: ['青岛北站', '胶东机场'] }} />,
    );
    await waitFor(() => expect(container.querySelector('button[title="添加一项"]')).not.toBeNull());
    expect(container.querySelectorAll('button[title="删除"]').length).toBe(2);
    expect(container.querySelector('button[title="上移"], button[title="下移"]')).not.toBeNull();
    expect(container.innerHTML).not.toMatch(/Add Item|"Remove"|Move up/);
  });

  it('clears the typed image code when a failed sign-in brings a new picture', async () => {
    let n = 0;
    vi.spyOn(api, 'verifyCode').mockImplementation(async () => ({ uuid: `uuid-${++n}`, img: 'data:image/png;base64,AAAA' }));
    const { container } = render(
      <MemoryRouter>
        <DeclaredForm declaration={declaration('sign-in-password', 'testWrongPassword')} />
      </MemoryRouter>,
    );
    const code = (await waitFor(() => {
      const input = container.querySelector('#root_code');
      if (!input) throw new Error('no code field yet');
      return input;
    })) as HTMLInputElement;
    await waitFor(() => expect(n).toBe(1));
    fireEvent.change(container.querySelector('#root_account')!, { target: { value: 'enterprise@demo.example.com' } });
    fireEvent.change(container.querySelector('#root_password')!, { target: { value: 'Wrong#Pass1' } });
    fireEvent.change(code, { target: { value: 'ABCD' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(n).toBe(2));
    await waitFor(() => expect((container.querySelector('#root_code') as HTMLInputElement).value).toBe(''));
    expect((container.querySelector('#root_account') as HTMLInputElement).value).toBe('enterprise@demo.example.com');
  });

  it('keeps submit disabled while an upload is being checked', async () => {
    function BusyUpload({ busy }: { busy: boolean }) {
      useReportUploadBusy(busy);
      return null;
    }
    vi.spyOn(api, 'verifyCode').mockResolvedValue({ uuid: 'u', img: '' });
    const view = (busy: boolean) => (
      <MemoryRouter>
        <BusyUpload busy={busy} />
        <DeclaredForm declaration={declaration('sign-in-code', 'testWrongPassword')} />
      </MemoryRouter>
    );
    const { rerender } = render(view(true));
    const submit = await screen.findByTestId('submit');
    expect(submit).toBeDisabled();
    rerender(view(false));
    await waitFor(() => expect(screen.getByTestId('submit')).not.toBeDisabled());
  });
});
