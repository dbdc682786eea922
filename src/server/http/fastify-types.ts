import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Translator } from './translator.js';
import type { Language } from '../../shared/constants.js';
import type { Services } from '../composition.js';
import type { SignedInAccount } from '../auth/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    translator: Translator;
    services: Services;
  }
  interface FastifyRequest {
    language: Language;
    /** set by the `authenticate` preValidation hook */
    account: SignedInAccount | null;
  }
}

export {};
