import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Translator } from '../http/translator.js';
import { LogTransport, type MessageTransport } from '../outbox/delivery.js';
import { OutboxService } from '../outbox/outbox-service.js';
import { SmtpTransport } from '../outbox/smtp-transport.js';
import { PasswordHasher } from '../security/password-hash.js';
import { Accounts } from './accounts.js';
import { CaptchaService } from './captcha-service.js';
import { Menus } from './menus.js';
import { MessageCodes } from './message-codes.js';
import { Notices } from './notices.js';
import { OneTimeCodes } from './one-time-codes.js';
import { Sessions } from './sessions.js';
import { SignIn } from './sign-in.js';

export interface Services {
  hasher: PasswordHasher;
  outbox: OutboxService;
  captcha: CaptchaService;
  messageCodes: MessageCodes;
  sessions: Sessions;
  signIn: SignIn;
  accounts: Accounts;
  notices: Notices;
  menus: Menus;
}

export interface ServiceOptions {
  menusFile: string;
  /** replaces the SMS provider (a real provider plugs in here) */
  smsTransport?: MessageTransport;
}

export function createServices(
  config: AppConfig,
  db: Db,
  translator: Translator,
  log: FastifyBaseLogger,
  options: ServiceOptions,
): Services {
  const hasher = new PasswordHasher(config.scrypt, config.hashConcurrency);
  const logTransport = new LogTransport(log, !config.production);
  const outbox = new OutboxService(db, {
    devOutbox: config.devOutbox,
    email: config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.smtpFrom) : logTransport,
    sms: options.smsTransport ?? logTransport,
    log,
  });
  const codes = new OneTimeCodes(db, config.codeSecret);
  const captcha = new CaptchaService(codes, outbox);
  const messageCodes = new MessageCodes(db, codes, outbox, translator, config.summitName);
  const sessions = new Sessions(db, { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours });
  return {
    hasher,
    outbox,
    captcha,
    messageCodes,
    sessions,
    signIn: new SignIn(db, hasher, captcha, messageCodes, sessions, config.captchaRequired),
    accounts: new Accounts(db, hasher, messageCodes, sessions),
    notices: new Notices(db),
    menus: new Menus(options.menusFile, translator),
  };
}
