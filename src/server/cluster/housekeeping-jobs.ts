import type { FastifyInstance } from 'fastify';
import { purgeExpired } from './housekeeping.js';
import { HOUR_MS } from '../clock.js';
import type { UploadJournal } from '../uploads/upload-journal.js';
import type { UploadStorage } from '../uploads/upload-storage.js';
import { sweepUploadStore, type KeptFileNames } from '../uploads/upload-sweep.js';
import type { JobScheduler } from './scheduled-jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** scheduled work done once across instances (features add their own jobs) */
    jobs: JobScheduler;
  }
}

export function registerJobScheduler(app: FastifyInstance, jobs: JobScheduler): void {
  app.decorate('jobs', jobs);
  // preClose: runs in progress finish before the pool closes
  app.addHook('preClose', async () => app.jobs.stop());
}

/**
 * The app's own scheduled work: expired codes and sessions (hourly) and the upload sweep
 * (daily), both also at every start (the sweep after a crash must not wait a day).
 */
export async function scheduleHousekeeping(
  app: FastifyInstance,
  uploads: { storage: UploadStorage; journal: UploadJournal; keptElsewhere: readonly KeptFileNames[] },
): Promise<void> {
  const { db, log } = app;
  await app.jobs.schedule({ name: 'purge-expired', everyMs: HOUR_MS, run: () => purgeExpired(db) }, 'force');
  await app.jobs.schedule(
    {
      name: 'upload-sweep',
      everyMs: 24 * HOUR_MS,
      run: async () => {
        const swept = await sweepUploadStore(db, uploads.storage, uploads.journal, uploads.keptElsewhere);
        if (swept.removedFiles > 0) log.info(swept, 'orphan upload files removed');
      },
    },
    'force',
  );
}
