import { vehicleConfig } from './unit-record-configs';
import { ContentRecordsScreen } from './ContentRecordsScreen';

/** /vehicles: the unit's vehicles for passes and parking (SPEC 2 vehicle management). */
export default function VehiclesScreen() {
  return <ContentRecordsScreen config={vehicleConfig} />;
}
