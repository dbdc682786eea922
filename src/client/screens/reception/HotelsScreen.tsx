import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback, useMemo, useState } from 'react';
import type { HotelItem } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import type { ListHost } from '../../engine/list-actions';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { AddAndListSection } from './AddAndListSection';

/**
 * /admin/hotels: the hotels and receptionists the reception editor picks from (declared lists
 * ui-schemas/screens/hotels.json and receptionists.json). Any change reloads both: a receptionist
 * shows its hotel's name.
 */
export default function HotelsScreen() {
  const t = useKeyTranslation();
  const [hotels, setHotels] = useState<HotelItem[]>([]);
  const [hotelId, setHotelId] = useState('');
  const [reloadSignal, setReloadSignal] = useState(0);
  const reload = useCallback(() => setReloadSignal((count) => count + 1), []);
  const listHost = useMemo<ListHost>(() => ({ reloadSignal, onChanged: reload }), [reloadSignal, reload]);
  // the receptionists' hotel choice is the hotel list as loaded
  const hotelHost = useMemo<ListHost>(
    () => ({ ...listHost, onLoaded: (records) => setHotels(records as unknown as HotelItem[]) }),
    [listHost],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <AddAndListSection
        name="hotel"
        titleKey="console.hotels.hotels"
        schemaName="hotel"
        addLabelKey="console.hotels.addHotel"
        addedKey="console.hotels.hotelAdded"
        onAdd={(data) => consoleApi.saveHotel(null, data).then(reload)}
        list="hotels"
        host={hotelHost}
      />
      <AddAndListSection
        name="receptionist"
        titleKey="console.hotels.receptionists"
        schemaName="receptionist"
        addLabelKey="console.hotels.addReceptionist"
        addedKey="console.hotels.receptionistAdded"
        beforeForm={
          <TextField
            select
            size="small"
            label={t('console.schema.fields.hotel')}
            value={hotelId}
            onChange={(event) => setHotelId(event.target.value)}
            sx={{ minWidth: 220, maxWidth: '100%', mb: 1 }}
          >
            <MenuItem value="">{t('console.hotels.stations')}</MenuItem>
            {hotels.map((hotel) => (
              <MenuItem key={hotel.id} value={hotel.id}>
                {hotel.name}
              </MenuItem>
            ))}
          </TextField>
        }
        onAdd={(data) => consoleApi.saveReceptionist(null, { ...data, hotelId: hotelId || undefined }).then(reload)}
        list="receptionists"
        host={listHost}
      />
    </Box>
  );
}
