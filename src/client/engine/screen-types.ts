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
  /** operation (engine/operations.ts) returning the initial form data */
  load?: string;
  /** initial values taken from the query string: field name -> query parameter */
  initialFromQuery?: Record<string, string>;
  /** operation receiving the form data */
  submit: string;
  submitLabelKey: string;
  success: SuccessBehaviour;
  /** links shown under the form (label key + route) */
  links?: { labelKey: string; to: string }[];
}

export interface SuccessBehaviour {
  /** toast shown on success (client namespace key) */
  toastKey?: string;
  /** signIn: the result is a token; logout: end the session; navigate: go to `to` */
  action: 'signIn' | 'logout' | 'navigate' | 'stay';
  to?: string;
}

export interface TabsDeclaration extends DeclarationBase {
  kind: 'tabs';
  tabs: { labelKey: string; screen: string }[];
  links?: { labelKey: string; to: string }[];
}

export type ScreenDeclaration = FormDeclaration | TabsDeclaration;
