import { vehicleConfig } from './unit-record-configs';
import { UnitRecordsScreen } from './UnitRecordsScreen';

/** /vehicles: the unit's vehicles for passes and parking (SPEC 2 vehicle management). */
export default function VehiclesScreen() {
  return <UnitRecordsScreen config={vehicleConfig} />;
}
