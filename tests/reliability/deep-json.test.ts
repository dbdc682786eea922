/**
 * Found by the fuzz: a JSON body nested 5,000 deep (`[[[...]]]`) overflowed the stack of the
 * unsafe-character check and answered 500 on every JSON route. It is a 400 envelope now.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { bearer, tokenFor, useTestApp } from '../server/helpers/test-app.js';

describeEachDatabase('deeply nested JSON bodies', (kind) => {
  const t = useTestApp(kind);

  it('answer 400 with the envelope, signed in or not', async () => {
    const token = await tokenFor(t);
    for (const body of ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)]) {
      for (const [method, url, headers] of [
        ['POST', '/exhibition/center/user/front/login', {}],
        ['PUT', '/exhibition/qms/unit/mine', bearer(token)],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 400, data: null });
      }
    }
  });
});
