import { unofficialGuestConfig } from './unit-record-configs';
import { ContentRecordsScreen } from './ContentRecordsScreen';

/** /unofficialGuests: guests of the unit's unofficial (side) activities. */
export default function UnofficialGuestsScreen() {
  return <ContentRecordsScreen config={unofficialGuestConfig} />;
}
