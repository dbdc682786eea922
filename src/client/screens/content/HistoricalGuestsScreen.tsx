import { contentApi } from '../../api/content-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { FilterSelect } from '../../util/FilterSelect';
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
        <FilterSelect label={t('content.historical.session')} value={filters.session ?? ''} allLabel={t('content.common.allSessions')} testId="session-filter"
          options={SESSIONS.map((value) => ({ value, label: t('content.common.sessionN', { session: value }) }))}
          onChange={(session) => setFilters({ ...filters, session })}
        />
      )}
    />
  );
}
