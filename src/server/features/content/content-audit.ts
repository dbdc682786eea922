import type { Db, Executor } from '../../db/database.js';
import { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import type { SignedInAccount } from '../../auth/sessions.js';

/** Who changed published content: an organiser's change and its audit entry are one transaction. */
export class ContentAudit {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly audit: Audit,
  ) {}

  /**
   * Runs `change`; with an organiser as `who`, also writes `<targetType>.<verb>` to the audit
   * log in the same transaction, with the readable target and the values the change returns.
   * Units' own rows (`who` null) are not audited.
   */
  async run<T>(
    who: SignedInAccount | null,
    targetType: string,
    verb: string,
    change: (
      executor: Executor,
    ) => Promise<{ value: T; targetId: string; reason?: string; targetLabel?: string | null; before?: unknown; after?: unknown }>,
  ): Promise<T> {
    if (!who) return (await change(this.db)).value;
    const editionId = (await this.editions.current()).id;
    return this.db.transaction().execute(async (trx) => {
      const { value, targetId, reason, targetLabel, before, after } = await change(trx);
      await this.audit.record(trx, who, {
        editionId,
        action: `${targetType}.${verb}`,
        targetType,
        targetId,
        targetLabel: targetLabel ?? null,
        before,
        after,
        reason: reason ?? null,
        at: this.editions.now().toISOString(),
      });
      return value;
    });
  }
}
