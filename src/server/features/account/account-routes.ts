import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../shared/api-paths.js';
import { ok, noStore } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { clearSessionCookie } from '../../http/session-cookie.js';
import { signedIn } from '../../auth/authenticate.js';
import { guarded, limits } from '../../plugins/rate-limits.js';
import { normaliseAccount } from '../../security/account-name.js';
import { bearer, bodyOf, path, queryOf, schemaVersionOf } from '../../http/route-helpers.js';
import type { Accounts } from './accounts.js';
import type { Sessions } from '../../auth/sessions.js';

export interface AccountRouteServices {
  accounts: Accounts;
  sessions: Sessions;
}

/** Registration, password change/reset, account change, logout. */
export async function accountRoutes(app: FastifyInstance, { accounts, sessions }: AccountRouteServices): Promise<void> {
  const tags = ['account'];

  app.post<{ Body: SchemaData<'account-registration'>; Reply: PlainAnswer<null> }>(path(apiPaths.register), {
    schema: {
      tags,
      summary: 'Register an account (code from anonMsgCode with scene register)',
      response: envelope(nothing, 'registered'),
      ...bodyOf('account-registration'),
    },
    ...guarded(app, limits.register),
    handler: async (request) => {
      // the unit's first document keeps neither secrets nor the sign-in name (a mobile is stored only indexed and sealed)
      const { password: _p, confirmPassword: _c, code: _code, account: _account, ...document } = request.body;
      await accounts.register({
        userType: request.body.userType,
        account: normaliseAccount(request.body.account),
        name: request.body.name,
        password: request.body.password,
        unitName: request.body.unitName,
        code: request.body.code,
        document,
        schemaVersion: schemaVersionOf('account-registration'),
      });
      return ok(request, null);
    },
  });

  app.put<{ Querystring: SchemaData<'password-change'>; Reply: PlainAnswer<null> }>(path(apiPaths.changePassword), {
    schema: {
      tags,
      summary: 'Change password (query string per SPEC, or the same fields as a JSON body); ends every session',
      security: bearer,
      response: envelope(nothing, 'changed'),
      ...queryOf('password-change'),
    },
    // SPEC sends these as a query string; a JSON body with the same fields is accepted too
    ...guarded(app, limits.passwordChange, async (request) => {
      const body = request.body;
      if (body && typeof body === 'object' && Object.keys(request.query as object).length === 0) {
        request.query = body as typeof request.query;
      }
    }),
    handler: async (request, reply) => {
      await accounts.changePassword(signedIn(request), request.query.oldPassword, request.query.password);
      // every session ended, this one too: its cookie goes with it
      clearSessionCookie(reply);
      return ok(request, null);
    },
  });

  app.put<{ Body: SchemaData<'account-change'>; Reply: PlainAnswer<null> }>(path(apiPaths.changeAccount), {
    schema: {
      tags,
      summary: 'Change the sign-in account (code sent to the new account, scene change-account)',
      security: bearer,
      response: envelope(nothing, 'changed'),
      ...bodyOf('account-change'),
    },
    ...guarded(app, limits.signIn),
    handler: async (request) => {
      const { account, newAccount, code } = request.body;
      await accounts.changeAccount(signedIn(request), normaliseAccount(account), normaliseAccount(newAccount), code);
      return ok(request, null);
    },
  });

  app.put<{ Body: SchemaData<'password-reset'>; Reply: PlainAnswer<null> }>(path(apiPaths.resetPassword), {
    schema: {
      tags,
      summary: 'Reset a forgotten password with a code (scene reset-password); ends every session',
      response: envelope(nothing, 'reset'),
      ...bodyOf('password-reset'),
    },
    ...guarded(app, limits.signIn),
    handler: async (request) => {
      const { account, code, password } = request.body;
      await accounts.resetPassword(normaliseAccount(account), code, password);
      return ok(request, null);
    },
  });

  app.post<{ Reply: PlainAnswer<null> }>(path(apiPaths.logout), {
    schema: {
      tags,
      summary: 'Sign out: the session is revoked and its cookie expired',
      security: bearer,
      response: envelope(nothing, 'signed out'),
    },
    handler: async (request, reply) => {
      await sessions.revoke(signedIn(request).sessionId);
      clearSessionCookie(reply);
      noStore(reply);
      return ok(request, null);
    },
  });
}
