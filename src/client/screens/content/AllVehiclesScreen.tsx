import { vehicleConfig } from './unit-record-configs';
import { AllUnitRecordsScreen } from './UnitRecordsScreen';

/** /admin/vehicles: every unit's vehicles (organisers). */
export default function AllVehiclesScreen() {
  return <AllUnitRecordsScreen config={vehicleConfig} />;
}
