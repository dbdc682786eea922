import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { GuestDetail } from '../../../shared/guest-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** A guest's heading on their full record: the name (Chinese / English), then the unit and the attendance, and what a screen adds after them. */
export function GuestHeading({ guest, children }: { guest: GuestDetail; children?: ReactNode }) {
  const t = useKeyTranslation();
  return (
    <>
      <Typography component="h2" variant="h5">
        {guest.nameZh}
        {guest.nameEn ? ` / ${guest.nameEn}` : ''}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {guest.unitName} · {t(`guest.attendance.${guest.attendance}`)}
        {children}
      </Typography>
    </>
  );
}
