/**
 * `npm run retention:purge -- --edition <id> [--force] [--by <organiser account>]`: erases the
 * edition's ID numbers, mobiles and people's files once its retention period is over
 * (conferenceEnd of the edition's settings / config/edition.json + RETENTION_DAYS), on the
 * database the server is configured for; refused earlier unless --force. Written to the audit
 * log as the organiser given by --by (default: the first organiser account).
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { AppError } from '../src/server/http/app-error.js';
import { AccountNames } from '../src/server/auth/account-names.js';
import { DataProtection } from '../src/server/security/data-protection.js';
import { createEditions, createRetentionPurge } from '../src/server/composition.js';
import { systemClock } from '../src/server/clock.js';
import { ownTableNames } from './support/table-names.js';
import { runWhenExecuted } from './support/run-cli.js';

const EDITION_FILE = fileURLToPath(new URL('../config/edition.json', import.meta.url));

function argValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

export async function retentionPurge(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.log,
): Promise<number> {
  const editionId = argValue(args, '--edition');
  if (!editionId) {
    log('retention:purge: give the edition: npm run retention:purge -- --edition <id> [--force] [--by <organiser account>]');
    return 2;
  }
  const config = loadConfig(env);
  const { db } = openDatabase(config);
  try {
    if (!(await ownTableNames(db, config)).has('guests')) {
      log('retention:purge: the database holds no records yet: nothing to purge');
      return 2;
    }
    const by = argValue(args, '--by');
    let organisers = db.selectFrom('accounts').select(['id', 'account']).where('user_type', '=', 'organiser');
    organisers = by
      ? organisers.where('account', '=', new AccountNames(new DataProtection(config.dataKeyring)).key(by))
      : organisers.orderBy('created_at');
    const who = await organisers.executeTakeFirst();
    if (!who) {
      log(`retention:purge: ${by ? `${by} is not an organiser account` : 'no organiser account to record the purge under'}`);
      return 2;
    }
    const editions = createEditions(db, EDITION_FILE, systemClock);
    const purge = createRetentionPurge(config, db, editions);
    try {
      const report = await purge.purge({
        editionId,
        who,
        force: args.includes('--force'),
        now: systemClock.now(),
        via: 'npm run retention:purge',
      });
      log(`retention:purge: edition ${editionId} (retention over from ${report.allowedFrom}${report.forced ? ', forced' : ''})`);
      for (const [table, count] of Object.entries(report.rows)) log(`  ${table}: ${count} rows erased`);
      log(`  files: ${report.files} removed`);
      log(`  rewritten so no erased value stays in free space: ${report.rewritten.join(', ')}`);
      if (report.shreddedKey) log(`  edition key ${report.shreddedKey} destroyed: copies made before the purge no longer open`);
      else if (report.keyKept)
        log(
          `  edition key KEPT: it still seals ${Object.entries(report.keyKept)
            .map(([where, n]) => `${n} in ${where}`)
            .join(', ')}; run the purge again once they are erased`,
        );
      else log('  the edition had no key of its own (its values were sealed under DATA_KEY)');
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.name_ === 'retentionNotOver') {
        log(
          `retention:purge: the retention period of edition ${editionId} is not over: allowed from ${String(error.params.allowedFrom)} (RETENTION_DAYS=${config.retentionDays} after the conference end); --force to purge now`,
        );
        return 1;
      }
      if (error instanceof AppError && error.name_ === 'notFound') {
        log(`retention:purge: no edition ${editionId}`);
        return 2;
      }
      throw error;
    }
  } finally {
    await db.destroy();
  }
}

runWhenExecuted(import.meta.url, (args) => retentionPurge(args));
