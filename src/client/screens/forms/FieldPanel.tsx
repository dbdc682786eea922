import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { BilingualFields } from './BilingualFields';
import { ChoiceOptionsEditor } from './ChoiceOptionsEditor';
import { LimitsEditor } from './LimitsEditor';
import { PlainSelect } from './PlainSelect';
import { RefusalList } from './RefusalList';
import { FIELD_KINDS, type FieldKind, type FieldSpec, type ModelContext } from './model/field-spec';
import { withKind } from './model/new-field';
import { patternCatalogue } from './model/pattern-catalogue';
import type { Refusal } from './model/protected-rules';
import { uploadRuleNames } from './model/read-fields';
import { RequiredWhenEditor } from './RequiredWhenEditor';

interface Props {
  ctx: ModelContext;
  field: FieldSpec;
  /** every field of the draft (the sources a "required only when" may name) */
  fields: readonly FieldSpec[];
  adding: boolean;
  /** applies the field to the draft; the refusals when it cannot be */
  onApply: (field: FieldSpec) => Refusal[];
  onCancel: () => void;
}

/** Everything about one field: kind, labels and help in both languages, requirement, limits, pattern, choices. */
export function FieldPanel({ ctx, field, fields, adding, onApply, onCancel }: Props) {
  const t = useKeyTranslation();
  const [spec, setSpec] = useState(field);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  useEffect(() => {
    setSpec(field);
    setRefusals([]);
  }, [field]);
  const locked = field.protected;
  const change = (next: Partial<FieldSpec>) => setSpec((current) => ({ ...current, ...next }));
  const kinds = spec.kind === 'other' ? [...FIELD_KINDS, 'other' as FieldKind] : FIELD_KINDS;

  return (
    <Box component="section" aria-label={t('forms.panel.title')} sx={{ display: 'grid', gap: 2 }} data-testid="field-panel">
      <Typography component="h3" variant="subtitle1">
        {adding ? t('forms.panel.adding') : t('forms.panel.editing', { field: field.name })}
      </Typography>
      {locked && (
        <Alert severity="info" data-testid="field-protected-note">
          {t('forms.panel.protectedNote')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
        <TextField
          size="small"
          label={t('forms.panel.name')}
          value={spec.name}
          disabled={!adding}
          helperText={adding ? t('forms.panel.nameHelp') : locked ? t('forms.panel.nameLocked') : t('forms.panel.nameFixed')}
          onChange={(event) => change({ name: event.target.value.trim() })}
          slotProps={{ htmlInput: { 'data-testid': 'field-name' } }}
        />
        <PlainSelect
          label={t('forms.panel.kind')}
          value={spec.kind}
          testId="field-kind"
          disabled={locked || spec.kind === 'other'}
          helperText={locked ? t('forms.panel.kindLocked') : undefined}
          options={kinds.map((kind) => ({ value: kind, label: t(`forms.kinds.${kind}`) }))}
          onChange={(kind) => kind !== 'other' && setSpec((current) => withKind(ctx, current, kind as Exclude<FieldKind, 'other'>))}
        />
      </Box>
      <BilingualFields name="label" title={t('forms.panel.label')} value={spec.label} onChange={(label) => change({ label })} />
      <BilingualFields name="help" title={t('forms.panel.help')} value={spec.help} onChange={(help) => change({ help })} multiline />
      <FormControlLabel
        control={
          <Switch
            checked={spec.required}
            disabled={locked && field.required}
            onChange={(event) => change({ required: event.target.checked, requiredWhen: event.target.checked ? null : spec.requiredWhen })}
            slotProps={{ input: { 'data-testid': 'field-required' } as object }}
          />
        }
        label={locked && field.required ? t('forms.panel.requiredLocked') : t('forms.panel.required')}
      />
      {!spec.required && <RequiredWhenEditor field={spec} fields={fields} onChange={(requiredWhen) => change({ requiredWhen })} />}
      <LimitsEditor kind={spec.kind} limits={spec.limits} locked={locked} onChange={(limits) => change({ limits })} />
      {(spec.kind === 'shortText' || spec.kind === 'longText') && (
        <PlainSelect
          label={t('forms.panel.pattern')}
          value={spec.pattern ?? ''}
          testId="field-pattern"
          disabled={locked}
          helperText={locked ? t('forms.panel.patternLocked') : t('forms.panel.patternHelp')}
          options={[
            { value: '', label: t('forms.patterns.none') },
            ...patternCatalogue(ctx.definitions).map((entry) => ({ value: entry.format, label: t(`forms.patterns.${entry.format}`) })),
          ]}
          onChange={(pattern) => {
            const entry = patternCatalogue(ctx.definitions).find((candidate) => candidate.format === pattern);
            const maxLength =
              entry?.maxLength !== undefined ? Math.min(spec.limits.maxLength ?? entry.maxLength, entry.maxLength) : spec.limits.maxLength;
            change({ pattern: pattern || null, limits: { ...spec.limits, maxLength } });
          }}
        />
      )}
      {(spec.kind === 'singleChoice' || spec.kind === 'multipleChoice') && (
        <ChoiceOptionsEditor options={spec.options} locked={locked} onChange={(options) => change({ options })} />
      )}
      {spec.kind === 'file' && (
        <PlainSelect
          label={t('forms.panel.uploadRule')}
          value={spec.uploadRule ?? ''}
          testId="field-upload-rule"
          disabled={locked}
          options={[
            { value: '', label: t('forms.panel.uploadRuleNone') },
            ...uploadRuleNames(ctx).map((name) => ({ value: name, label: t(`forms.uploadRules.${name}`) })),
          ]}
          onChange={(rule) => change({ uploadRule: rule || null })}
        />
      )}
      <RefusalList refusals={refusals} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" data-testid="field-apply" onClick={() => setRefusals(onApply(spec))}>
          {adding ? t('forms.panel.add') : t('forms.panel.apply')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Box>
    </Box>
  );
}
