import { contentApi } from '../../api/content-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { useSession } from '../../session/session-store';
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

const organiserConfig: ContentRecordsConfig = {
  ...config,
  reveal: async (id, field) => (await contentApi.adminRevealField('historical-guest', id, field)).value,
};

/** /historicalGuests: guests of sessions 1 to 5 with their unit and inviter (ui-schemas/screens/historical-guests.json). */
export default function HistoricalGuestsScreen() {
  const t = useKeyTranslation();
  // units read the catalogue masked; organisers may show a value (audited)
  const organiser = useSession((session) => session.userType) === 'organiser';
  return (
    <ContentRecordsScreen
      config={organiser ? organiserConfig : config}
      filter={(filters, setFilters) => (
        <FilterSelect
          label={t('content.historical.session')}
          value={filters.session ?? ''}
          allLabel={t('content.common.allSessions')}
          testId="session-filter"
          options={SESSIONS.map((value) => ({ value, label: t('content.common.sessionN', { session: value }) }))}
          onChange={(session) => setFilters({ ...filters, session })}
        />
      )}
    />
  );
}
