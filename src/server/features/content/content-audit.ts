import type { Db, Executor } from '../../db/database.js';
import { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import type { AuditAction, AuditTargetType } from '../../../shared/audit-actions.js';

/** The verbs the audit log has for a target type: `download` -> add | save | delete. */
type AuditVerbOf<S extends AuditTargetType> = AuditAction extends infer A ? (A extends `${S}.${infer V}` ? V : never) : never;

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
  async run<T, S extends AuditTargetType>(
    who: SignedInAccount | null,
    targetType: S,
    verb: AuditVerbOf<S>,
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
        // an action of the filter's choices: the verb is one the schema has for this target type
        action: `${targetType}.${verb}` as AuditAction,
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
