import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { ListTotals } from './db/list-totals.js';
import { Translator } from './http/translator.js';
import { liveText } from './http/live-schemas.js';
import { LogTransport, type MessageTransport } from './outbox/delivery.js';
import { OutboxService } from './outbox/outbox-service.js';
import { SmtpTransport } from './outbox/smtp-transport.js';
import { JobScheduler } from './cluster/scheduled-jobs.js';
import { devOutboxRoutes } from './outbox/dev-outbox-routes.js';
import { AccountNames } from './auth/account-names.js';
import { authenticator, requireSignInWhereDeclared, type Authenticate } from './auth/authenticate.js';
import { CaptchaService } from './auth/captcha-service.js';
import { MessageCodes } from './auth/message-codes.js';
import { OneTimeCodes } from './auth/one-time-codes.js';
import { PasswordHasher } from './auth/password-hash.js';
import { RedisFailureStore } from './auth/redis-failure-store.js';
import { DbFailureStore } from './auth/sign-in-failures.js';
import { DegradingFailureStore } from './auth/degrading-failure-store.js';
import { redisDegradedWarning } from './cluster/redis-degraded.js';
import { DatabaseSpace } from './cluster/database-space.js';
import { RedisChannel } from './cluster/redis-channel.js';
import type { SealedText } from './security/key-presence.js';
import { SEALED_COLUMNS } from './security/sealed-columns.js';
import { SEALED_RECEPTIONS } from './features/reception/sealed-receptions.js';
import { SignInThrottle, type ThrottleRules } from './auth/sign-in-throttle.js';
import { Sessions } from './auth/sessions.js';
import { SignIn } from './auth/sign-in.js';
import { Audit } from './audit/audit.js';
import type { AuditSubjects } from './audit/audit-subjects.js';
import { clockOf, systemClock, type Clock, type TimeSource } from './clock.js';
import { DataProtection } from './security/data-protection.js';
import { FaceDetector } from './uploads/face-detector.js';
import { UploadJournal } from './uploads/upload-journal.js';
import { UploadRepository } from './uploads/upload-repository.js';
import { UploadService } from './uploads/upload-service.js';
import { UploadStorage } from './uploads/upload-storage.js';
import type { KeptFileNames } from './uploads/upload-sweep.js';
import { uploadRoutes } from './uploads/upload-routes.js';
import type { ConsoleWorkbook } from './exports/workbooks.js';
import { GuestExports, guestWorkbooks } from './features/guests/guest-exports.js';
import { guestListWorkbooks, unitGuestListExport } from './features/guests/guest-list-exports.js';
import { noticeListWorkbook } from './features/notices/notice-list-export.js';
import { wishListWorkbook } from './features/wishes/wish-list-export.js';
import { hotelListWorkbook } from './features/reception/hotel-list-export.js';
import { auditLogWorkbook } from './audit/audit-log-export.js';
import { codeListWorkbook } from './features/invitations/code-list-export.js';
import { activityListWorkbook } from './features/activities/activity-list-export.js';
import { UnitList } from './features/units/unit-list.js';
import { unitListWorkbook } from './features/units/unit-list-export.js';
import { consoleUnitRoutes } from './features/units/console-unit-routes.js';
import { HotelExports } from './features/reception/hotel-exports.js';
import { ownUnitRecordExports, unitRecordWorkbooks } from './features/content/unit-record-exports.js';
import { catalogueWorkbooks } from './features/content/catalogue-exports.js';
import { consoleExportRoutes } from './exports/export-routes.js';
import { auditedExportRoutes } from './exports/audited-export-routes.js';
import type { AnyAuditedListExport } from './exports/audited-list-exports.js';
import { unitActivityListExport } from './features/activities/unit-activity-export.js';
import { activityRosterExports, mySignUpsExport } from './features/activities/activity-hosted-list-exports.js';
import { entourageListExport } from './features/guests/entourage-list-export.js';
import { myNoticeListExport } from './features/notices/my-notice-export.js';
import { messageListExports } from './features/messages/message-list-exports.js';
import { receptionistListExport } from './features/reception/receptionist-list-export.js';
import { absentListExport } from './features/door/absent-list-export.js';
import { temporaryPanelExports } from './features/temporary/temporary-panel-exports.js';
import { revealRoutes } from './privacy/reveal-routes.js';
import type { RevealTarget } from './privacy/reveal-targets.js';
import type { SealedStore } from './privacy/sealed-stores.js';
import { guestRevealTargets, ownReceptionRevealTarget } from './features/guests/guest-reveal-targets.js';
import { unitRevealTarget } from './features/units/unit-reveal-targets.js';
import { temporaryRevealTargets } from './features/temporary/temporary-reveal-targets.js';
import { receptionistRevealTarget } from './features/reception/reception-reveal-targets.js';
import { contentRevealTargets } from './features/content/content-reveal-targets.js';
import { recordUpgradeRoutes } from './features/guests/record-upgrade-routes.js';
import { Editions, editionAuditSubjects } from './features/edition/editions.js';
import { editionRoutes } from './features/edition/edition-routes.js';
import { Accounts } from './features/account/accounts.js';
import { accountRoutes } from './features/account/account-routes.js';
import { Menus } from './features/account/menus.js';
import { sessionRoutes, type MasterInfoSources } from './features/account/session-routes.js';
import { signInRoutes } from './features/account/sign-in-routes.js';
import { Units, unitSealedStores } from './features/units/units.js';
import { unitRoutes } from './features/units/unit-routes.js';
import { CodesAdmin, invitationAuditSubjects } from './features/invitations/codes-admin.js';
import { consoleCodeRoutes } from './features/invitations/console-code-routes.js';
import { InvitationCodes } from './features/invitations/invitation-codes.js';
import { invitationCheckRoutes } from './features/invitations/invitation-check-routes.js';
import { Hotels, receptionAuditSubjects } from './features/reception/hotels.js';
import { consoleHotelRoutes } from './features/reception/console-hotel-routes.js';
import { ConsoleGuests } from './features/guests/console-guests.js';
import { consoleGuestRoutes } from './features/guests/console-guest-routes.js';
import { GuestFigures } from './features/guests/guest-figures.js';
import { ActivityFill } from './features/activities/activity-fill.js';
import { OrganiserDashboard } from './features/dashboard/organiser-dashboard.js';
import { dashboardRoutes } from './features/dashboard/dashboard-routes.js';
import { BadgeTokens } from './features/door/badge-tokens.js';
import { Badges, type BadgeLabels } from './features/door/badges.js';
import { badgeFont } from './features/door/badge-pdf.js';
import { CheckIns } from './features/door/check-ins.js';
import { StoredPictures } from './features/door/stored-pictures.js';
import { PeopleAtTheDoor } from './features/guests/people-at-the-door.js';
import { doorRoutes, type DoorRouteServices } from './features/door/door-routes.js';
import { Entourage } from './features/guests/entourage.js';
import { entourageRoutes } from './features/guests/entourage-routes.js';
import { EntourageTravel } from './features/guests/entourage-travel.js';
import { entourageTravelRoutes } from './features/guests/entourage-travel-routes.js';
import { GuestAccountLinks } from './features/guests/guest-accounts.js';
import { GuestRepository, guestSealedStores } from './features/guests/guest-repository.js';
import { decideAddGuest, gateDecisionAnswer } from './features/guests/guest-gates.js';
import { guestRoutes } from './features/guests/guest-routes.js';
import { GuestSteps } from './features/guests/guest-steps.js';
import { Guests, guestAuditSubjects } from './features/guests/guests.js';
import { Review } from './features/guests/review.js';
import { reviewRoutes } from './features/guests/review-routes.js';
import { Activities, activityAuditSubjects } from './features/activities/activities.js';
import { activityAdminRoutes } from './features/activities/activity-admin-routes.js';
import { ActivityListing } from './features/activities/activity-listing.js';
import { activityRoutes } from './features/activities/activity-routes.js';
import { ActivitySignUps } from './features/activities/activity-sign-ups.js';
import { ContentAudit } from './features/content/content-audit.js';
import { contentRecordRoutes } from './features/content/content-record-routes.js';
import { ContentRecords, contentRecordAuditSubjects, contentSealedStores } from './features/content/content-records.js';
import { downloadRoutes } from './features/content/download-routes.js';
import { Downloads, downloadAuditSubjects } from './features/content/downloads.js';
import { Notices } from './features/notices/notices.js';
import { NoticesAdmin, noticeAuditSubjects } from './features/notices/notices-admin.js';
import { consoleNoticeRoutes } from './features/notices/console-notice-routes.js';
import { noticeRoutes } from './features/notices/notice-routes.js';
import { GoodWishes } from './features/wishes/good-wishes.js';
import { wishRoutes } from './features/wishes/wish-routes.js';
import { TemporaryCodes, temporaryCodeAuditSubjects } from './features/temporary/temporary-codes.js';
import { TemporaryRecommendations } from './features/temporary/temporary-recommendations.js';
import { TemporaryRegistrations, temporaryRegistrationAuditSubjects } from './features/temporary/temporary-registrations.js';
import { temporaryRoutes } from './features/temporary/temporary-routes.js';
import { temporaryDb, temporarySealedStores } from './features/temporary/temporary-tables.js';
import { TemporaryUploads } from './features/temporary/temporary-uploads.js';
import { TemporaryRegistrationsAtTheDoor } from './features/temporary/temporary-people-at-the-door.js';
import { RetentionPurge } from './features/retention/retention-purge.js';
import { Messages } from './features/messages/messages.js';
import { MessageQueue, DEFAULT_QUEUE_OPTIONS, type QueueOptions } from './features/messages/message-queue.js';
import { MessageWorker, Wakeup } from './features/messages/message-worker.js';
import { messageDb } from './features/messages/message-tables.js';
import { RecipientSources } from './features/messages/recipient-sources.js';
import { reminderJobs } from './features/messages/message-reminders.js';
import { messageRoutes } from './features/messages/message-routes.js';
import type { ScheduledJob } from './cluster/scheduled-jobs.js';
import { DEFAULT_LANGUAGE } from '../shared/constants.js';
import { retentionRoutes } from './features/retention/retention-routes.js';
import { formsDb } from './features/forms/form-tables.js';
import { FormVersions } from './features/forms/form-versions.js';
import { FormDrafts } from './features/forms/form-drafts.js';
import { RepositoryForms } from './features/forms/repository-forms.js';
import { LiveForms } from './features/forms/live-forms.js';
import { storedVersions } from './features/forms/stored-versions.js';
import { formVersionRoutes } from './features/forms/form-version-routes.js';
import { liveFormRoutes } from './features/forms/live-form-routes.js';

/** Every feature's audit target types: the log's readable values and names come from them. */
const AUDIT_SUBJECTS: AuditSubjects = {
  ...editionAuditSubjects,
  ...invitationAuditSubjects,
  ...receptionAuditSubjects,
  ...guestAuditSubjects,
  ...activityAuditSubjects,
  ...contentRecordAuditSubjects,
  ...downloadAuditSubjects,
  ...noticeAuditSubjects,
  ...temporaryCodeAuditSubjects,
  ...temporaryRegistrationAuditSubjects,
  form: {},
};

/** Every table holding sealed personal data, from the feature that owns it: keys:rotate and the retention purge walk them. */
export const SEALED_STORES: readonly SealedStore[] = [
  ...guestSealedStores,
  ...contentSealedStores,
  ...temporarySealedStores,
  ...unitSealedStores,
];

/** Every text column holding sealed values (documents, single values, reception arrangements): the start-up key check reads them. */
export const SEALED_TEXTS: readonly SealedText[] = [
  ...SEALED_STORES.map((store) => ({ table: store.table, column: 'document' })),
  ...SEALED_COLUMNS,
  ...SEALED_RECEPTIONS,
];

const DEFAULT_EDITION_FILE = fileURLToPath(new URL('../../config/edition.json', import.meta.url));
/** The checkout: the forms' files (schemas/, ui-schemas/, locales/) seed their first versions. */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Every service of the portal, built once per app by `createServices`: the only place project
 * classes are constructed (tests/unit/construction.test.ts checks it). Collaborators are
 * constructor parameters, so one instance of each (one audit log writer, one upload store, one
 * face-detection worker) serves every feature.
 */
export interface Services {
  /** the instance's memory of a write PostgreSQL refused for space (/readyz probes until a page is taken again) */
  databaseSpace: DatabaseSpace;
  /** personal data at rest: seals, opens and indexes ID numbers and mobiles */
  protection: DataProtection;
  names: AccountNames;
  hasher: PasswordHasher;
  outbox: OutboxService;
  captcha: CaptchaService;
  messageCodes: MessageCodes;
  sessions: Sessions;
  authenticate: Authenticate;
  signIn: SignIn;
  accounts: Accounts;
  notices: Notices;
  menus: Menus;
  editions: Editions;
  audit: Audit;
  units: Units;
  invitationCodes: InvitationCodes;
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
  uploadStorage: UploadStorage;
  uploadJournal: UploadJournal;
  /** what features keep in the upload store in tables of their own: the sweep spares it */
  filesKeptOutsideUploads: KeptFileNames[];
  uploadRepository: UploadRepository;
  faceDetector: FaceDetector;
  uploads: UploadService;
  contentRecords: ContentRecords;
  downloads: Downloads;
  /** the Excel downloads of a unit's own lists, in the order of the OpenAPI paths */
  auditedExports: AnyAuditedListExport[];
  door: DoorRouteServices;
  temporary: TemporaryServices;
  forms: FormServices;
  retentionPurge: RetentionPurge;
  messages: MessageServices;
  /** scheduled work done once across instances */
  jobs: JobScheduler;
  /** the sign-in throttle's failure counters: Redis when the instances share one (the database while it is away), else the database */
  signInThrottle: (redis: Redis | null, rule: ThrottleRules, windowMs: number) => SignInThrottle;
  /** told of every failed Redis command that the instance survives by counting elsewhere (logs a warning now and then) */
  redisDegraded: (error: unknown) => void;
}

/** The organisers' console. */
export interface ConsoleServices {
  guests: ConsoleGuests;
  dashboard: OrganiserDashboard;
  codes: CodesAdmin;
  /** the organisers' units list with guest counts */
  units: UnitList;
  notices: NoticesAdmin;
  hotels: Hotels;
  /** the Excel downloads, in the order of the OpenAPI paths */
  workbooks: ConsoleWorkbook<never>[];
  guestExports: GuestExports;
  audit: Audit;
}

/** Messages to people: what organisers write, the automatic ones, the delivery queue and its worker. */
export interface MessageServices {
  messages: Messages;
  queue: MessageQueue;
  worker: MessageWorker;
  /** the reminders, run once across instances by the job scheduler */
  reminders: ScheduledJob[];
}

/** Form versions as data: the organisers' editor and the live version of each registrant form. */
export interface FormServices {
  versions: FormVersions;
  drafts: FormDrafts;
  live: LiveForms;
}

/** Temporary registration (its own tables, pictures in the shared upload store). */
export interface TemporaryServices {
  registrations: TemporaryRegistrations;
  recommendations: TemporaryRecommendations;
  codes: TemporaryCodes;
  uploads: TemporaryUploads;
}

export interface ServiceOptions {
  menusFile: string;
  /** defaults of the current edition (config/edition.json unless given) */
  editionFile?: string;
  /** time source of deadlines (tests move it) */
  clock?: TimeSource;
  /** replaces the SMS provider (a real provider plugs in here) */
  smsTransport?: MessageTransport;
  /** replaces the e-mail transport (SMTP_URL's, else the log) */
  emailTransport?: MessageTransport;
  /** the message queue's batch, lease and back-off (tests shorten them) */
  messageQueue?: Partial<QueueOptions>;
}

/** What exists before the database is open: the locales and the keys of personal data (migrations seal with them). */
export interface Foundation {
  translator: Translator;
  protection: DataProtection;
}

export function createFoundation(config: AppConfig, localesDir: string): Foundation {
  // a published form version's labels are served over the files' (the exports' headers and choices)
  return { translator: new Translator(localesDir, liveText), protection: new DataProtection(config.dataKeyring) };
}

export function createServices(
  config: AppConfig,
  db: Db,
  foundation: Foundation,
  log: FastifyBaseLogger,
  options: ServiceOptions,
): Services {
  const { translator, protection } = foundation;
  const hasher = new PasswordHasher(config.scrypt, config.hashConcurrency);
  const logTransport = new LogTransport(log, config.devOutbox);
  const names = new AccountNames(protection);
  const redisDegraded = redisDegradedWarning(log);
  const clock = options.clock ? clockOf(options.clock) : systemClock;
  const editions = createEditions(db, options.editionFile ?? DEFAULT_EDITION_FILE, clock);
  const currentEditionId = async (): Promise<string> => (await editions.current()).id;
  const outbox = new OutboxService(db, {
    devOutbox: config.devOutbox,
    email: options.emailTransport ?? (config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.smtpFrom) : logTransport),
    sms: options.smsTransport ?? logTransport,
    log,
    names,
    sealingEdition: currentEditionId,
  });
  const codes = new OneTimeCodes(db, config.codeSecret, (account) => names.key(account));
  const captcha = new CaptchaService(codes, outbox);
  const messageCodes = new MessageCodes(db, codes, outbox, translator, config.summitName, names);
  const sessions = new Sessions(db, { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours }, names);
  const audit = new Audit(db, AUDIT_SUBJECTS);
  const units = new Units(db, editions, protection);
  const consoleGuests = new ConsoleGuests(db, editions, new ListTotals(config.listTotalCacheMs));
  const wakeup = new Wakeup();
  const recipientSources = new RecipientSources(db, protection, names, consoleGuests, config.portalUrl);
  const messages = new Messages(db, editions, recipientSources, protection, translator, audit, clock, config.summitName, wakeup.ring);
  const queue = new MessageQueue(
    messageDb(db),
    outbox,
    {
      footer: () => translator.t(DEFAULT_LANGUAGE, 'server.messages.footer', { summit: config.summitName }),
      open: (sealed) => protection.open(sealed),
    },
    log,
    clock,
    { ...DEFAULT_QUEUE_OPTIONS, leaseMs: config.messageLeaseMs, ...options.messageQueue },
  );
  const guests = new Guests(db, editions, new GuestAccountLinks(log, protection, names, clock), protection, new GuestRepository(db), audit);
  const activitySignUps = new ActivitySignUps(db, editions, guests, translator, messages);
  const entourage = new Entourage(db, editions, guests, activitySignUps);
  const entourageTravel = new EntourageTravel(db, editions, guests, audit);
  const uploadStorage = new UploadStorage(config.uploadDir);
  const uploadJournal = new UploadJournal(db);
  const uploadRepository = new UploadRepository(db, protection, currentEditionId);
  const faceDetector = new FaceDetector({ workers: config.faceWorkers });
  const guestExports = new GuestExports(db, protection);
  const contentAudit = new ContentAudit(db, editions, audit);
  const tables = temporaryDb(db);
  const badgeTokens = new BadgeTokens(Buffer.from(config.codeSecret));
  const storedPictures = new StoredPictures(uploadRepository, uploadStorage);
  const peopleAtTheDoor = new PeopleAtTheDoor(db);
  const temporaryUploads = new TemporaryUploads(tables, uploadStorage, uploadJournal, faceDetector, log, protection, currentEditionId);
  // the door owns the question, the temporary feature (above it) answers it
  const temporaryPeopleAtTheDoor = new TemporaryRegistrationsAtTheDoor(tables, temporaryUploads);
  const checkIns = new CheckIns(db, editions, badgeTokens, peopleAtTheDoor, temporaryPeopleAtTheDoor, storedPictures, audit, clock);
  const repositoryForms = new RepositoryForms(REPOSITORY_ROOT);
  const formDrafts = new FormDrafts(db, repositoryForms, editions, protection, clock);
  const formVersions = new FormVersions(formsDb(db), editions, audit, repositoryForms, clock, formDrafts);
  const forms: FormServices = {
    versions: formVersions,
    drafts: formDrafts,
    live: new LiveForms(
      formVersions,
      formDrafts,
      // several instances: a publish is announced on Redis and every instance switches at once (the version check stays the fallback)
      config.redisUrl
        ? new RedisChannel(
            config.redisUrl,
            `${config.redisKeyPrefix}forms:published`,
            redisDegradedWarning(log, Date.now, 'Redis unreachable: other instances see form publishes by their version check (2 s)'),
          )
        : null,
      (error) => log.warn({ err: error }, 'form version check failed'),
      (name) => storedVersions(formsDb(db), repositoryForms, name),
    ),
  };
  const badgeLabels: BadgeLabels = {
    guestType: (language, type) => translator.t(language, `console.schema.enums.guestType.${type ?? 'general'}`),
    entourage: (language) => translator.t(language, 'server.door.entourage'),
    temporaryType: (language, type) => translator.t(language, `schema.enums.registrationType.${type}`),
  };
  // the guest search and the review queue serve their lists and their exports alike (consoleGuests: above, messages read its filters too)
  const noticesAdmin = new NoticesAdmin(db, editions, audit);
  const codesAdmin = new CodesAdmin(db, editions, audit);
  const contentRecords = new ContentRecords(db, editions, protection, contentAudit);
  const downloads = new Downloads(db, editions, contentAudit, protection);
  const activities = new Activities(db, editions, activitySignUps, audit);
  const unitList = new UnitList(db, editions);
  const hotels = new Hotels(db, editions, audit, protection);
  const goodWishes = new GoodWishes(db, editions, protection);
  const review = new Review(db, editions, guests, audit, translator, messages);
  const notices = new Notices(db, clock, translator);
  const activityListing = new ActivityListing(db, editions);
  const temporaryRecommendations = new TemporaryRecommendations(tables, editions, protection);
  const temporaryCodes = new TemporaryCodes(tables, audit);
  return {
    databaseSpace: new DatabaseSpace(),
    protection,
    names,
    hasher,
    outbox,
    captcha,
    messageCodes,
    sessions,
    authenticate: authenticator(sessions),
    signIn: new SignIn(db, hasher, captcha, messageCodes, sessions, config.captchaRequired, names),
    accounts: new Accounts(db, hasher, messageCodes, sessions, names, clock, messages),
    notices,
    menus: new Menus(options.menusFile, translator),
    editions,
    audit,
    units,
    invitationCodes: new InvitationCodes(db, clock),
    guests,
    guestSteps: new GuestSteps(db, editions, guests, audit, activitySignUps),
    goodWishes,
    entourage,
    entourageTravel,
    console: {
      guests: consoleGuests,
      dashboard: new OrganiserDashboard(editions, new GuestFigures(db), new ActivityFill(db)),
      codes: codesAdmin,
      units: unitList,
      notices: noticesAdmin,
      hotels,
      workbooks: [
        ...guestWorkbooks(guestExports, new HotelExports(db, protection)),
        ...unitRecordWorkbooks(contentRecords),
        ...catalogueWorkbooks(contentRecords, downloads),
        ...guestListWorkbooks(consoleGuests, review),
        noticeListWorkbook(noticesAdmin),
        wishListWorkbook(goodWishes),
        hotelListWorkbook(hotels),
        auditLogWorkbook(audit),
        codeListWorkbook(codesAdmin),
        activityListWorkbook(activities),
        unitListWorkbook(unitList),
      ],
      guestExports,
      audit,
    },
    review,
    activities,
    activityListing,
    activitySignUps,
    uploadStorage,
    uploadJournal,
    filesKeptOutsideUploads: [() => temporaryUploads.storedNames()],
    uploadRepository,
    faceDetector,
    uploads: new UploadService(uploadStorage, uploadRepository, uploadJournal, faceDetector, log),
    contentRecords,
    downloads,
    // the declared lists whose every download is an audit entry (exports/audited-export-routes.ts)
    auditedExports: [
      unitGuestListExport(guests),
      ...ownUnitRecordExports(contentRecords),
      unitActivityListExport(activityListing),
      // lists a screen hosts (their rows come with a record, whose id is the list's filter)
      mySignUpsExport(activityListing),
      entourageListExport(guests),
      ...activityRosterExports(activities),
      myNoticeListExport(notices),
      ...messageListExports(messages),
      receptionistListExport(hotels),
      absentListExport(checkIns),
      ...temporaryPanelExports(temporaryCodes, temporaryRecommendations, editions),
    ],
    door: {
      tokens: badgeTokens,
      badges: new Badges(
        db,
        editions,
        badgeTokens,
        peopleAtTheDoor,
        temporaryPeopleAtTheDoor,
        storedPictures,
        audit,
        badgeLabels,
        badgeFont(config.badgeFont),
        clock,
        config.badgeBatchCap,
      ),
      checkIns,
    },
    temporary: {
      registrations: new TemporaryRegistrations(tables, editions, audit, protection),
      recommendations: temporaryRecommendations,
      codes: temporaryCodes,
      uploads: temporaryUploads,
    },
    forms,
    retentionPurge: new RetentionPurge(db, protection, audit, uploadStorage, SEALED_STORES, {
      retentionDays: config.retentionDays,
      findEdition: (id) => editions.find(id),
      sealedTexts: SEALED_TEXTS,
    }),
    messages: {
      messages,
      queue,
      worker: new MessageWorker(messages, queue, wakeup, log, config.messagePollMs),
      reminders: reminderJobs(messages, editions, clock),
    },
    jobs: new JobScheduler(db, log),
    signInThrottle: (redis, rule, windowMs) =>
      new SignInThrottle(
        redis
          ? new DegradingFailureStore(
              new RedisFailureStore(redis, windowMs, 'sign-in-failures:'),
              new DbFailureStore(db, windowMs),
              redisDegraded,
            )
          : new DbFailureStore(db, windowMs),
        rule,
      ),
    redisDegraded,
  };
}

/** The summit's editions, with the guests' rule of whether a guest may be added on a day. */
export function createEditions(db: Db, defaultsFile: string, clock: Clock): Editions {
  return new Editions(db, defaultsFile, clock, (edition, today) => gateDecisionAnswer(decideAddGuest(edition, today)));
}

/** The retention purge of `npm run retention:purge`, on its own database connection. */
export function createRetentionPurge(config: AppConfig, db: Db, editions: Pick<Editions, 'find'>): RetentionPurge {
  return new RetentionPurge(
    db,
    new DataProtection(config.dataKeyring),
    new Audit(db, AUDIT_SUBJECTS),
    new UploadStorage(config.uploadDir),
    SEALED_STORES,
    {
      retentionDays: config.retentionDays,
      findEdition: (id) => editions.find(id),
      sealedTexts: SEALED_TEXTS,
    },
  );
}

/** What each feature can show of a masked value (the audited "show"), in the order of the OpenAPI paths. */
function revealTargets(s: Services): RevealTarget[] {
  return [
    ...guestRevealTargets(s),
    unitRevealTarget(s.units),
    ownReceptionRevealTarget(s),
    ...temporaryRevealTargets(s.temporary.registrations, s.temporary.recommendations),
    receptionistRevealTarget(s.console.hotels),
    ...contentRevealTargets(s.contentRecords),
  ];
}

function masterInfoSources(services: Services): MasterInfoSources {
  return {
    accountGuest: (accountId) => services.guests.accountGuest(accountId),
    unitSummary: (unitId) => services.units.summaryOf(unitId),
    ownRegistration: async (who) => {
      const own = await services.guests.ownDetail(who);
      return own ? services.entourageTravel.withTravel(own) : null;
    },
  };
}

/**
 * The API's routes, each feature's plugin handed the services it uses. The order is the order of
 * the OpenAPI document's paths. Every route whose schema declares a security scheme is signed-in
 * (requireSignInWhereDeclared), so no route repeats the check.
 */
export async function registerApiRoutes(api: FastifyInstance, services: Services, config: AppConfig): Promise<void> {
  const s = services;
  requireSignInWhereDeclared(api, s.authenticate);
  await api.register(signInRoutes, { captcha: s.captcha, messageCodes: s.messageCodes, signIn: s.signIn, accounts: s.accounts });
  await api.register(accountRoutes, { accounts: s.accounts, sessions: s.sessions });
  await api.register(sessionRoutes, { menus: s.menus, masterInfo: masterInfoSources(s) });
  await api.register(noticeRoutes, { notices: s.notices });
  await api.register(editionRoutes, { editions: s.editions, review: s.review });
  await api.register(unitRoutes, { units: s.units });
  await api.register(invitationCheckRoutes, { editions: s.editions, invitationCodes: s.invitationCodes });
  await api.register(guestRoutes, { guests: s.guests, guestSteps: s.guestSteps, entourageTravel: s.entourageTravel });
  await api.register(entourageRoutes, { entourage: s.entourage, entourageTravel: s.entourageTravel });
  await api.register(entourageTravelRoutes, { entourageTravel: s.entourageTravel, hotels: s.console.hotels });
  await api.register(reviewRoutes, { review: s.review, entourageTravel: s.entourageTravel, hotels: s.console.hotels });
  await api.register(uploadRoutes, { uploads: s.uploads });
  await api.register(activityRoutes, { activityListing: s.activityListing, activitySignUps: s.activitySignUps });
  await api.register(activityAdminRoutes, { activities: s.activities });
  await api.register(wishRoutes, { goodWishes: s.goodWishes });
  await api.register(temporaryRoutes, { ...s.temporary, editions: s.editions, audit: s.audit, authenticate: s.authenticate });
  await api.register(downloadRoutes, { downloads: s.downloads, storage: s.uploadStorage });
  await api.register(contentRecordRoutes, { records: s.contentRecords, uploads: s.uploadRepository, storage: s.uploadStorage });
  // the organisers' console: every route answers 403 to any other account type
  await api.register(consoleGuestRoutes, { consoleGuests: s.console.guests, editions: s.editions, audit: s.audit });
  await api.register(dashboardRoutes, { organiserDashboard: s.console.dashboard });
  await api.register(consoleCodeRoutes, { codes: s.console.codes });
  await api.register(consoleUnitRoutes, { unitList: s.console.units });
  await api.register(consoleNoticeRoutes, { noticesAdmin: s.console.notices });
  await api.register(consoleHotelRoutes, { hotels: s.console.hotels });
  await api.register(consoleExportRoutes, { workbooks: s.console.workbooks, editions: s.editions, audit: s.audit });
  await api.register(auditedExportRoutes, { exports: s.auditedExports, editions: s.editions, audit: s.audit });
  await api.register(formVersionRoutes, { formVersions: s.forms.versions, formDrafts: s.forms.drafts });
  await api.register(liveFormRoutes, { formVersions: s.forms.versions, formDrafts: s.forms.drafts });
  await api.register(recordUpgradeRoutes, { guests: s.guests, units: s.units, entourage: s.entourage });
  await api.register(retentionRoutes, { purge: s.retentionPurge, editions: s.editions });
  await api.register(revealRoutes, { editions: s.editions, audit: s.audit, targets: revealTargets(s) });
  await api.register(doorRoutes, s.door);
  await api.register(messageRoutes, { messages: s.messages.messages, queue: s.messages.queue });
  if (config.devOutbox) await api.register(devOutboxRoutes, { outbox: s.outbox });
}
