import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { ReadOnlyDocument } from '../ReadOnlyDocument';
import { upgradeErrorSchema } from '../record-upgrade';
import { RecordUpgradeNotice } from '../RecordUpgradeNotice';
import { clearDraft, flushPendingDrafts, readDraft, scheduleDraftWrite } from './draft-store';
import { furthestReachable, gateAccess, missingBeforeFinish, recordPart, sourceSaved } from './wizard-gates';
import type { WizardBinding, WizardPanels, WizardContext, WizardDeclaration, WizardRecord, WizardStepDeclaration } from './wizard-types';
import { SchemaForm } from '../SchemaForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { UploadAwareButton } from '../uploads/UploadAwareButton';

type Data = Record<string, unknown>;

export interface WizardRuntimeProps<TRecord extends WizardRecord, TContext extends WizardContext<TRecord>> {
  declaration: WizardDeclaration;
  recordId: string | null;
  binding: WizardBinding<TRecord, TContext>;
  /** code parts for `panel` steps, by name */
  panels?: WizardPanels<TRecord>;
  /** step id to open first (from the URL); the furthest reachable step is the limit */
  initialStep?: string | null;
  onStepChange?: (stepId: string) => void;
  /** the first save created the record */
  onCreated?: (recordId: string, nextStepId: string) => void;
  onFinish?: (recordId: string) => void;
}

function stepData(step: WizardStepDeclaration, context: WizardContext): Data {
  const source = recordPart(context.detail, step.source);
  return source && typeof source === 'object' ? (source as Data) : {};
}

/**
 * Runs a wizard declaration: a stepper, one step at a time. A form step is validated and
 * saved before the next opens (the server validates again); what is typed but not saved is
 * kept as a draft. The record is described by the declaration's context schema; its gates
 * come from the server (the record's `gates`), and so do their reasons (`gateReasons`, by convention).
 */
export function WizardRuntime<TRecord extends WizardRecord, TContext extends WizardContext<TRecord>>({
  declaration,
  recordId,
  binding,
  panels = {},
  initialStep,
  onStepChange,
  onCreated,
  onFinish,
}: WizardRuntimeProps<TRecord, TContext>) {
  const t = useKeyTranslation();
  const [context, setContext] = useState<TContext | null>(null);
  const [failed, setFailed] = useState(false);
  const [index, setIndex] = useState(0);
  const [finishBlocked, setFinishBlocked] = useState(false);
  const steps = declaration.steps;
  const done = binding.stepDone ?? sourceSaved;
  const stepAccess = binding.access ?? gateAccess;

  const reload = useCallback(async () => {
    const next = await binding.load(recordId);
    setContext(next);
    return next;
  }, [binding, recordId]);

  // a draft still waiting for a typing pause is written when the wizard goes away
  useEffect(() => flushPendingDrafts, []);

  useEffect(() => {
    let live = true;
    binding
      .load(recordId)
      .then((loaded) => {
        if (!live) return;
        setContext(loaded);
        const limit = furthestReachable(steps, loaded.detail, done);
        const wanted = steps.findIndex((step) => step.id === initialStep);
        setIndex(wanted >= 0 && wanted <= limit ? wanted : limit);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // the step from the URL only matters when the record is (re)loaded
  }, [binding, recordId, steps, done]);

  if (failed) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!context) return <CircularProgress aria-label={t('common.loading')} />;

  const limit = furthestReachable(steps, context.detail, done);
  const step = steps[index] as WizardStepDeclaration;
  const access = stepAccess(step, context);
  const isLast = index === steps.length - 1;

  function go(to: number) {
    setFinishBlocked(false);
    setIndex(to);
    const target = steps[to];
    if (target) onStepChange?.(target.id);
  }

  async function afterSave() {
    const loaded = await reload();
    if (!isLast) {
      go(index + 1);
      return;
    }
    if (missingBeforeFinish(steps, loaded.detail, done).length) {
      setFinishBlocked(true);
      return;
    }
    if (loaded.detail) onFinish?.(loaded.detail.id);
  }

  async function saveForm(data: Data) {
    if (!step.save) return;
    const savedId = await binding.save(step.save, recordId, data);
    clearDraft(declaration.id, recordId, step.id);
    if (!recordId) {
      const next = steps[index + 1];
      onCreated?.(savedId, next?.id ?? step.id);
      return;
    }
    await afterSave();
  }

  function next() {
    if (isLast) {
      const missing = missingBeforeFinish(steps, context?.detail ?? null, done);
      if (missing.length) {
        setFinishBlocked(true);
        return;
      }
      if (context?.detail) onFinish?.(context.detail.id);
      return;
    }
    // a step that cannot be edited (gate closed) does not hold the user back
    if (!access.editable || index + 1 <= furthestReachable(steps, context?.detail ?? null, done)) go(index + 1);
  }

  const formId = `wizard-step-${step.id}`;
  const saveLabel = isLast ? t('wizard.saveAndFinish') : t('wizard.saveAndNext');
  const buttons = (
    <Box sx={{ display: 'flex', gap: 2, mt: 3, justifyContent: 'space-between' }}>
      <Button type="button" variant="outlined" disabled={index === 0} onClick={() => go(index - 1)} data-testid="wizard-back">
        {t('wizard.back')}
      </Button>
      {step.kind === 'form' && access.editable ? (
        <UploadAwareButton type="submit" variant="contained" data-testid="wizard-save">
          {saveLabel}
        </UploadAwareButton>
      ) : (
        <Button type="button" variant="contained" onClick={next} data-testid="wizard-next">
          {isLast ? t('wizard.finish') : t('wizard.next')}
        </Button>
      )}
    </Box>
  );

  const Panel = step.kind === 'panel' && step.panel ? panels[step.panel] : undefined;
  const draft = step.kind === 'form' && access.editable ? readDraft(declaration.id, recordId, step.id) : null;
  const upgrade = step.kind === 'form' && step.source ? context.upgrades?.[step.source] : undefined;

  return (
    <Box data-testid="wizard" data-step={step.id}>
      <Stepper nonLinear activeStep={index} alternativeLabel sx={{ mb: 3 }} aria-label={t('wizard.progress')}>
        {steps.map((item, itemIndex) => (
          <Step key={item.id} completed={itemIndex < limit}>
            <StepButton disabled={itemIndex > limit} onClick={() => go(itemIndex)} data-testid={`wizard-step-${item.id}`}>
              {t(item.labelKey)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {t(step.labelKey)}
      </Typography>
      {access.reasonKey && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="wizard-gate">
          {t(access.reasonKey, access.reasonParams)}
        </Alert>
      )}
      {draft && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="wizard-draft-restored">
          {t('wizard.draftRestored')}
        </Alert>
      )}
      <RecordUpgradeNotice upgrade={upgrade} />
      {step.kind === 'form' && step.schema ? (
        <SchemaForm
          key={`${step.id}:${recordId ?? 'new'}`}
          formId={formId}
          schemaName={step.schema}
          uiSchemaName={step.uiSchema}
          initial={{ ...stepData(step, context), ...(draft ?? {}) }}
          readOnly={!access.editable}
          editableFields={access.onlyFields}
          initialErrors={access.editable ? upgradeErrorSchema(upgrade) : undefined}
          onDraft={(data) => scheduleDraftWrite(declaration.id, recordId, step.id, data)}
          onSubmit={saveForm}
        >
          {buttons}
        </SchemaForm>
      ) : (
        <>
          {Panel && context.detail && <Panel detail={context.detail} access={access} onChanged={() => void reload()} />}
          {buttons}
        </>
      )}
      {step.alsoShow && (
        <Box sx={{ mt: 3 }} data-testid={`wizard-also-${step.alsoShow.source}`}>
          <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
            {t(step.alsoShow.titleKey)}
          </Typography>
          {recordPart(context.detail, step.alsoShow.source) ? (
            <ReadOnlyDocument schemaName={step.alsoShow.schema} data={recordPart(context.detail, step.alsoShow.source) as Data} />
          ) : (
            <Typography color="text.secondary">{t(step.alsoShow.emptyKey)}</Typography>
          )}
        </Box>
      )}
      {finishBlocked && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="wizard-finish-blocked" role="alert">
          {t('wizard.finishNeeds', {
            steps: missingBeforeFinish(steps, context.detail, done)
              .map((item) => t(item.labelKey))
              .join('、'),
          })}
        </Alert>
      )}
    </Box>
  );
}
