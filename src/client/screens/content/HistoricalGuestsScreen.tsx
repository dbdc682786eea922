import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { contentApi } from '../../api/content-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ContentRecordsScreen, type ContentRecordsConfig } from './ContentRecordsScreen';

const SESSIONS = ['1', '2', '3', '4', '5'];

const config: ContentRecordsConfig = {
  kind: 'historical-guest',
  list: 'historical-guests',
  nameField: 'nameZh',
  filterFields: ['session'],
  calls: {
    add: (document) => contentApi.addCatalogue('historical-guest', document),
    save: (id, document) => contentApi.saveCatalogue('historical-guest', id, document),
  },
};

/** /historicalGuests: guests of sessions 1 to 5 with their unit and inviter (ui-schemas/screens/historical-guests.json). */
export default function HistoricalGuestsScreen() {
  const t = useKeyTranslation();
  return (
    <ContentRecordsScreen
      config={config}
      filter={(filters, setFilters) => (
        <TextField select size="small" label={t('content.historical.session')} value={filters.session ?? ''} sx={{ minWidth: 140 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(event) => setFilters({ ...filters, session: event.target.value || undefined })} data-testid="session-filter">
          <MenuItem value="">{t('content.common.allSessions')}</MenuItem>
          {SESSIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {t('content.common.sessionN', { session: value })}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
