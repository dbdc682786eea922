import { unofficialGuestConfig } from './unit-record-configs';
import { UnitRecordsScreen } from './UnitRecordsScreen';

/** /unofficialGuests: guests of the unit's unofficial (side) activities. */
export default function UnofficialGuestsScreen() {
  return <UnitRecordsScreen config={unofficialGuestConfig} />;
}
