import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft, writeDraft } from '../../src/client/engine/wizard/draft-store';
import { answerConfirm, getFeedback } from '../../src/client/feedback/feedback-store';
import { loadSessionDetails, logout, signIn } from '../../src/client/session/session-actions';
import { getSession, resetSession, updateSession } from '../../src/client/session/session-store';
import { hasSignedInMarker } from '../../src/client/session/signed-in-marker';
import { abbreviateNumber } from '../../src/client/util/number-abbreviation';
import { pageLocation } from '../../src/client/util/page-location';
import { UNAUTHORISED_RELOAD_MS } from '../../src/shared/constants';

/** every request's headers, to check the token never leaves through a script */
const headersSeen: string[] = [];

/** What the server's sign-in answer leaves in the browser: its marker (the HttpOnly session cookie is not visible to scripts). */
function serverSignedIn(): void {
  document.cookie = 'summit_signed_in=1; path=/';
}

/** Answers API calls by path; a test double of the server for these unit tests only. */
function stubApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname.replace('/exhibition/', '');
    calls.push(`${input.method} ${path} ${input.headers.get('authorization') ?? ''}`);
    headersSeen.push(JSON.stringify([...input.headers.entries()]));
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

  it('sign-in loads login info and the menu on the server-set cookie; roles are admin', async () => {
    const calls = stubApi({ 'center/user/basic/loginInfo': loginInfo, 'center/menu/basic/userMenuTree': menu });
    serverSignedIn();
    await expect(signIn()).resolves.toBe(true);
    expect(calls).toContain('GET center/user/basic/loginInfo ');
    expect(getSession()).toMatchObject({
      signedIn: true,
      name: '张三',
      account: 'a@b.cn',
      roles: ['admin'],
      userType: 'enterprise',
      permissions: ['notice:read'],
      menu,
    });
  });

  it('never reads the session token from document.cookie: not sent by script, not kept in the session (issue 18 point 3)', async () => {
    // worst case: the token visible to scripts (a browser without HttpOnly); the client must not pick it up
    document.cookie = 'summit_session=SECRET-TOKEN-0123456789; path=/';
    document.cookie = 'summit_token=SECRET-TOKEN-0123456789; path=/';
    serverSignedIn();
    headersSeen.length = 0;
    stubApi({
      'center/user/basic/loginInfo': loginInfo,
      'center/menu/basic/userMenuTree': menu,
      'qms/notice-announce/myUnReadNoticeCount': 2,
    });
    resetSession();
    await signIn();
    await logout();
    expect(headersSeen.length).toBeGreaterThanOrEqual(3);
    expect(headersSeen.join('\n')).not.toContain('SECRET-TOKEN');
    expect(headersSeen.join('\n')).not.toMatch(/authorization/i);
    expect(JSON.stringify(getSession())).not.toContain('SECRET-TOKEN');
    document.cookie = 'summit_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    document.cookie = 'summit_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('an empty menu says "user not authorised" and reloads after 2 s', async () => {
    vi.useFakeTimers();
    stubApi({ 'center/user/basic/loginInfo': loginInfo, 'center/menu/basic/userMenuTree': [] });
    serverSignedIn();
    await expect(signIn()).resolves.toBe(false);
    expect(getFeedback().toasts.at(-1)?.message).toBe('用户未授权');
    expect(pageLocation.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UNAUTHORISED_RELOAD_MS);
    expect(pageLocation.reload).toHaveBeenCalledOnce();
  });

  it('logout after the server already revoked the token (password changed) asks nothing and still ends the session', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ code: 401, msg: '验证失败，请重新登录', data: null }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    serverSignedIn();
    updateSession({ signedIn: true });
    await logout();
    const asked = getFeedback().confirm;
    if (asked) answerConfirm(false);
    expect(asked).toBeNull();
    expect(hasSignedInMarker()).toBe(false);
    expect(pageLocation.replace).toHaveBeenCalledWith('/login');
  });

  it('logout clears token, roles and the delivery flag and goes to /login', async () => {
    stubApi({ 'center/user/basic/loginInfo': loginInfo, 'center/menu/basic/userMenuTree': menu });
    serverSignedIn();
    await signIn();
    updateSession({ accountDelivery: true });
    expect(window.localStorage.getItem('accountDelivery')).toBe('true');
    await logout();
    expect(hasSignedInMarker()).toBe(false);
    expect(getSession()).toMatchObject({ signedIn: false, roles: [], accountDelivery: false, menu: null });
    expect(window.localStorage.getItem('accountDelivery')).toBeNull();
    expect(pageLocation.replace).toHaveBeenCalledWith('/login');
  });

  it('logout drops unsaved wizard drafts (they hold personal data) and keeps other storage', async () => {
    stubApi({ 'center/user/basic/loginInfo': loginInfo, 'center/menu/basic/userMenuTree': menu });
    serverSignedIn();
    await signIn();
    writeDraft('guest-registration', null, 'basic', { nameZh: '张三', idNumber: '370202199001011234' });
    window.localStorage.setItem('language', 'en');
    await logout();
    expect(readDraft('guest-registration', null, 'basic')).toBeNull();
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('a failing session check forgets the session', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 500, msg: 'boom', data: null }), { status: 500 }));
    serverSignedIn();
    resetSession();
    expect(getSession().signedIn).toBe(true);
    await expect(loadSessionDetails()).resolves.toBe(false);
    expect(hasSignedInMarker()).toBe(false);
    expect(getSession().signedIn).toBe(false);
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
