/** A password change sends the passwords in the JSON body: a URL is logged by proxies and browsers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountOperations } from '../../src/client/screens/account/account-operations';

describe('password change request', () => {
  let sent: { url: string; method: string; body: string }[];
  beforeEach(() => {
    sent = [];
    vi.stubGlobal('fetch', async (input: Request) => {
      sent.push({ url: input.url, method: input.method, body: await input.text() });
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('puts no password in the URL', async () => {
    await accountOperations.changePassword!(
      { oldPassword: 'Summit#2025', password: 'Changed#Pass2026', confirmPassword: 'Changed#Pass2026' },
      {},
    );
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.method).toBe('PUT');
    expect(new URL(request!.url).search).toBe('');
    expect(JSON.parse(request!.body)).toMatchObject({ oldPassword: 'Summit#2025', password: 'Changed#Pass2026' });
  });
});
