import EventIcon from '@mui/icons-material/Event';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { lazy, Suspense, useState } from 'react';
import { useKeyTranslation } from '../../i18n/use-key-translation';

// the picker (MUI X and dayjs locales) loads with the first click, not with every form
const CalendarPopover = lazy(async () => ({ default: (await import('./CalendarPopover')).CalendarPopover }));

/**
 * The end adornment of a typed date field: a button opening a calendar in the UI language
 * with 24-hour time (the calendar is a convenience; the text field is the field).
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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('client.dateInput.pick', { field });
  return (
    <InputAdornment position="end">
      <IconButton edge="end" size="small" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)} data-testid="date-pick">
        <EventIcon fontSize="small" />
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <CalendarPopover
            anchor={anchor}
            withTime={withTime}
            local={local}
            label={label}
            onPicked={onPicked}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </InputAdornment>
  );
}
