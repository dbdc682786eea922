/**
 * The generated validators are plain ES modules that import src/shared/*.ts: check that vite
 * resolves and transforms them for the browser and runs them (SSR loader), as tsx does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import type { ValidateFunction } from 'ajv';
import { projectRoot } from '../../codegen/pipeline.js';

const ID = 'https://summit.example/schemas/sign-in-code.json';

describe('generated validators under vite', () => {
  let server: ViteDevServer;
  beforeAll(async () => {
    server = await createServer({
      root: projectRoot,
      configFile: false,
      logLevel: 'silent',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
  }, 30_000);
  afterAll(async () => server?.close());

  it('transforms a validator for the browser with resolvable imports', async () => {
    const result = await server.transformRequest('/src/generated/validators/sign-in-code.js');
    expect(result?.code).toContain('/src/shared/schema-formats.ts');
    expect(result?.code).not.toMatch(/\brequire\(/);
  });

  it('loads and runs a validator', async () => {
    const module = (await server.ssrLoadModule('/src/generated/validators/sign-in-code.js')) as Record<string, ValidateFunction>;
    const validate = module[ID] as ValidateFunction;
    expect(validate({ account: '13812345678', code: 'ab12' })).toBe(true);
    expect(validate({ account: '23812345678', code: 'ab12' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/account', keyword: 'format' });
  });
});
