import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeclaredForm } from '../../src/client/engine/DeclaredForm';
import { operations } from '../../src/client/engine/operations';
import type { FormDeclaration } from '../../src/client/engine/screen-types';

const submitted = vi.fn();
operations.testRefusalSubmit = async (data) => {
  submitted(data);
  return 'ok';
};

const declaration: FormDeclaration = {
  id: 'test-refusal',
  kind: 'form',
  titleKey: 'login.codeTab',
  schema: 'sign-in-code',
  submit: 'testRefusalSubmit',
  submitLabelKey: 'login.submit',
  success: { action: 'stay' },
};

describe('a refused form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows its errors on the fields and logs nothing to the console', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { container } = render(
      <MemoryRouter>
        <DeclaredForm declaration={declaration} />
      </MemoryRouter>,
    );
    await screen.findByLabelText(/手机号码\/电子邮箱/);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(container.querySelector('#root_code__error')?.textContent).toBe('此项为必填项'));
    expect(submitted).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.map((call) => String(call[0]))).not.toContain('Form validation failed');
  });
});
