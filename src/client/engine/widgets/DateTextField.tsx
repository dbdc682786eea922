import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { CalendarButton } from './CalendarButton';
import { parseTyped, shownTyped } from './typed-date';

/**
 * A date typed as text with the UI language's hint and a calendar button, outside RJSF forms
 * (a form's date field is TypedDateWidget). `value` is the text; `parseTyped(value, false)`
 * gives the date, or null while it is none.
 */
export function DateTextField({
  value,
  onText,
  label,
  ...rest
}: Omit<TextFieldProps, 'value' | 'onChange'> & { value: string; onText: (text: string) => void; label: string }) {
  const t = useKeyTranslation();
  return (
    <TextField
      {...rest}
      label={label}
      value={value}
      placeholder={t('client.dateInput.date')}
      onChange={(event) => onText(event.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        input: {
          endAdornment: (
            <CalendarButton
              withTime={false}
              local={parseTyped(value, false) ?? ''}
              field={label}
              onPicked={(picked) => onText(shownTyped(picked))}
            />
          ),
        },
      }}
    />
  );
}
