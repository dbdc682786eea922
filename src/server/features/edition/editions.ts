import fs from 'node:fs';
import type { Db, Executor } from '../../db/database.js';
import type { EditionAnswer, EditionData, GateDecision } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import { shanghaiDate, type Clock } from '../../clock.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';

/** The organiser-editable part of an edition (schema `edition`). */
export type EditionSettings = Omit<EditionData, 'id' | 'year' | 'name'>;

export interface CurrentEdition extends EditionData {
  /** YYYY-MM-DD in Asia/Shanghai at the time of the request */
  today: string;
}

/** Whether a guest may be added on a day of an edition: the guests' rule, handed down by composition.ts. */
export type AddGuestGate = (edition: EditionData, today: string) => GateDecision;

/**
 * Every guest belongs to the current edition. Its settings are the defaults of
 * config/edition.json overlaid with what organisers saved for this edition (column `settings`),
 * so the data file changes them without code and the admin route per edition.
 */
export class Editions {
  private readonly defaults: EditionSettings;

  constructor(
    private readonly db: Db,
    defaultsFile: string,
    private readonly clock: Clock,
    private readonly addGuestGate: AddGuestGate,
  ) {
    const { $comment: _comment, ...defaults } = JSON.parse(fs.readFileSync(defaultsFile, 'utf8')) as EditionSettings & {
      $comment?: string;
    };
    this.defaults = defaults;
  }

  now(): Date {
    return this.clock.now();
  }

  /** The edition as answers send it: with whether a guest may be added today, and why not. */
  answer(edition: EditionData): EditionAnswer {
    return { ...edition, addGuestGate: this.addGuestGate(edition, shanghaiDate(this.now())) };
  }

  async current(executor: Executor = this.db): Promise<EditionData> {
    const row = await executor
      .selectFrom('editions')
      .select(['id', 'year', 'name', 'settings'])
      .where('is_current', '=', 1)
      .executeTakeFirst();
    if (!row) throw new Error('no current edition');
    const saved = row.settings ? (JSON.parse(row.settings) as Partial<EditionSettings>) : {};
    return { id: row.id, year: Number(row.year), name: row.name, ...this.defaults, ...saved };
  }

  /** Any edition (current or past) with its settings, or undefined (the retention purge reads past ones). */
  async find(id: string, executor: Executor = this.db): Promise<EditionData | undefined> {
    const row = await executor.selectFrom('editions').select(['id', 'year', 'name', 'settings']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const saved = row.settings ? (JSON.parse(row.settings) as Partial<EditionSettings>) : {};
    return { id: row.id, year: Number(row.year), name: row.name, ...this.defaults, ...saved };
  }

  async update(settings: EditionSettings, executor: Executor = this.db): Promise<EditionData> {
    if (settings.registrationStart > settings.registrationEnd || settings.conferenceStart > settings.conferenceEnd) {
      throw new AppError('editionDatesOrder');
    }
    const edition = await this.current(executor);
    const stored: EditionSettings = {
      registrationStart: settings.registrationStart,
      registrationEnd: settings.registrationEnd,
      itineraryDeadline: settings.itineraryDeadline,
      conferenceStart: settings.conferenceStart,
      conferenceEnd: settings.conferenceEnd,
      entourageCap: settings.entourageCap,
      guestRegistrationEnabled: settings.guestRegistrationEnabled,
      signUpClosed: settings.signUpClosed,
      inviteCodeRequired: settings.inviteCodeRequired ?? this.defaults.inviteCodeRequired,
    };
    await executor
      .updateTable('editions')
      .set({ settings: JSON.stringify(stored) })
      .where('id', '=', edition.id)
      .execute();
    return { ...edition, ...stored };
  }
}

/** The edition's audit entries: settings changes and retention purges. */
export const editionAuditSubjects: AuditSubjects = { edition: { schema: 'edition', namedIn: 'editions' } };
