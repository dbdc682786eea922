import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { BilingualFields } from './BilingualFields';
import { emptyBilingual, type ChoiceOption } from './model/field-spec';

interface Props {
  options: readonly ChoiceOption[];
  /** a protected field's choices are read by code: only their labels change */
  locked: boolean;
  onChange: (options: ChoiceOption[]) => void;
}

/** The choices of a single or multiple choice: a stored value and its label in both languages. */
export function ChoiceOptionsEditor({ options, locked, onChange }: Props) {
  const t = useKeyTranslation();
  const update = (index: number, next: Partial<ChoiceOption>) =>
    onChange(options.map((option, at) => (at === index ? { ...option, ...next } : option)));
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="body2">
        {t('forms.options.title')}
      </Typography>
      {locked && <Typography variant="caption">{t('forms.options.locked')}</Typography>}
      {options.map((option, index) => (
        <Box key={index} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr auto' }, gap: 1, alignItems: 'start' }}>
          <TextField
            size="small"
            label={t('forms.options.value')}
            value={option.value}
            disabled={locked}
            onChange={(event) => update(index, { value: event.target.value.trim() })}
            slotProps={{ htmlInput: { 'data-testid': `option-value-${index}` } }}
          />
          <BilingualFields
            name={`option-${index}`}
            title={t('forms.options.label')}
            value={option.label}
            onChange={(label) => update(index, { label })}
          />
          {!locked && (
            <IconButton aria-label={t('forms.options.remove')} onClick={() => onChange(options.filter((_, at) => at !== index))}>
              ×
            </IconButton>
          )}
        </Box>
      ))}
      {!locked && (
        <Button
          size="small"
          data-testid="option-add"
          onClick={() => onChange([...options, { value: `option${options.length + 1}`, label: emptyBilingual() }])}
        >
          {t('forms.options.add')}
        </Button>
      )}
    </Box>
  );
}
