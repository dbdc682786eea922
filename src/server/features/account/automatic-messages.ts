import type { Executor } from '../../db/database.js';

/** The events the portal writes to people about by itself (e-mail or SMS, besides the in-app notice). */
export type AutomaticEvent = 'account-registered' | 'guest-approved' | 'guest-rejected' | 'activity-confirmed' | 'activity-promoted';

export interface AutomaticMessage {
  event: AutomaticEvent;
  editionId: string;
  /** one account (a new registration), or a unit's accounts */
  to: { accountId: string } | { unitId: string };
  /** values of the event's text (name, reason, activity) */
  params: Record<string, string>;
}

/**
 * Queues an automatic message inside the caller's transaction, so it goes out exactly when the
 * decision it reports is committed. Owned here, below every feature that has such events
 * (account, guests, activities); the messages feature implements it (wired in composition.ts).
 */
export interface AutomaticMessages {
  queue(trx: Executor, message: AutomaticMessage): Promise<void>;
}
