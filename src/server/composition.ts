import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { Translator } from './http/translator.js';
import { LogTransport, type MessageTransport } from './outbox/delivery.js';
import { OutboxService } from './outbox/outbox-service.js';
import { SmtpTransport } from './outbox/smtp-transport.js';
import { AccountNames } from './auth/account-names.js';
import { DataProtection } from './security/data-protection.js';
import { PasswordHasher } from './auth/password-hash.js';
import { Accounts } from './features/account/accounts.js';
import { Audit } from './audit/audit.js';
import { systemClock, type Clock } from './clock.js';
import { Editions } from './features/edition/editions.js';
import { Entourage } from './features/guests/entourage.js';
import { EntourageTravel } from './features/guests/entourage-travel.js';
import { GuestAccountLinks } from './features/guests/guest-accounts.js';
import { GuestSteps } from './features/guests/guest-steps.js';
import { Guests } from './features/guests/guests.js';
import { GoodWishes } from './features/wishes/good-wishes.js';
import { Review } from './features/guests/review.js';
import { Units } from './features/units/units.js';
import { Activities } from './features/activities/activities.js';
import { ActivityListing } from './features/activities/activity-listing.js';
import { ActivitySignUps } from './features/activities/activity-sign-ups.js';
import { CaptchaService } from './auth/captcha-service.js';
import { Menus } from './features/account/menus.js';
import { MessageCodes } from './auth/message-codes.js';
import { Notices } from './features/notices/notices.js';
import { OneTimeCodes } from './auth/one-time-codes.js';
import { Sessions } from './auth/sessions.js';
import { createConsoleServices, type ConsoleServices } from './console-services.js';
import { SignIn } from './auth/sign-in.js';

const DEFAULT_EDITION_FILE = fileURLToPath(new URL('../../config/edition.json', import.meta.url));

export interface Services {
  /** personal data at rest: seals, opens and indexes ID numbers and mobiles */
  protection: DataProtection;
  hasher: PasswordHasher;
  outbox: OutboxService;
  captcha: CaptchaService;
  messageCodes: MessageCodes;
  sessions: Sessions;
  signIn: SignIn;
  accounts: Accounts;
  notices: Notices;
  menus: Menus;
  editions: Editions;
  units: Units;
  guests: Guests;
  guestSteps: GuestSteps;
  goodWishes: GoodWishes;
  entourage: Entourage;
  entourageTravel: EntourageTravel;
  console: ConsoleServices;
  review: Review;
  activities: Activities;
  activityListing: ActivityListing;
  activitySignUps: ActivitySignUps;
}

export interface ServiceOptions {
  menusFile: string;
  /** defaults of the current edition (config/edition.json unless given) */
  editionFile?: string;
  /** time source of deadlines (tests move it) */
  clock?: Clock;
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
  const protection = new DataProtection(config.dataKeyring);
  const names = new AccountNames(protection);
  const outbox = new OutboxService(db, {
    devOutbox: config.devOutbox,
    email: config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.smtpFrom) : logTransport,
    sms: options.smsTransport ?? logTransport,
    log,
    names,
  });
  const codes = new OneTimeCodes(db, config.codeSecret, (account) => names.key(account));
  const captcha = new CaptchaService(codes, outbox);
  const messageCodes = new MessageCodes(db, codes, outbox, translator, config.summitName, names);
  const sessions = new Sessions(db, { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours }, names);
  const editions = new Editions(db, options.editionFile ?? DEFAULT_EDITION_FILE, options.clock ?? systemClock);
  const audit = new Audit(db);
  const guests = new Guests(db, editions, config.databaseUrl !== null, new GuestAccountLinks(log, protection), protection);
  const activitySignUps = new ActivitySignUps(db, editions, guests, translator, config.databaseUrl !== null);
  return {
    protection,
    activities: new Activities(db, editions, activitySignUps, config.databaseUrl !== null),
    activityListing: new ActivityListing(db, editions),
    activitySignUps,
    editions,
    units: new Units(db, editions, protection),
    guests,
    guestSteps: new GuestSteps(db, editions, guests, audit, activitySignUps),
    entourage: new Entourage(db, editions, guests, activitySignUps),
    entourageTravel: new EntourageTravel(db, editions, guests, audit),
    review: new Review(db, editions, guests, audit, translator),
    hasher,
    console: createConsoleServices(db, editions, audit, config.databaseUrl !== null, protection, config.listTotalCacheMs),
    outbox,
    captcha,
    messageCodes,
    sessions,
    signIn: new SignIn(db, hasher, captcha, messageCodes, sessions, config.captchaRequired, names),
    accounts: new Accounts(db, hasher, messageCodes, sessions, names),
    notices: new Notices(db),
    menus: new Menus(options.menusFile, translator),
    goodWishes: new GoodWishes(db, editions),
  };
}
