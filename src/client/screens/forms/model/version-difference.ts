import type { FieldSpec, FormDraftContent, ModelContext } from './field-spec';
import { readFields } from './read-fields';

/** The aspects of a field the history compares, each named by `forms.aspects.<aspect>`. */
export const ASPECTS = [
  'label',
  'help',
  'kind',
  'required',
  'requiredWhen',
  'limits',
  'pattern',
  'options',
  'uploadRule',
  'place',
] as const;
export type Aspect = (typeof ASPECTS)[number];

export interface FieldDifference {
  name: string;
  change: 'added' | 'dropped' | 'changed';
  /** what differs, for a changed field */
  aspects: Aspect[];
  before: FieldSpec | null;
  after: FieldSpec | null;
}

/** The names of the longest subsequence both orders share: the fields that kept their place. */
function keptInPlace(a: string[], b: string[]): Set<string> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const kept = new Set<string>();
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return kept;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function aspectValue(field: FieldSpec, aspect: Exclude<Aspect, 'place'>): unknown {
  return field[aspect];
}

/**
 * Field by field, what changed from version `older` to version `newer`: added and dropped
 * fields, and for each field in both, which aspects differ (`place`: the field moved among the
 * fields both versions share, the fewest moves that explain the new order).
 */
export function versionDifference(ctx: ModelContext, older: FormDraftContent, newer: FormDraftContent): FieldDifference[] {
  const before = readFields(ctx, older);
  const after = readFields(ctx, newer);
  const beforeByName = new Map(before.map((field) => [field.name, field]));
  const afterByName = new Map(after.map((field) => [field.name, field]));
  const sharedBefore = before.filter((field) => afterByName.has(field.name)).map((field) => field.name);
  const sharedAfter = after.filter((field) => beforeByName.has(field.name)).map((field) => field.name);
  const inPlace = keptInPlace(sharedBefore, sharedAfter);
  const differences: FieldDifference[] = [];
  for (const field of after) {
    const old = beforeByName.get(field.name);
    if (!old) {
      differences.push({ name: field.name, change: 'added', aspects: [], before: null, after: field });
      continue;
    }
    const aspects = ASPECTS.filter((aspect) =>
      aspect === 'place' ? !inPlace.has(field.name) : !same(aspectValue(old, aspect), aspectValue(field, aspect)),
    );
    if (aspects.length > 0) differences.push({ name: field.name, change: 'changed', aspects, before: old, after: field });
  }
  for (const field of before) {
    if (!afterByName.has(field.name)) differences.push({ name: field.name, change: 'dropped', aspects: [], before: field, after: null });
  }
  return differences;
}
