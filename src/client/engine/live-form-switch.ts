/**
 * A form open across a publish (an organiser published a new version of it): while it is open, an editable form checks the live
 * versions (every LIVE_CHECK_INTERVAL_MS and when the window gets the focus back: one small,
 * shared request) and, when its version is no longer the live one, switches to the new version
 * keeping what was typed, and flags on their fields what the new version refuses in it, so a new
 * required field is marked at once.
 */
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { createErrorTransformer } from './error-translation';
import { screenUiSchema, topLevelField } from './form-wiring';
import { editableFormOf, LIVE_CHECK_INTERVAL_MS, liveVersions, loadFormSource, type FormSource } from './live-forms';
import { fieldErrorsToErrorSchema } from './server-field-errors';
import { commitTypedInputsNow } from './typed-input-buffer';

type Data = Record<string, unknown>;

export interface FormSwitch {
  schema: RJSFSchema;
  validator: ValidatorType;
  /** translated, as the form shows it */
  uiSchema: UiSchema;
  version: number | null;
  /** what was typed, without the fields the new version no longer has (its objects are closed) */
  data: Data;
  /** the form's flags with the new version's problems added */
  flags: (current: ErrorSchema | undefined) => ErrorSchema | undefined;
}

interface Shown {
  schema: RJSFSchema;
  version: number | null;
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ROOT_NOT_RULES = new Set(['properties', 'required', 'x-version', '$id', '$schema', 'title', 'description', 'x-i18n', 'definitions']);

/**
 * The top-level fields whose rules the new version changed (new fields, changed ones, newly
 * required ones); null when a rule of the whole form changed (a condition between fields), so
 * every field may be concerned.
 */
export function changedFields(before: RJSFSchema, after: RJSFSchema): Set<string> | null {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (ROOT_NOT_RULES.has(key)) continue;
    if (JSON.stringify((before as Node)[key]) !== JSON.stringify((after as Node)[key])) return null;
  }
  const beforeProps = isNode(before.properties) ? before.properties : {};
  const afterProps = isNode(after.properties) ? after.properties : {};
  const beforeRequired = new Set(Array.isArray(before.required) ? before.required : []);
  const changed = new Set<string>();
  for (const [name, rules] of Object.entries(afterProps)) {
    if (JSON.stringify(rules) !== JSON.stringify(beforeProps[name])) changed.add(name);
  }
  for (const name of Array.isArray(after.required) ? after.required : []) if (!beforeRequired.has(name)) changed.add(name);
  return changed;
}

function keptData(schema: RJSFSchema, data: Data): Data {
  if (schema.additionalProperties !== false || !isNode(schema.properties)) return data;
  const known = schema.properties;
  return Object.fromEntries(Object.entries(data).filter(([key]) => key in known));
}

function mergeErrors(into: Node, from: Node): Node {
  const out: Node = { ...into };
  for (const [key, value] of Object.entries(from)) {
    if (key === '__errors' && Array.isArray(value)) {
      const before = Array.isArray(out.__errors) ? (out.__errors as string[]) : [];
      out.__errors = [...before, ...value.filter((message) => !before.includes(message as string))];
    } else if (isNode(value)) {
      out[key] = mergeErrors(isNode(out[key]) ? out[key] : {}, value);
    }
  }
  return out;
}

/** The switch from the version shown to `next`, for what was typed (`typed`). */
export function formSwitch(shown: Shown, next: FormSource, typed: Data): FormSwitch {
  const data = keptData(next.schema, typed);
  const concerned = changedFields(shown.schema, next.schema);
  const found = createErrorTransformer(next.schema)(next.validator.validateFormData(data, next.schema).errors);
  const problems = found
    .filter((error) => error.property && (concerned === null || concerned.has(topLevelField(error.property))))
    .map((error) => ({
      pointer: (error.property ?? '')
        .split('.')
        .filter(Boolean)
        .map((segment) => `/${segment}`)
        .join(''),
      key: '',
      message: error.message ?? '',
    }));
  const added = problems.length ? (fieldErrorsToErrorSchema(problems) as Node) : null;
  return {
    schema: next.schema,
    validator: next.validator,
    uiSchema: screenUiSchema(next.schema, next.baseUi),
    version: next.version,
    data,
    flags: (current) => (added ? (mergeErrors((current as Node | undefined) ?? {}, added) as ErrorSchema) : current),
  };
}

export interface LiveFormSwitchOptions {
  schemaName: string;
  uiSchemaName?: string;
  /** false while the form loads, for a read-only form and a console preview */
  watching: boolean;
  current: Shown | null;
  /** what was typed, now */
  data: () => Data;
  apply: (next: FormSwitch) => void;
}

/** Watches the live version of an open editable form and switches it on a publish. */
export function useLiveFormSwitch({ schemaName, uiSchemaName, watching, current, data, apply }: LiveFormSwitchOptions): void {
  const name = editableFormOf(schemaName);
  const shownRef = useRef(current);
  shownRef.current = current;
  const dataRef = useRef(data);
  dataRef.current = data;
  const applyRef = useRef(apply);
  applyRef.current = apply;

  useEffect(() => {
    if (!name || !watching) return;
    let stopped = false;
    let running = false;
    const check = async () => {
      if (running) return;
      running = true;
      try {
        const versions = await liveVersions();
        const shown = shownRef.current;
        const live = versions?.[name];
        if (stopped || !shown || typeof live !== 'number' || live === shown.version) return;
        const next = await loadFormSource(schemaName, uiSchemaName, versions ?? undefined);
        // a live version that could not be loaded leaves the form as it is (the next check tries again)
        if (stopped || next.version === shownRef.current?.version) return;
        // the text still on its way from an input belongs to what was typed
        commitTypedInputsNow();
        applyRef.current(formSwitch(shownRef.current ?? shown, next, dataRef.current()));
      } catch {
        // a failed check changes nothing; the next one tries again
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void check(), LIVE_CHECK_INTERVAL_MS);
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [name, watching, schemaName, uiSchemaName]);
}
