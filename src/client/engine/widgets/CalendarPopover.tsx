import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { MultiSectionDigitalClock } from '@mui/x-date-pickers/MultiSectionDigitalClock';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18next from 'i18next';
import { useState } from 'react';

const LOCAL_DATE = 'YYYY-MM-DD';
const LOCAL_DATE_TIME = 'YYYY-MM-DDTHH:mm';

/**
 * The calendar a date field's button opens: MUI X's calendar and 24-hour clock in the UI
 * language (Chromium's own picker follows the browser's locale: English and 12-hour under the
 * Chinese UI). It works on wall times as `YYYY-MM-DD` / `YYYY-MM-DDTHH:mm`, as typed.
 */
export function CalendarPopover({
  anchor,
  withTime,
  local,
  label,
  onPicked,
  onClose,
}: {
  anchor: HTMLElement | null;
  withTime: boolean;
  local: string;
  label: string;
  onPicked: (local: string) => void;
  onClose: () => void;
}) {
  const chinese = i18next.language === 'zh-CN';
  const texts = (chinese ? zhCN : enUS).components.MuiLocalizationProvider.defaultProps.localeText;
  const [picked, setPicked] = useState<Dayjs>(() => (local && dayjs(local).isValid() ? dayjs(local) : dayjs().startOf('day')));
  const accept = () => {
    onPicked(picked.format(withTime ? LOCAL_DATE_TIME : LOCAL_DATE));
    onClose();
  };
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': label } as object }}
    >
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={chinese ? 'zh-cn' : 'en'} localeText={texts}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid="date-picker">
          <DateCalendar
            value={picked}
            onChange={(day: Dayjs | null) => day && setPicked(picked.year(day.year()).month(day.month()).date(day.date()))}
          />
          {withTime && (
            <MultiSectionDigitalClock
              value={picked}
              ampm={false}
              views={['hours', 'minutes']}
              onChange={(time: Dayjs | null) => time && setPicked(picked.hour(time.hour()).minute(time.minute()))}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 1 }}>
          <Button onClick={onClose}>{texts.cancelButtonLabel}</Button>
          <Button variant="contained" onClick={accept} data-testid="date-pick-accept">
            {texts.okButtonLabel}
          </Button>
        </Box>
      </LocalizationProvider>
    </Popover>
  );
}
