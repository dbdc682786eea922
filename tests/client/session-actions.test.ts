import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft, writeDraft } from '../../src/client/engine/wizard/draft-store';
import { answerConfirm, getFeedback } from '../../src/client/feedback/feedback-store';
import { loadSessionDetails, logout, signIn } from '../../src/client/session/session-actions';
import { getSession, resetSession, updateSession } from '../../src/client/session/session-store';
import { readToken, writeToken } from '../../src/client/session/token-cookie';
import { abbreviateNumber } from '../../src/client/util/number-abbreviation';
import { pageLocation } from '../../src/client/util/page-location';
import { UNAUTHORISED_RELOAD_MS } from '../../src/shared/constants';

/** Answers API calls by path; a test double of the server for these unit tests only. */
function stubApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname.replace('/exhibition/', '');
    calls.push(`${input.method} ${path} ${input.headers.get('authorization') ?? ''}`);
    const data = path in answers ? answers[path] : null;
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const loginInfo = {
  user: { id: 'u1', account: 'a@b.cn', name: '张三', userType: 'enterprise', unitId: null },
  types: ['enterprise'],
  permissions: ['notice:read'],
};
const menu = [{ path: '/dashboard', name: 'Dashboard', component: 'Dashboard', meta: { title: 'x' } }];

describe('session (SPEC sections 3 and 4)', () => {
  beforeEach(() => {
    vi.spyOn(pageLocation, 'reload').mockImplementation(() => undefined);
    vi.spyOn(pageLocation, 'replace').mockImplementation(() => undefined);
    resetSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('sign-in stores the token, then loads login info and the menu; roles are admin', async () => {
    const calls = stubApi({ 'center/user/basic/loginInfo': loginInfo, 'center/menu/basic/userMenuTree': menu });
    await expect(signIn('tok-9')).resolves.toBe(true);
    expect(readToken()).toBe('tok-9');
    expect(calls).toContain('GET center/user/basic/loginInfo Bearer tok-9');
    expect(getSession()).toMatchObject({ token: 'tok-9', name: '张三', account: 'a@b.cn', roles: ['admin'], userType: 'enterprise', permissions: ['notice:read'], menu });
  });

  it('an empty menu says "user not authorised" and reloads after 2 s', async () => {
    vi.useFakeTimers();
    stubApi({ 'center/user/basic/loginInfo': loginInfo, 'center/menu/basic/userMenuTree': [] });
    await expect(signIn('tok-1')).resolves.toBe(false);
    expect(getFeedback().toasts.at(-1)?.message).toBe('用户未授权');
    expect(pageLocation.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UNAUTHORISED_RELOAD_MS);
    expect(pageLocation.reload).toHaveBeenCalledOnce();
  });

  it('logout after the server already revoked the token (password changed) asks nothing and still ends the session', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ code: 401, msg: '验证失败，请重新登录', data: null }), { status: 401, headers: { 'content-type': 'application/json' } }),
    );
    writeToken('tok-revoked');
    updateSession({ token: 'tok-revoked' });
    await logout();
    const asked = getFeedback().confirm;
    if (asked) answerConfirm(false);
    expect(asked).toBeNull();
    expect(readToken()).toBeFalsy();
    expect(pageLocation.replace).toHaveBeenCalledWith('/login');
  });

  it('logout clears token, roles and the delivery flag and goes to /login', async () => {
    stubApi({ 'center/user/basic/loginInfo': loginInfo, 'center/menu/basic/userMenuTree': menu });
    await signIn('tok-2');
    updateSession({ accountDelivery: true });
    expect(window.localStorage.getItem('accountDelivery')).toBe('true');
    await logout();
    expect(readToken()).toBeUndefined();
    expect(getSession()).toMatchObject({ token: undefined, roles: [], accountDelivery: false, menu: null });
    expect(window.localStorage.getItem('accountDelivery')).toBeNull();
    expect(pageLocation.replace).toHaveBeenCalledWith('/login');
  });

  it('logout drops unsaved wizard drafts (they hold personal data) and keeps other storage', async () => {
    stubApi({ 'center/user/basic/loginInfo': loginInfo, 'center/menu/basic/userMenuTree': menu });
    await signIn('tok-3');
    writeDraft('guest-registration', null, 'basic', { nameZh: '张三', idNumber: '370202199001011234' });
    window.localStorage.setItem('language', 'en');
    await logout();
    expect(readDraft('guest-registration', null, 'basic')).toBeNull();
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('a failing session check clears the token', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 500, msg: 'boom', data: null }), { status: 500 }));
    document.cookie = 'summit_token=stale; path=/';
    resetSession();
    await expect(loadSessionDetails()).resolves.toBe(false);
    expect(readToken()).toBeUndefined();
  });
});

describe('number abbreviations (SPEC section 9)', () => {
  it('uses k, M, G', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1234)).toBe('1.2k');
    expect(abbreviateNumber(5_600_000)).toBe('5.6M');
    expect(abbreviateNumber(3_000_000_000)).toBe('3G');
  });
});
