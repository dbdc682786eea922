import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import { DeclaredForm } from '../../src/client/engine/DeclaredForm';
import { LeanForm } from '../../src/client/engine/lean/LeanForm';
import { operations } from '../../src/client/engine/operations';
import type { FormDeclaration } from '../../src/client/engine/screen-types';

const submitted = vi.fn();

/** The code sign-in form as declared, with its submit call replaced by a spy or a failure. */
function declaration(submit: string, lean = false): FormDeclaration {
  return {
    lean,
    id: 'test-sign-in-code',
    kind: 'form',
    titleKey: 'login.codeTab',
    schema: 'sign-in-code',
    submit,
    submitLabelKey: 'login.submit',
    success: { action: 'stay' },
  };
}

operations.testSubmit = async (data) => {
  submitted(data);
  return 'ok';
};
operations.testServerRejects = async () => {
  throw new ApiError('status', 400, '请输入正确的手机号码或电子邮箱', {
    code: 400,
    msg: '请输入正确的手机号码或电子邮箱',
    data: null,
    fieldErrors: [{ pointer: '/account', key: 'validation.account', message: '该账号已停用（服务器）' }],
  });
};

const paramsSeen = vi.fn();
operations.testLoadWithParams = async (_data, params) => {
  paramsSeen('load', params);
  return { account: '13800000007' };
};
operations.testSubmitWithParams = async (data, params) => {
  paramsSeen('submit', params, data);
  return 'ok';
};

/** The RJSF form, or the lean one the sign-in tabs use (`lean: true`): both behave the same. */
function renderForm(submit: string, lean = false) {
  const declared = declaration(submit, lean);
  return render(<MemoryRouter>{lean ? <LeanForm declaration={declared} /> : <DeclaredForm declaration={declared} />}</MemoryRouter>);
}

function errorTextOf(container: HTMLElement, field: string): string {
  return container.querySelector(`#root_${field}__error`)?.textContent ?? '';
}

describe.each([
  ['RJSF form', false],
  ['lean form', true],
])('form runtime (screen declaration -> %s)', (_name, lean) => {
  afterEach(() => submitted.mockReset());

  it('renders the declared schema with labels translated from x-i18n', async () => {
    renderForm('testSubmit', lean);
    expect(await screen.findByLabelText(/手机号码\/电子邮箱/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
    // schema descriptions are developer notes, never shown
    expect(document.body.textContent).not.toMatch(/mainland mobile number/);
  });

  it('shows translated ajv errors on submit and does not call the save operation', async () => {
    const { container } = renderForm('testSubmit', lean);
    await screen.findByLabelText(/手机号码\/电子邮箱/);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(errorTextOf(container, 'account')).not.toBe(''));
    expect(errorTextOf(container, 'code')).toBe('此项为必填项');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('validates a field when it is left, with its field-specific message', async () => {
    const { container } = renderForm('testSubmit', lean);
    const account = await screen.findByLabelText(/手机号码\/电子邮箱/);
    fireEvent.change(account, { target: { value: 'not-an-account' } });
    expect(errorTextOf(container, 'account')).toBe('');
    fireEvent.blur(account);
    await waitFor(() => expect(errorTextOf(container, 'account')).toBe('请输入正确的手机号码或电子邮箱'));
    // untouched fields stay quiet until the first submit
    expect(errorTextOf(container, 'code')).toBe('');
  });

  it('submits valid data to the declared operation', async () => {
    const { container } = renderForm('testSubmit', lean);
    fireEvent.change(await screen.findByLabelText(/手机号码\/电子邮箱/), { target: { value: '13800000007' } });
    fireEvent.change(container.querySelector('#root_code') as HTMLInputElement, { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ account: '13800000007', code: 'AB12' }));
  });

  it('shows server field errors (JSON pointers) on their fields', async () => {
    const { container } = renderForm('testServerRejects', lean);
    fireEvent.change(await screen.findByLabelText(/手机号码\/电子邮箱/), { target: { value: '13800000007' } });
    fireEvent.change(container.querySelector('#root_code') as HTMLInputElement, { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(errorTextOf(container, 'account')).toBe('该账号已停用（服务器）'));
    expect(errorTextOf(container, 'code')).toBe('');
  });
});

describe('form runtime on a route with params', () => {
  it('hands the route params to the load and submit operations', async () => {
    const onRoute: FormDeclaration = { ...declaration('testSubmitWithParams'), route: '/things/:thingId/code', load: 'testLoadWithParams' };
    const { container } = render(
      <MemoryRouter initialEntries={['/things/t-42/code']}>
        <Routes>
          <Route path={onRoute.route} element={<DeclaredForm declaration={onRoute} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByDisplayValue('13800000007')).toBeInTheDocument();
    expect(paramsSeen).toHaveBeenCalledWith('load', { thingId: 't-42' });
    fireEvent.change(container.querySelector('#root_code') as HTMLInputElement, { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(paramsSeen).toHaveBeenCalledWith('submit', { thingId: 't-42' }, { account: '13800000007', code: 'AB12' }));
    // the load ran once: a re-render with the same params does not reload the form
    expect(paramsSeen.mock.calls.filter(([what]) => what === 'load')).toHaveLength(1);
  });
});

describe('lean form (the sign-in tabs)', () => {
  it('keeps the image code id in a hidden field, as the RJSF form does, and sends it', async () => {
    const { api } = await import('../../src/client/api/endpoints');
    const picture = vi.spyOn(api, 'verifyCode').mockResolvedValue({ uuid: 'uuid-7', img: 'data:image/png;base64,AAAA' });
    const declared: FormDeclaration = { ...declaration('testSubmit', true), schema: 'sign-in-password' };
    const { container } = render(
      <MemoryRouter>
        <LeanForm declaration={declared} />
      </MemoryRouter>,
    );
    await waitFor(() => expect((container.querySelector('#root_uuid') as HTMLInputElement | null)?.value).toBe('uuid-7'));
    fireEvent.change(container.querySelector('#root_account')!, { target: { value: 'enterprise@demo.example.com' } });
    fireEvent.change(container.querySelector('#root_password')!, { target: { value: 'Summit#2025' } });
    fireEvent.change(container.querySelector('#root_code')!, { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() =>
      expect(submitted).toHaveBeenCalledWith({
        account: 'enterprise@demo.example.com',
        password: 'Summit#2025',
        code: 'AB12',
        uuid: 'uuid-7',
      }),
    );
    picture.mockRestore();
  });
});
