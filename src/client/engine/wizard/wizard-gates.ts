import type { StepAccess, WizardContext, WizardRecord, WizardStepDeclaration } from './wizard-types';

export type StepDone<TRecord extends WizardRecord> = (step: WizardStepDeclaration, detail: TRecord | null) => boolean;

/** A part of the record by its context-schema property name. */
export function recordPart(detail: WizardRecord | null, name: string | undefined): unknown {
  return name && detail ? (detail as unknown as Record<string, unknown>)[name] : undefined;
}

/** Whether the server opened the named gate of the record (a closed or unknown gate is shut). */
export function gateOpen(detail: WizardRecord, gate: string): boolean {
  return (detail.gates as Record<string, unknown> | undefined)?.[gate] === true;
}

/** Why the server shut the named gate, when the record sends `gateReasons` (the convention). */
export function gateReason(detail: WizardRecord, gate: string): Pick<StepAccess, 'reasonKey' | 'reasonParams'> {
  const reason = (detail.gateReasons as Record<string, { reasonKey?: unknown; reasonParams?: unknown } | undefined> | undefined)?.[gate];
  if (typeof reason?.reasonKey !== 'string') return {};
  const params = reason.reasonParams;
  return params && typeof params === 'object'
    ? { reasonKey: reason.reasonKey, reasonParams: params as Record<string, unknown> }
    : { reasonKey: reason.reasonKey };
}

/** Default: a form step is done once its part of the record is saved; panels once the record exists. */
export function sourceSaved(step: WizardStepDeclaration, detail: WizardRecord | null): boolean {
  if (!detail) return false;
  if (!step.source) return true;
  const part = recordPart(detail, step.source);
  return part !== null && part !== undefined;
}

/**
 * Default: a new record may be started; a saved one follows the step's gate, and a shut gate
 * says why when the server sent its reason (the server decides both).
 */
export function gateAccess(step: WizardStepDeclaration, { detail }: WizardContext): StepAccess {
  if (!detail || !step.editableWhen) return { editable: true };
  if (gateOpen(detail, step.editableWhen)) return { editable: true };
  return { editable: false, ...gateReason(detail, step.editableWhen) };
}

/** Index of the furthest step the user may open: the first step not done yet (or the last). */
export function furthestReachable<TRecord extends WizardRecord>(
  steps: WizardStepDeclaration[],
  detail: TRecord | null,
  done: StepDone<TRecord> = sourceSaved,
): number {
  const firstOpen = steps.findIndex((step) => !done(step, detail));
  return firstOpen === -1 ? steps.length - 1 : firstOpen;
}

/** The wizard may finish once every step marked requiredToFinish is done. */
export function missingBeforeFinish<TRecord extends WizardRecord>(
  steps: WizardStepDeclaration[],
  detail: TRecord | null,
  done: StepDone<TRecord> = sourceSaved,
): WizardStepDeclaration[] {
  return steps.filter((step) => step.requiredToFinish && !done(step, detail));
}
