import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useRef } from 'react';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/**
 * The end adornment of a typed date field: a button opening the browser's calendar on a native
 * input kept out of sight, out of the tab order and the accessibility tree (the calendar is a
 * convenience; the text field is the field).
 */
export function CalendarButton({
  withTime,
  local,
  field,
  onPicked,
}: {
  withTime: boolean;
  local: string;
  field: string;
  onPicked: (local: string) => void;
}) {
  const t = useKeyTranslation();
  const native = useRef<HTMLInputElement>(null);
  return (
    <InputAdornment position="end" sx={{ position: 'relative' }}>
      <IconButton
        edge="end"
        size="small"
        aria-label={t('client.dateInput.pick', { field })}
        onClick={() => native.current?.showPicker?.()}
        data-testid="date-pick"
      >
        <EventIcon fontSize="small" />
      </IconButton>
      <Box
        component="input"
        ref={native}
        type={withTime ? 'datetime-local' : 'date'}
        value={local}
        onChange={(event) => event.target.value && onPicked(event.target.value)}
        tabIndex={-1}
        aria-hidden
        sx={{ position: 'absolute', right: 0, bottom: 0, width: '1px', height: '1px', opacity: 0, border: 0, p: 0, pointerEvents: 'none' }}
      />
    </InputAdornment>
  );
}
