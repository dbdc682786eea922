/**
 * The hand-written loginInfo of the login-info bench: bare Fastify with the bare driver running
 * the product's own session query (collected from the product's Sessions while it runs), and
 * the same answer. No hooks, no log, no metrics: what the read costs with nothing around it.
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Sessions } from '../../src/server/auth/sessions.js';
import { AccountNames } from '../../src/server/auth/account-names.js';
import type { BenchDatabase } from '../fixture.js';
import { rawDriver, tracedDatabase } from '../raw-sql.js';

export async function loginInfoBaseline(database: BenchDatabase, product: FastifyInstance, token: string): Promise<FastifyInstance> {
  const traced = tracedDatabase(database);
  const names = new AccountNames(product.services.protection);
  await new Sessions(traced.db, { idleMinutes: 120, absoluteHours: 24 }, names).authenticate(token);
  const [sessionQuery] = traced.take();
  await traced.db.destroy();
  const driver = await rawDriver(database);
  const permissions = product.services.menus.permissionsFor('enterprise');
  const bare = Fastify({ logger: false });
  bare.addHook('onClose', async () => driver.close());
  bare.get('/exhibition/center/user/basic/loginInfo', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const hash = createHash('sha256').update(header.slice(7)).digest('hex');
    const [row] = await driver.rows<{
      id: string;
      account: string;
      account_sealed: string | null;
      name: string;
      user_type: string;
      unit_id: string | null;
      revoked_at: string | null;
    }>({ ...sessionQuery!, parameters: [hash] });
    if (!row || row.revoked_at) return reply.code(401).send({ code: 401, msg: 'login again', data: null });
    reply.header('cache-control', 'no-store');
    return {
      code: 200,
      msg: 'ok',
      data: {
        user: {
          id: row.id,
          account: names.clear(row.account, row.account_sealed),
          name: row.name,
          userType: row.user_type,
          unitId: row.unit_id,
        },
        types: [row.user_type],
        permissions,
      },
    };
  });
  return bare;
}
