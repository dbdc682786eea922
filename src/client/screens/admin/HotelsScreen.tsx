import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useState } from 'react';
import type { HotelItem, ReceptionistItem } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { AddAndListSection } from './AddAndListSection';

/** /admin/hotels: the hotels and receptionists the reception editor picks from. */
export default function HotelsScreen() {
  const t = useKeyTranslation();
  const [hotels, setHotels] = useState<HotelItem[]>([]);
  const [staff, setStaff] = useState<ReceptionistItem[]>([]);
  const [hotelId, setHotelId] = useState('');

  const load = useCallback(() => {
    consoleApi.hotels().then(setHotels).catch(() => setHotels([]));
    consoleApi.receptionists().then(setStaff).catch(() => setStaff([]));
  }, []);
  useEffect(load, [load]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
      <AddAndListSection
        name="hotel"
        titleKey="console.hotels.hotels"
        schemaName="hotel"
        addLabelKey="console.hotels.addHotel"
        addedKey="console.hotels.hotelAdded"
        onAdd={(data) => consoleApi.saveHotel(null, data).then(load)}
        headerKeys={['console.schema.fields.hotelName', 'console.schema.fields.address', 'console.schema.fields.phone']}
        rows={hotels}
        cells={(hotel) => [hotel.name, hotel.address ?? '', hotel.phone ?? '']}
        onDelete={(hotel) => consoleApi.deleteHotel(hotel.id).then(load)}
      />
      <AddAndListSection
        name="receptionist"
        titleKey="console.hotels.receptionists"
        schemaName="receptionist"
        addLabelKey="console.hotels.addReceptionist"
        addedKey="console.hotels.receptionistAdded"
        beforeForm={
          <TextField select size="small" label={t('console.schema.fields.hotel')} value={hotelId} onChange={(event) => setHotelId(event.target.value)} sx={{ minWidth: 220, mb: 1 }}>
            <MenuItem value="">{t('console.hotels.stations')}</MenuItem>
            {hotels.map((hotel) => (
              <MenuItem key={hotel.id} value={hotel.id}>
                {hotel.name}
              </MenuItem>
            ))}
          </TextField>
        }
        onAdd={(data) => consoleApi.saveReceptionist(null, { ...data, hotelId: hotelId || undefined }).then(load)}
        headerKeys={['console.schema.fields.receptionistName', 'console.hotels.mobile', 'console.schema.fields.hotel']}
        rows={staff}
        cells={(person) => [person.name, person.mobile, person.hotelName ?? t('console.hotels.stations')]}
        onDelete={(person) => consoleApi.deleteReceptionist(person.id).then(load)}
      />
    </Box>
  );
}
