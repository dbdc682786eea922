import { unofficialGuestConfig } from './unit-record-configs';
import { AllUnitRecordsScreen } from './UnitRecordsScreen';

/** /admin/unofficialGuests: every unit's unofficial-activity guests (organisers). */
export default function AllUnofficialGuestsScreen() {
  return <AllUnitRecordsScreen config={unofficialGuestConfig} />;
}
