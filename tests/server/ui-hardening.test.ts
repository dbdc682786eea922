import { describe, expect, it } from 'vitest';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';
import type { MenuNode } from '../../src/shared/api-types.js';

/** Issue 11 item 11, server side: the favicon exists; a government unit's overview is not a "company" view. */
describe('favicon and menu wording', () => {
  const t = useTestApp('sqlite');

  it('serves /favicon.ico as an icon', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect([...response.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(response.rawPayload.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });

  it('names the unit type in the overview menu title', async () => {
    const titles = async (account: string) => {
      const response = await t.call<MenuNode[]>({
        method: 'GET',
        url: '/exhibition/center/menu/basic/userMenuTree?entranceTypes=2',
        headers: bearer(await tokenFor(t, account)),
      });
      const flat: string[] = [];
      const walk = (nodes: MenuNode[]) => nodes.forEach((node) => (flat.push(String(node.meta.title)), walk(node.children ?? [])));
      walk(response.body.data);
      return flat;
    };
    const government = await titles('government@demo.example.com');
    expect(government).toContain('政府单位总览');
    expect(government).not.toContain('企业总览');
    expect(await titles('media@demo.example.com')).toContain('媒体单位总览');
    expect(await titles('enterprise@demo.example.com')).toContain('企业总览');
  });
});
