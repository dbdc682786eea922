/**
 * The upload routes on the app's real infrastructure (database + migrations, translator,
 * sessions, error handler, demo accounts) without the other routes: app.ts does not register
 * the upload plugin yet (the lead wires it), and buildApp() is already `ready` when it returns.
 */
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '../../src/shared/api-paths.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { installErrorHandler } from '../../src/server/http/error-handler.js';
import { usePrecompiledValidators } from '../../src/server/http/request-validation.js';
import { languageOf, Translator } from '../../src/server/http/translator.js';
import { uploadRoutes } from '../../src/server/uploads/upload-routes.js';
import { ensureCurrentEdition, readDemoFile, seedDemoData } from '../../src/server/demo/demo-seed.js';
import { createServices } from '../../src/server/composition.js';
import { requireSignInWhereDeclared } from '../../src/server/auth/authenticate.js';
import '../../src/server/http/fastify-types.js';
import type { DatabaseKind } from './helpers/databases.js';
import { isolatedDatabase, migratingUnderStartupLock } from './helpers/databases.js';
import { TEST_ENV } from './helpers/test-env.js';

export interface UploadHarness {
  app: FastifyInstance;
  dataDir: string;
  /** a session token of a demo account */
  tokenOf(account: string): Promise<string>;
  close(): Promise<void>;
}

export async function uploadHarness(kind: DatabaseKind): Promise<UploadHarness> {
  const database = await isolatedDatabase(kind);
  const config = loadConfig({ ...TEST_ENV, ...database.env });
  const app = Fastify({ logger: false });
  const { db } = openDatabase(config);
  await migratingUnderStartupLock(db, () =>
    migrateToLatest(db, kind === 'postgres' ? config.databaseSchema : null, new DataProtection(config.dataKeyring)),
  );
  const demo = readDemoFile('config/demo-data.json');
  await ensureCurrentEdition(db, demo.edition.year, demo.edition.name);
  const translator = new Translator('locales');
  const services = createServices(config, db, { translator, protection: new DataProtection(config.dataKeyring) }, app.log, {
    menusFile: 'config/menus.json',
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('translator', translator);
  app.decorate('services', services);
  app.decorateRequest('language', 'zh-CN');
  app.decorateRequest('account', null);
  await seedDemoData(db, services.hasher, services.protection, services.names, demo);
  app.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers['accept-language']);
  });
  usePrecompiledValidators(app);
  installErrorHandler(app, services.databaseSpace);
  // the session cookie is read as in the app (authenticate takes bearer or cookie)
  await app.register(fastifyCookie);
  app.addHook('onClose', async () => services.faceDetector.close());
  await app.register(
    async (api) => {
      requireSignInWhereDeclared(api, services.authenticate);
      await api.register(uploadRoutes, { uploads: services.uploads });
    },
    { prefix: API_BASE },
  );
  await app.ready();
  return {
    app,
    dataDir: config.dataDir,
    async tokenOf(account: string) {
      const row = await db.selectFrom('accounts').select('id').where('account', '=', account).executeTakeFirstOrThrow();
      return services.sessions.create(row.id);
    },
    async close() {
      await app.close();
      await db.destroy();
      await database.dispose();
    },
  };
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body: fields in order, then (optionally) the file, then more fields. */
export function multipart(before: Record<string, string>, file?: FilePart, after: Record<string, string> = {}) {
  const boundary = `----upload-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) =>
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, value] of Object.entries(before)) field(name, value);
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  for (const [name, value] of Object.entries(after)) field(name, value);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
