import { ERROR_TOAST_MS } from '../../shared/constants';
import type { GateDecision } from '../../shared/guest-api';
import { ApiError } from '../api/api-error';
import { FileRefused } from '../api/download-file';
import { askConfirm, showToast } from '../feedback/feedback-store';
import { translateKey } from '../i18n/translate-key';
import { runOperation } from './operations';
import type { RouteParams } from './operation-types';
import type { ListAction, RowCondition } from './screen-types';

export type Row = Record<string, unknown>;

/** What the screen hosting a declared list adds to it: its dialogs, a reload after they save, a selection. */
export interface ListHost {
  /** an action with `event` was pressed (a toolbar action's row: the filters, and `selectedIds` on a selectable list) */
  onEvent?: (event: string, row: Row | null) => void;
  /** an action's operation ran: the host reloads (through reloadSignal) what it changed; without it the list reloads itself */
  onChanged?: (action: ListAction) => void;
  /** each page the list loads (a host that also needs the rows, for a picker say) */
  onLoaded?: (records: Row[]) => void;
  /** rows the host already has (a part of a record it loaded): shown as one page, nothing is loaded */
  records?: Row[];
  /** the facts the declaration's `hostFacts` names (the record's gates, its id): each row carries them under its own fields */
  facts?: Row;
  /** the host's own card holds the list: no card of its own (a phone keeps the width for the rows) */
  embedded?: boolean;
  /** changing it reloads the page shown (a dialog of the host saved) */
  reloadSignal?: number;
  /** filters the host keeps itself (its own filter bar), sent with every load */
  filters?: Record<string, string | undefined>;
  /** selectable lists: the ids of the checked rows, when the host keeps them (else the list keeps them itself) */
  selection?: { selected: string[]; onChange: (ids: string[]) => void };
}

function holds(condition: RowCondition, row: Row): boolean {
  const value = (row[condition.field] ?? null) as unknown;
  if (condition.in && !condition.in.includes(value as never)) return false;
  if (condition.notIn?.includes(value as never)) return false;
  return true;
}

export function allHold(conditions: RowCondition[] | undefined, row: Row): boolean {
  return (conditions ?? []).every((condition) => holds(condition, row));
}

/** `:name` in a route pattern filled from the row's field `name`. */
export function fillRoute(pattern: string, row: Row): string {
  return pattern.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, field: string) => encodeURIComponent(String(row[field] ?? '')));
}

/**
 * Whether the action can be pressed, and why not: the row's own gate from the server first
 * (the client decides nothing the server decides), then the declared `enabledWhen`.
 */
export function gateOf(action: ListAction, row: Row, toolbarGate?: GateDecision | null): GateDecision {
  if (action.needsSelection && !(Array.isArray(row.selectedIds) && row.selectedIds.length > 0))
    return { open: false, reasonKey: action.disabledReasonKey ?? 'list.selectFirst' };
  if (action.gateOperation) return toolbarGate ?? { open: false };
  const serverGate = action.gateField ? (row[action.gateField] as GateDecision | undefined) : undefined;
  if (serverGate && !serverGate.open) return serverGate;
  if (!allHold(action.enabledWhen, row))
    return { open: false, ...(action.disabledReasonKey ? { reasonKey: action.disabledReasonKey } : {}) };
  return { open: true };
}

/** The value at `field` or `field.inner` of a row. */
function valueAt(row: Row, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Row)[key] : undefined), row);
}

function paramsOf(action: ListAction, row: Row): Record<string, unknown> {
  const renamed = Object.fromEntries(Object.entries(action.confirm?.params ?? {}).map(([param, path]) => [param, valueAt(row, path)]));
  return { ...row, ...renamed };
}

/**
 * What the user reads when a list's action or download failed, or null when it was already
 * shown: a refused call was (the API client's failure policy); a refused file is the server's
 * message in the user's language; anything else (the network dropped a file) the list's own text.
 */
export function listFailureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return null;
  if (error instanceof FileRefused && error.message) return error.message;
  return translateKey('list.downloadFailed');
}

/**
 * Runs an action's operation with the row (or the toolbar's filters): asks first when it
 * declares a confirmation, says so when it declares a done message. True when it ran; a failure
 * is shown (listFailureMessage), never swallowed.
 */
export async function runListAction(action: ListAction, row: Row, routeParams: RouteParams): Promise<boolean> {
  if (!action.operation) return false;
  const params = paramsOf(action, row);
  if (action.confirm) {
    const confirmed = await askConfirm({
      title: translateKey(action.confirm.titleKey, params),
      message: translateKey(action.confirm.messageKey, params),
      confirmLabel: translateKey(action.confirm.confirmLabelKey ?? action.labelKey),
      cancelLabel: translateKey(action.confirm.cancelLabelKey ?? 'common.cancel'),
    });
    if (!confirmed) return false;
  }
  try {
    await runOperation(action.operation, row, routeParams);
  } catch (error) {
    const message = listFailureMessage(error);
    if (message) showToast(message, 'error', ERROR_TOAST_MS);
    return false;
  }
  if (action.doneKey) showToast(translateKey(action.doneKey, params), 'success', ERROR_TOAST_MS);
  return true;
}
