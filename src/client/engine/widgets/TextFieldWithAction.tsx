import Box from '@mui/material/Box';
import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField';
import type { WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';

/** An emptied input clears the value, so `required` catches it. */
export function valueOfInput(value: string): string | undefined {
  return value === '' ? undefined : value;
}

/**
 * What a code field reads of its widget props: RJSF hands all of WidgetProps, the lean sign-in
 * form (engine/lean/LeanForm.tsx) just these.
 */
export type FieldWidgetProps = Pick<
  WidgetProps,
  | 'id'
  | 'name'
  | 'htmlName'
  | 'label'
  | 'required'
  | 'value'
  | 'rawErrors'
  | 'disabled'
  | 'readonly'
  | 'onChange'
  | 'onBlur'
  | 'onFocus'
  | 'options'
> & { registry: { formContext?: unknown } };

export function hasRawErrors(props: FieldWidgetProps): boolean {
  return (props.rawErrors?.length ?? 0) > 0;
}

interface TextFieldWithActionProps {
  /** the RJSF props of the field's widget */
  widget: FieldWidgetProps;
  /** what sits beside the field: a send, refresh or check button */
  action: ReactNode;
  /** replaces parts of the standard wiring below (autoComplete, extra error states, handlers) */
  fieldProps?: Partial<OutlinedTextFieldProps>;
}

/** A code field of an RJSF form with its action to the right (image, message and invitation codes). */
export function TextFieldWithAction({ widget, action, fieldProps }: TextFieldWithActionProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <OutlinedTextField
        id={widget.id}
        name={widget.htmlName ?? widget.id}
        label={widget.label}
        required={widget.required}
        fullWidth
        value={widget.value ?? ''}
        error={hasRawErrors(widget)}
        disabled={widget.disabled || widget.readonly}
        onChange={(event) => widget.onChange(valueOfInput(event.target.value))}
        onBlur={(event) => widget.onBlur(widget.id, event.target.value)}
        onFocus={(event) => widget.onFocus(widget.id, event.target.value)}
        {...fieldProps}
      />
      {action}
    </Box>
  );
}
