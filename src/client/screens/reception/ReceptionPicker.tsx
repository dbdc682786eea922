import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { ReceptionistItem } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import receptionSchema from '../../../generated/schemas/reception.json';
import { limitAt } from '../../../shared/schema-limits';

// the station typed here becomes the place of a reception point
const PLACE_MAX_LENGTH = limitAt(receptionSchema, '/definitions/receptionPoint/properties/place', 'maxLength');

export interface ReceptionPoint {
  place: string;
  receptionistName: string;
  receptionistPhone: string;
}

/**
 * Picks a receptionist from the organisers' list (/admin/hotels): one of a hotel goes to the
 * hotels with the hotel's name as the place; one of the stations goes to the stations at the
 * station typed here. The reception keeps the values as text.
 */
export function ReceptionPicker({ onPick }: { onPick: (kind: 'hotels' | 'stations', point: ReceptionPoint) => void }) {
  const t = useKeyTranslation();
  const [staff, setStaff] = useState<ReceptionistItem[]>([]);
  const [chosen, setChosen] = useState('');
  const [station, setStation] = useState('');
  useEffect(() => {
    let live = true;
    consoleApi
      .receptionists()
      .then((list) => live && setStaff(list))
      .catch(() => live && setStaff([]));
    return () => {
      live = false;
    };
  }, []);
  const person = staff.find((item) => item.id === chosen);
  const atStation = person !== undefined && person.hotelName === null;
  const pick = () => {
    if (!person) return;
    const point = {
      place: atStation ? station.trim() : (person.hotelName ?? ''),
      receptionistName: person.name,
      receptionistPhone: person.mobile,
    };
    onPick(atStation ? 'stations' : 'hotels', point);
    setChosen('');
    setStation('');
  };
  if (staff.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }} data-testid="reception-picker">
      <TextField
        select
        size="small"
        label={t('console.hotels.pickReceptionist')}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        sx={{ minWidth: 260 }}
      >
        {staff.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name} · {item.hotelName ?? t('console.hotels.stations')}
          </MenuItem>
        ))}
      </TextField>
      {atStation && (
        <TextField
          size="small"
          label={t('console.schema.fields.station')}
          value={station}
          onChange={(event) => setStation(event.target.value)}
          slotProps={{ htmlInput: { maxLength: PLACE_MAX_LENGTH } }}
        />
      )}
      <Button
        size="small"
        variant="outlined"
        disabled={!person || (atStation && station.trim() === '')}
        onClick={pick}
        data-testid="reception-pick"
      >
        {t('console.reception.add')}
      </Button>
    </Box>
  );
}
