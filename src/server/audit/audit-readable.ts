import { schemaOfField } from '../../shared/schema-field.js';
import { fieldOf, type ReadableValues } from '../exports/readable-values.js';
import { currentSchema } from '../http/live-schemas.js';

/** Where the action's text lives: review decisions under guest.*, the console's under console.* */
const ACTION_PREFIXES = ['console.audit.actions', 'guest.audit.actions'];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

function translated(read: ReadableValues, key: string): string | null {
  const text = read.t(key);
  return text === key ? null : text;
}

/** 'temporary.code.create' -> 创建临时注册邀请码 (the raw action only when no text exists). */
export function actionLabel(read: ReadableValues, action: string): string {
  for (const prefix of ACTION_PREFIXES) {
    const text = translated(read, `${prefix}.${action}`);
    if (text) return text;
  }
  return action;
}

export function targetTypeLabel(read: ReadableValues, targetType: string): string {
  return translated(read, `console.audit.targets.${targetType}`) ?? targetType;
}

/** A readable target: the stored label; an id alone is no name, so it is left out. */
export function readableTarget(label: string | null, targetId: string): string | null {
  return label ?? (UUID.test(targetId) ? null : targetId);
}

function valueText(read: ReadableValues, schemaName: string | undefined, key: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (schemaName && schemaOfField(currentSchema(schemaName), [key])) return String(read.field(schemaName, key, value) ?? '—');
  // a state the entry records beside its schema (a notice's draft → published) reads as its label
  const stateLabel = typeof value === 'string' ? translated(read, `console.audit.values.${key}.${value}`) : null;
  if (stateLabel) return stateLabel;
  if (typeof value === 'boolean') return read.yesNo(value) ?? '—';
  if (typeof value === 'string' && ISO_TIME.test(value)) return read.time(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('、');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function fieldText(read: ReadableValues, schemaName: string | undefined, key: string): string {
  if (schemaName && schemaOfField(currentSchema(schemaName), [key])) {
    const labelKey = fieldOf(schemaName, key).labelKey;
    if (labelKey) return read.t(labelKey);
  }
  return translated(read, `console.audit.fields.${key}`) ?? key;
}

const asObject = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The changed fields as a person reads them: field labels, enum labels, Shanghai times, 是/否.
 * Only fields whose value differs are listed.
 */
/**
 * `schemaName`: the schema the values before and after follow (their field labels and enum texts
 * come from it); without one the values keep their own shape, keys labelled by
 * `console.audit.fields.<key>`.
 */
export function readableChanges(read: ReadableValues, schemaName: string | undefined, before: unknown, after: unknown): AuditChange[] {
  const b = asObject(before);
  const a = asObject(after);
  if (!b && !a) {
    if ((before ?? null) === null && (after ?? null) === null) return [];
    return [{ field: '', before: valueText(read, undefined, '', before), after: valueText(read, undefined, '', after) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const beforeText = valueText(read, schemaName, key, b?.[key]);
    const afterText = valueText(read, schemaName, key, a?.[key]);
    if (beforeText !== afterText) changes.push({ field: fieldText(read, schemaName, key), before: beforeText, after: afterText });
  }
  return changes;
}

/** A change as the screen's cell reads it: "field: before → after" (one line each in the workbook's cell). */
export function changeText(change: AuditChange): string {
  return change.field ? `${change.field}: ${change.before} → ${change.after}` : `${change.before} → ${change.after}`;
}
