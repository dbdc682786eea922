import type { ComponentType } from 'react';
import type { EditionData, GuestDetail } from '../../../shared/guest-api';
import type { RecordUpgradeData } from '../../../shared/record-upgrade-api';

export type GateName = keyof GuestDetail['gates'];
type Document = Record<string, unknown>;

/**
 * A step of a wizard declaration (ui-schemas/screens/<wizard>.json). A `form` step is one RJSF
 * form on its own small schema; a `panel` step is a screen part written in code (a list).
 */
export interface WizardStepDeclaration {
  id: string;
  labelKey: string;
  kind: 'form' | 'panel';
  /** form steps: name of src/generated/schemas/<schema>.json */
  schema?: string;
  /** form steps: name of ui-schemas/<uiSchema>.json; defaults to the schema name */
  uiSchema?: string;
  /** form steps: the part of the record the step edits (a key of GuestDetail) */
  source?: 'document' | 'intention' | 'itinerary';
  /** form steps: name of the save call of the wizard's binding */
  save?: string;
  /** panel steps: name of the panel (engine/wizard/wizard-panels.tsx) */
  panel?: string;
  /** server gate (GuestDetail.gates) that must be open to edit; closed: read-only with the reason */
  editableWhen?: GateName;
  /** the wizard cannot finish (or move on) before this step has been saved */
  requiredToFinish?: boolean;
  /** a read-only document shown under the step (reception under the itinerary) */
  alsoShow?: { schema: string; source: 'reception'; titleKey: string; emptyKey: string };
}

export interface WizardDeclaration {
  id: string;
  kind: 'wizard';
  titleKey: string;
  steps: WizardStepDeclaration[];
}

/** What the runtime knows about the record being edited. */
export interface WizardContext {
  edition: EditionData;
  /** null while the record does not exist yet (first step of a new guest) */
  detail: GuestDetail | null;
  /** parts of the record opened from an older schema version (engine/record-upgrade.ts), by step source */
  upgrades?: Partial<Record<NonNullable<WizardStepDeclaration['source']>, RecordUpgradeData>>;
}

/**
 * How a wizard talks to the server: the screen wires the real API, tests a fake. `save`
 * returns the record id (the first save creates the record).
 */
export interface WizardBinding {
  load: (recordId: string | null) => Promise<WizardContext>;
  save: (saveName: string, recordId: string | null, data: Document) => Promise<string>;
}

/** What a panel step gets: the record, whether its gate is open (and why not), a reload. */
export interface WizardPanelProps {
  detail: GuestDetail;
  access: { editable: boolean; reasonKey?: string };
  onChanged: () => void;
}

export type WizardPanels = Record<string, ComponentType<WizardPanelProps>>;
