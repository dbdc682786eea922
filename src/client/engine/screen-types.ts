/**
 * Screen declarations (ui-schemas/screens/*.json). A form screen is data: route, title key,
 * schema name, UI schema name, load and save operations and what happens on success.
 */
export type ScreenLayout = 'auth' | 'main';

interface DeclarationBase {
  /** unique id; also the key a server menu node can name in `component` */
  id: string;
  /** route path when the declaration is a page of its own; absent for parts of a tabs screen */
  route?: string;
  titleKey: string;
  layout?: ScreenLayout;
}

export interface FormDeclaration extends DeclarationBase {
  kind: 'form';
  /** name of src/generated/schemas/<schema>.json */
  schema: string;
  /** name of ui-schemas/<uiSchema>.json; defaults to the schema name */
  uiSchema?: string;
  /** operation (a `*operations` catalogue, app/catalogue/app-operations.ts) returning the initial form data */
  load?: string;
  /** initial values taken from the query string: field name -> query parameter */
  initialFromQuery?: Record<string, string>;
  /**
   * operation given `{ field }` answering the full value of a masked x-sensitive field of the
   * loaded record (the audited "show"): the form lists its masked values with a Show button
   */
  reveal?: string;
  /** operation receiving the form data */
  submit: string;
  submitLabelKey: string;
  success: SuccessBehaviour;
  /** links shown under the form (label key + route) */
  links?: { labelKey: string; to: string }[];
  /**
   * drawn without the RJSF runtime (engine/lean/LeanForm.tsx), for forms on the cold path
   * (sign-in): only flat forms of text fields and the code widgets, no `load` (codegen checks)
   */
  lean?: boolean;
}

export interface SuccessBehaviour {
  /** toast shown on success (client namespace key) */
  toastKey?: string;
  /** signIn: the answer set the session cookie, load the session; logout: end the session; navigate: go to `to` */
  action: 'signIn' | 'logout' | 'navigate' | 'stay';
  to?: string;
  /** logout: the server already ended every session (password change): no sign-out request */
  sessionEnded?: boolean;
}

export interface TabsDeclaration extends DeclarationBase {
  kind: 'tabs';
  tabs: { labelKey: string; screen: string }[];
  links?: { labelKey: string; to: string }[];
}

/** How a list cell shows its value (absent: the value as text). */
/** date-time-ago: the time and how long ago it was */
export type ListColumnFormat = 'date-time' | 'date-time-ago' | 'label' | 'boolean' | 'cell';

export interface ListColumn {
  /** property of the item schema shown in the cell (a `cell` may go without) */
  field?: string;
  labelKey: string;
  format?: ListColumnFormat;
  /** label: the value's text is the first of `<prefix>.<value>` that exists, else the value */
  labelPrefixes?: string[];
  /** boolean: texts of true and false */
  trueKey?: string;
  falseKey?: string;
  /** cell: name in a `*cells` catalogue (app/catalogue/app-cells.ts), for what a column cannot say (several fields, buttons) */
  cell?: string;
  /** data-testid of the cell */
  testId?: string;
  /** on a phone (cards): `title` heads the card (default: the first column), `omit` leaves the column out */
  card?: 'title' | 'omit';
  /**
   * the column sorts the list: its header sends `sort=<this value>` and `order=asc|desc` with the
   * list's query (one of the query schema's `sort` enum; the server orders by it, then by id)
   */
  sort?: string;
}

/** A value a row's field is compared with. */
export type RowValue = string | number | boolean | null;

/** Holds when the row's field is one of `in` (when given) and none of `notIn` (when given). */
export interface RowCondition {
  field: string;
  in?: RowValue[];
  notIn?: RowValue[];
}

/**
 * A button of a declared list: on each row (`rowActions`, it gets the row) or above the list
 * (`toolbarActions`, it gets the filters). It does one of: follows `to` (`:name` from the row),
 * runs `operation` (then the list reloads), or hands `event` to the screen hosting the list
 * (which opens its own dialog).
 */
export interface ListAction {
  id: string;
  labelKey: string;
  /** data-testid of the button (default `<list testId>-<id>`); its reason is `<testId>-reason` */
  testId?: string;
  to?: string;
  operation?: string;
  event?: string;
  /**
   * asked before the operation runs; the message's params are the row's fields, renamed by `params` (param -> field or `field.inner` path);
   * `cancelLabelKey` names the button that keeps things as they are (default common.cancel: a "cancel the sign-up" question wants "back"),
   * `confirmLabelKey` the one that goes ahead (default the action's label)
   */
  confirm?: { titleKey: string; messageKey: string; params?: Record<string, string>; cancelLabelKey?: string; confirmLabelKey?: string };
  /** toast after the operation succeeded (same params as the confirmation) */
  doneKey?: string;
  /** shown only to these account types (the session's userType, e.g. organiser); the server still decides */
  userTypes?: string[];
  /** every condition must hold for the button to be shown */
  visibleWhen?: RowCondition[];
  /** every condition must hold for the button to be pressable; else disabled with `disabledReasonKey` */
  enabledWhen?: RowCondition[];
  disabledReasonKey?: string;
  /** the row's field holding the server's gate decision { open, reasonKey, reasonParams } */
  gateField?: string;
  /** toolbar: an operation answering the server's gate decision (until it answers, the button is off) */
  gateOperation?: string;
  /**
   * toolbar of a `selectable` list: the button stays off until a row is checked (reason
   * `disabledReasonKey`, default list.selectFirst). Every toolbar action of a selectable list gets
   * the checked rows' ids as `selectedIds` (a string array) beside the filters, in its operation's
   * params and in the host's `onEvent` row.
   */
  needsSelection?: boolean;
  /** the reason of a shut gate: as text beside the button, or (default) a tooltip */
  reasonShown?: 'tooltip' | 'text';
  color?: 'primary' | 'error' | 'inherit';
  variant?: 'text' | 'outlined' | 'contained';
}

/** A button above a list that downloads a file made from the list's query. */
export interface ListDownload {
  operation: string;
  labelKey: string;
  /** data-testid of the button (default `<list testId>-download`: a list's second download names its own) */
  testId?: string;
  /** shown only to these account types (the session's userType, e.g. organiser); the server still decides */
  userTypes?: string[];
}

export interface ListDeclaration extends DeclarationBase {
  kind: 'list';
  /** operation receiving the query (filters + pageNum + pageSize) and answering a page { records, total, pageNum, pageSize }; absent: the hosting screen gives the rows (`records`) */
  load?: string;
  /** answer schema of the page (its records' items) or of one row: the columns' fields */
  itemSchema: string;
  /** query schema of the load call; its fields other than pageNum/pageSize form the filter bar */
  query?: { schema: string; uiSchema?: string; submitLabelKey: string };
  columns: ListColumn[];
  /** a row opens this route; `:name` is filled from the row's field `name` */
  rowLink?: string;
  emptyKey: string;
  /** message when the load fails (default list.loadFailed) */
  errorKey?: string;
  /** text above the table with the answer's total as `{{count}}` (absent: no total shown) */
  totalKey?: string;
  pageSize?: number;
  /** a second list on a screen keeps its page in this query parameter (default pageNum) and leaves the others alone */
  pageParam?: string;
  /**
   * a list beside another sorted list (a second list on a screen, a list in a record's dialog over a
   * sorted list) keeps its order in `<sortParam>Sort` and `<sortParam>Order` instead of `sort` and
   * `order`, and reads no other field from the URL (its filters are its host's); a sorted list with a
   * `pageParam` needs one
   */
  sortParam?: string;
  /**
   * the load answers every row at once (tens of them, as one page): the list sorts the rows itself,
   * by the column's `sort` value (shared/whole-list-order.ts), as it does the rows a host gives;
   * its export sorts the same rows the same way on the server (pageOfWhole)
   */
  whole?: boolean;
  /** data-testid of the table; rows are `<testId>-row` */
  testId?: string;
  /** why no column sorts the list (tests/codegen/list-sorting.test.ts; no list uses it now, kept for a list that cannot sort) */
  unsortedBecause?: string;
  /**
   * buttons above the list running `operation` with the list's query as it loads it (filters,
   * `sort` and `order`, no page) and route params: an export of exactly the rows listed, a
   * unit's badge batch. One or several (see ListDownload).
   */
  download?: ListDownload | ListDownload[];
  /** why a list the host fills (no `load`) has no download (tests/codegen/list-sorting.test.ts: a list with a `load` always has one) */
  unexportedBecause?: string;
  /** data-testid of each row (table row or card); default `<testId>-row` */
  rowTestId?: string;
  /** extra data attributes of each row: attribute name (without `data-`) -> field */
  rowData?: Record<string, string>;
  rowActions?: ListAction[];
  toolbarActions?: ListAction[];
  /** header of the actions column (default list.actions) */
  actionsLabelKey?: string;
  /**
   * what the hosting screen knows that the rows do not (ListHost.facts: the record's gates, the id of the
   * record the rows are a part of): every row carries them, under its own fields, so the actions'
   * conditions and operations may name them like the row's fields
   */
  hostFacts?: string[];
  /**
   * rows carry a checkbox; `labelKey` names one row's checkbox with the row's fields as params, and `{{name}}` as its field `nameField`.
   * The list keeps the checked ids itself (cleared on each page load) unless its host keeps them (ListHost.selection);
   * its toolbar actions receive them as `selectedIds` (see ListAction.needsSelection).
   */
  selectable?: { labelKey: string; allLabelKey: string; nameField?: string };
}

export type ScreenDeclaration = FormDeclaration | TabsDeclaration | ListDeclaration;
