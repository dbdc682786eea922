/**
 * The console's account of a stored-records diff as the records come: how many were checked and
 * affected, the count per field, and the first affected records (at most `keep`), so a walk over
 * 100,000 records keeps a few thousand, not all.
 */
import type { AffectedRecord } from '../../schema-versions/stored-records-diff.js';
import type { StoredRecordAffected, StoredRecordsDiff, StoredRecordsFieldCount } from '../../../shared/form-versions-api.js';

export class StoredRecordsTally {
  checked = 0;
  affected = 0;
  private readonly fields = new Map<string, StoredRecordsFieldCount>();
  private readonly records: StoredRecordAffected[] = [];

  constructor(private readonly keep: number) {}

  add(record: AffectedRecord): void {
    this.affected += 1;
    for (const dropped of record.dropped) this.field(dropped.pointer, dropped.label).dropped += 1;
    // a field counts once per record, however many of its rules the record breaks
    const rejected = new Map<string, string | undefined>();
    for (const problem of record.problems) if (!rejected.has(problem.pointer)) rejected.set(problem.pointer, problem.label);
    for (const [pointer, label] of rejected) this.field(pointer, label).rejected += 1;
    if (this.records.length < this.keep)
      this.records.push({
        kind: record.kind,
        id: record.id,
        storedVersion: record.storedVersion,
        // values stay out: the organiser sees which field, not a guest's data
        dropped: record.dropped.map(({ pointer, label }) => ({ pointer, ...(label ? { label } : {}) })),
        problems: record.problems.map(({ pointer, key, params, label }) => ({ pointer, key, params, ...(label ? { label } : {}) })),
      });
  }

  /** The answer with the first `limit` affected records (at most the `keep` it was made with). */
  result(limit: number, tookMs: number): StoredRecordsDiff {
    return {
      checked: this.checked,
      affected: this.affected,
      fields: [...this.fields.values()]
        .map((field) => ({ ...field }))
        .sort((a, b) => b.dropped + b.rejected - (a.dropped + a.rejected) || a.pointer.localeCompare(b.pointer)),
      records: this.records.slice(0, limit),
      tookMs,
    };
  }

  private field(pointer: string, label: string | undefined): StoredRecordsFieldCount {
    let known = this.fields.get(pointer);
    if (!known) {
      known = { pointer, ...(label ? { label } : {}), dropped: 0, rejected: 0 };
      this.fields.set(pointer, known);
    }
    return known;
  }
}
