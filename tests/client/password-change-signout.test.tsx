/** Issue 19 item 16: a valid password change ends on the sign-in page with its message, and no 401. */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import type { FormDeclaration } from '../../src/client/engine/screen-types';
import { runSuccess } from '../../src/client/engine/success-actions';
import { AuthLayout } from '../../src/client/layout/AuthLayout';
import { resetSession, updateSession } from '../../src/client/session/session-store';
import { pageLocation } from '../../src/client/util/page-location';

describe('after a password change', () => {
  let requests: string[];
  beforeEach(() => {
    requests = [];
    vi.spyOn(pageLocation, 'replace').mockImplementation(() => undefined);
    // the server ended every session with the change: any request now would answer 401
    vi.stubGlobal('fetch', async (input: Request) => {
      requests.push(`${input.method} ${new URL(input.url).pathname}`);
      return new Response(JSON.stringify({ code: 401, msg: '验证失败，请重新登录', data: null }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    });
    // signed in: the server's marker beside its HttpOnly session cookie
    document.cookie = 'summit_signed_in=1; path=/';
    resetSession();
    updateSession({ signedIn: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('sends no sign-out request and the sign-in page says so, once', async () => {
    const declaration = findDeclaration('change-password') as FormDeclaration;
    await runSuccess(declaration.success, null, '');
    expect(requests).toEqual([]);
    expect(pageLocation.replace).toHaveBeenCalledWith('/login');

    const first = render(
      <MemoryRouter>
        <AuthLayout />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('signed-out-notice')).toHaveTextContent('密码已修改，请重新登录');
    first.unmount();
    render(
      <MemoryRouter>
        <AuthLayout />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('signed-out-notice')).toBeNull();
  });
});
