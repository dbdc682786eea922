import type { FastifyInstance } from 'fastify';
import { apiPaths, SIGN_IN_TURN_HEADER } from '../../../shared/api-paths.js';
import { ok, noStore } from '../../http/envelope-reply.js';
import { envelope, nothing, token } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { setSessionCookie } from '../../http/session-cookie.js';
import { guarded, limits } from '../../plugins/rate-limits.js';
import { normaliseAccount } from '../../security/account-name.js';
import { bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { CaptchaService } from '../../auth/captcha-service.js';
import type { MessageCodes } from '../../auth/message-codes.js';
import type { SignIn } from '../../auth/sign-in.js';
import type { Accounts } from './accounts.js';

export interface SignInRouteServices {
  captcha: CaptchaService;
  messageCodes: MessageCodes;
  signIn: SignIn;
  accounts: Accounts;
}

/**
 * Image code, account check, message codes and the three ways to sign in (SPEC 7). A sign-in
 * answers with the session in an HttpOnly cookie; SPEC's "data is the token" becomes a
 * non-secret marker, so no script ever holds the token.
 */
export async function signInRoutes(app: FastifyInstance, { captcha, messageCodes, signIn, accounts }: SignInRouteServices): Promise<void> {
  const tags = ['sign-in'];

  app.get<{ Reply: Answer<'response-verify-code'> }>(path(apiPaths.verifyCode), {
    schema: { tags, summary: 'Image code (PNG data URL) and its uuid', response: envelope('response-verify-code', 'the image code') },
    ...guarded(app, limits.captcha),
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await captcha.create());
    },
  });

  app.get<{ Querystring: SchemaData<'account-exists-query'>; Reply: PlainAnswer<boolean> }>(path(apiPaths.accountExists), {
    schema: {
      tags,
      summary: 'Whether an account exists (data: boolean)',
      response: envelope({ type: 'boolean' }, 'true when the account exists'),
      ...queryOf('account-exists-query'),
    },
    ...guarded(app, limits.accountQuery),
    handler: async (request) => ok(request, await accounts.exists(normaliseAccount(request.query.account))),
  });

  app.post<{ Body: SchemaData<'send-message-code'>; Reply: PlainAnswer<null> }>(path(apiPaths.sendMessageCode), {
    schema: {
      tags,
      summary: 'Send a 4-character code by SMS or e-mail (channel follows the account)',
      response: envelope(nothing, 'code sent'),
      ...bodyOf('send-message-code'),
    },
    ...guarded(app, limits.sendCode),
    handler: async (request) => {
      await messageCodes.send(normaliseAccount(request.body.account), request.body.scene ?? 'login', request.language);
      return ok(request, null);
    },
  });

  app.post<{ Body: SchemaData<'sign-in-password'>; Reply: PlainAnswer<string> }>(path(apiPaths.login), {
    schema: {
      tags,
      summary: 'Password sign-in; the session is the HttpOnly cookie set by the answer (data: a non-secret marker)',
      response: envelope(token, 'signed in'),
      ...bodyOf('sign-in-password'),
    },
    ...guarded(app, limits.signIn),
    handler: async (request, reply) => {
      const { account, password, code, uuid } = request.body;
      noStore(reply);
      const turn = request.headers[SIGN_IN_TURN_HEADER];
      const signedIn = await signIn.withPassword(
        normaliseAccount(account),
        password,
        uuid,
        code,
        request.signInEscalated,
        typeof turn === 'string' ? turn : undefined,
      );
      return ok(request, setSessionCookie(reply, signedIn));
    },
  });

  app.post<{ Body: SchemaData<'sign-in-code'>; Reply: PlainAnswer<string> }>(path(apiPaths.securityCodeLogin), {
    schema: {
      tags,
      summary: 'Sign-in with an SMS/e-mail code; sets the session cookie (data: a non-secret marker)',
      response: envelope(token, 'signed in'),
      ...bodyOf('sign-in-code'),
    },
    ...guarded(app, limits.signIn),
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, setSessionCookie(reply, await signIn.withCode(normaliseAccount(request.body.account), request.body.code)));
    },
  });

  app.post<{ Body: SchemaData<'guest-sign-in'>; Reply: PlainAnswer<string> }>(path(apiPaths.guestLogin), {
    schema: {
      tags,
      summary: 'Special-guest sign-in with a code; sets the session cookie (data: a non-secret marker)',
      response: envelope(token, 'signed in'),
      ...bodyOf('guest-sign-in'),
    },
    ...guarded(app, limits.signIn),
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, setSessionCookie(reply, await signIn.asGuest(normaliseAccount(request.body.account), request.body.code)));
    },
  });
}
