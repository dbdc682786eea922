import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import type { FieldKind, FieldLimits, LimitName } from './model/field-spec';

const LIMITS_OF: Partial<Record<FieldKind, LimitName[]>> = {
  shortText: ['minLength', 'maxLength'],
  longText: ['minLength', 'maxLength'],
  number: ['minimum', 'maximum'],
  multipleChoice: ['minItems', 'maxItems'],
};

interface Props {
  kind: FieldKind;
  limits: FieldLimits;
  /** a protected field: only tighter limits (the server and the model refuse looser ones) */
  locked: boolean;
  onChange: (limits: FieldLimits) => void;
}

/** The length, number or count limits of a field's kind; empty means none. */
export function LimitsEditor({ kind, limits, locked, onChange }: Props) {
  const t = useKeyTranslation();
  const names = LIMITS_OF[kind] ?? [];
  if (names.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
      {names.map((name) => (
        <TextField
          key={name}
          size="small"
          type="number"
          label={t(`forms.limits.${name}`)}
          value={limits[name] ?? ''}
          helperText={locked ? t('forms.panel.limitsLocked') : undefined}
          onChange={(event) => {
            const text = event.target.value;
            const next = { ...limits };
            if (text === '') delete next[name];
            else next[name] = Number(text);
            onChange(next);
          }}
          slotProps={{ htmlInput: { 'data-testid': `limit-${name}` } }}
        />
      ))}
    </Box>
  );
}
