import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { HotelItem, ReceptionistItem } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** /admin/hotels: the hotels and receptionists the reception editor picks from. */
export default function HotelsScreen() {
  const t = useKeyTranslation();
  const [hotels, setHotels] = useState<HotelItem[]>([]);
  const [staff, setStaff] = useState<ReceptionistItem[]>([]);
  const [hotelKey, setHotelKey] = useState(0);
  const [staffKey, setStaffKey] = useState(0);
  const [hotelId, setHotelId] = useState('');

  const load = useCallback(() => {
    consoleApi.hotels().then(setHotels).catch(() => setHotels([]));
    consoleApi.receptionists().then(setStaff).catch(() => setStaff([]));
  }, []);
  useEffect(load, [load]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="hotels-title">
        <Typography component="h2" variant="h6" id="hotels-title" sx={{ mb: 1 }}>
          {t('console.hotels.hotels')}
        </Typography>
        <WizardStepForm key={hotelKey} formId="hotel-form" schemaName="hotel" initial={{}} readOnly={false} onDraft={() => {}}
          onSubmit={async (data) => {
            await consoleApi.saveHotel(null, data);
            setHotelKey((key) => key + 1);
            load();
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="hotel-add">
            {t('console.hotels.addHotel')}
          </Button>
        </WizardStepForm>
        <Table size="small" aria-label={t('console.hotels.hotels')} sx={{ mt: 2 }} data-testid="hotels-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('console.schema.fields.hotelName')}</TableCell>
              <TableCell>{t('console.schema.fields.address')}</TableCell>
              <TableCell>{t('console.schema.fields.phone')}</TableCell>
              <TableCell>{t('guest.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {hotels.map((hotel) => (
              <TableRow key={hotel.id} data-testid="hotel-row">
                <TableCell>{hotel.name}</TableCell>
                <TableCell>{hotel.address ?? ''}</TableCell>
                <TableCell>{hotel.phone ?? ''}</TableCell>
                <TableCell>
                  <Button size="small" color="error" onClick={() => void consoleApi.deleteHotel(hotel.id).then(load)}>
                    {t('console.hotels.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="staff-title">
        <Typography component="h2" variant="h6" id="staff-title" sx={{ mb: 1 }}>
          {t('console.hotels.receptionists')}
        </Typography>
        <TextField select size="small" label={t('console.schema.fields.hotel')} value={hotelId} onChange={(event) => setHotelId(event.target.value)} sx={{ minWidth: 220, mb: 1 }}>
          <MenuItem value="">{t('console.hotels.stations')}</MenuItem>
          {hotels.map((hotel) => (
            <MenuItem key={hotel.id} value={hotel.id}>
              {hotel.name}
            </MenuItem>
          ))}
        </TextField>
        <WizardStepForm key={staffKey} formId="receptionist-form" schemaName="receptionist" initial={{}} readOnly={false} onDraft={() => {}}
          onSubmit={async (data) => {
            await consoleApi.saveReceptionist(null, { ...data, hotelId: hotelId || undefined });
            setStaffKey((key) => key + 1);
            load();
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="receptionist-add">
            {t('console.hotels.addReceptionist')}
          </Button>
        </WizardStepForm>
        <Table size="small" aria-label={t('console.hotels.receptionists')} sx={{ mt: 2 }} data-testid="receptionists-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('console.schema.fields.receptionistName')}</TableCell>
              <TableCell>{t('console.hotels.mobile')}</TableCell>
              <TableCell>{t('console.schema.fields.hotel')}</TableCell>
              <TableCell>{t('guest.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {staff.map((person) => (
              <TableRow key={person.id} data-testid="receptionist-row">
                <TableCell>{person.name}</TableCell>
                <TableCell>{person.mobile}</TableCell>
                <TableCell>{person.hotelName ?? t('console.hotels.stations')}</TableCell>
                <TableCell>
                  <Button size="small" color="error" onClick={() => void consoleApi.deleteReceptionist(person.id).then(load)}>
                    {t('console.hotels.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
