import { describe, expect, it } from 'vitest';
import { guardRedirect, OPEN_ROUTES, safeRedirectTarget } from '../../src/client/router/guard-rules';

describe('route guard (SPEC section 2)', () => {
  it('keeps every open route open to visitors', () => {
    for (const path of OPEN_ROUTES) expect(guardRedirect(path, '', false)).toBeNull();
  });

  it('sends visitors elsewhere to /login with the target', () => {
    expect(guardRedirect('/dashboard', '', false)).toBe('/login?redirect=%2Fdashboard');
    expect(guardRedirect('/myNotice/7', '?x=1', false)).toBe('/login?redirect=%2FmyNotice%2F7%3Fx%3D1');
    expect(guardRedirect('/', '', false)).toBe('/login');
  });

  it('sends signed-in users away from /login and /choose', () => {
    expect(guardRedirect('/login', '', true)).toBe('/');
    expect(guardRedirect('/choose', '', true)).toBe('/');
    expect(guardRedirect('/login', '?redirect=%2FmyNotice', true)).toBe('/myNotice');
    expect(guardRedirect('/dashboard', '', true)).toBeNull();
    expect(guardRedirect('/tempGroupMediaRegister', '', true)).toBeNull();
  });

  it('only follows same-site redirect targets', () => {
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('/login?redirect=/x')).toBe('/');
    expect(safeRedirectTarget('/myNotice')).toBe('/myNotice');
    expect(safeRedirectTarget(null)).toBe('/');
  });
});
