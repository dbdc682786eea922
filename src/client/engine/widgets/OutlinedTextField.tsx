import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { FocusEvent, ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';

type InputEvent = ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;
type BlurEvent = FocusEvent<HTMLInputElement | HTMLTextAreaElement>;

export interface OutlinedTextFieldProps {
  id: string;
  name?: string;
  label?: ReactNode;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  value: unknown;
  error?: boolean;
  disabled?: boolean;
  onChange?: (event: InputEvent) => void;
  onBlur?: (event: BlurEvent) => void;
  onFocus?: (event: BlurEvent) => void;
  slotProps?: { htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}` | `aria-${string}`, unknown> };
}

/**
 * MUI's outlined TextField, put together from its parts: the same markup (label tied to the
 * input, notched outline), without TextField's static imports of Select, Menu, Popover, Modal
 * and the filled and standard inputs, which the sign-in screens' start-up chunk does not need
 * (a cold /login at most 200 kB on the wire).
 */
export function OutlinedTextField({
  id,
  name,
  label,
  required,
  type,
  autoComplete,
  autoFocus,
  fullWidth,
  value,
  error,
  disabled,
  onChange,
  onBlur,
  onFocus,
  slotProps,
}: OutlinedTextFieldProps) {
  const labelId = label ? `${id}-label` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} disabled={disabled} required={required}>
      {label && (
        <InputLabel htmlFor={id} id={labelId}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={value ?? ''}
        label={label}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        inputProps={slotProps?.htmlInput}
      />
    </FormControl>
  );
}
