import type { ComponentType } from 'react';
import type { RecordUpgradeData } from '../../../shared/record-upgrade-api';

type Document = Record<string, unknown>;

/**
 * A step of a wizard declaration (ui-schemas/screens/<wizard>.json). A `form` step is one RJSF
 * form on its own small schema; a `panel` step is a screen part written in code (a list).
 * Names of record parts and gates are properties of the wizard's context schema (codegen checks them).
 */
export interface WizardStepDeclaration {
  id: string;
  labelKey: string;
  kind: 'form' | 'panel';
  /** form steps: name of src/generated/schemas/<schema>.json */
  schema?: string;
  /** form steps: name of ui-schemas/<uiSchema>.json; defaults to the schema name */
  uiSchema?: string;
  /** form steps: the part of the record the step edits (a property of the context schema) */
  source?: string;
  /** form steps: name of the save call of the wizard's binding */
  save?: string;
  /** panel steps: name of the panel (a `*panels` catalogue in src/client) */
  panel?: string;
  /** gate (a property of the context schema's `gates`) that must be open to edit; closed: read-only */
  editableWhen?: string;
  /** the wizard cannot finish (or move on) before this step has been saved */
  requiredToFinish?: boolean;
  /** a read-only part of the record shown under the step (a property of the context schema) */
  alsoShow?: { schema: string; source: string; titleKey: string; emptyKey: string };
}

export interface WizardDeclaration {
  id: string;
  kind: 'wizard';
  titleKey: string;
  /** name of the schema describing the record the wizard edits (its parts and its `gates`) */
  context: string;
  steps: WizardStepDeclaration[];
}

/** The record a wizard edits, as its context schema describes it: an id, parts, server gates. */
export interface WizardRecord {
  id: string;
  /** the server's decisions (open or shut) by gate name */
  gates?: object;
  /** by convention, why the server shut a gate: { [gate]: { reasonKey, reasonParams? } } */
  gateReasons?: object;
}

/** What the runtime knows about the record being edited. */
export interface WizardContext<TRecord extends WizardRecord = WizardRecord> {
  /** null while the record does not exist yet (first step of a new record) */
  detail: TRecord | null;
  /** parts of the record opened from an older schema version (engine/record-upgrade.ts), by step source */
  upgrades?: Partial<Record<string, RecordUpgradeData>>;
}

export interface StepAccess {
  /** the user may edit and save the step */
  editable: boolean;
  /** why not (client namespace key), with its parameters */
  reasonKey?: string;
  reasonParams?: Record<string, unknown>;
  /** editable, but only these top-level fields (a locked record fixing what a newer form version requires) */
  onlyFields?: string[];
}

/**
 * How a wizard talks to the server: the screen wires the real API, tests a fake. `save`
 * returns the record id (the first save creates the record). `stepDone` and `access` let a
 * record explain its own rules; without them a step is done once its source is saved and
 * editable while its gate is open (engine/wizard/wizard-gates.ts).
 */
export interface WizardBinding<
  TRecord extends WizardRecord = WizardRecord,
  TContext extends WizardContext<TRecord> = WizardContext<TRecord>,
> {
  load: (recordId: string | null) => Promise<TContext>;
  save: (saveName: string, recordId: string | null, data: Document) => Promise<string>;
  stepDone?: (step: WizardStepDeclaration, detail: TRecord | null) => boolean;
  access?: (step: WizardStepDeclaration, context: TContext) => StepAccess;
}

/** What a panel step gets: the record, whether its gate is open (and why not), a reload. */
export interface WizardPanelProps<TRecord extends WizardRecord = WizardRecord> {
  detail: TRecord;
  access: StepAccess;
  onChanged: () => void;
}

export type WizardPanels<TRecord extends WizardRecord = WizardRecord> = Record<string, ComponentType<WizardPanelProps<TRecord>>>;
