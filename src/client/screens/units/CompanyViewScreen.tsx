import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UnitOverview } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';

function Figure({ labelKey, value, testId }: { labelKey: string; value: number | string; testId: string }) {
  const t = useKeyTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 140 }}>
      <Typography variant="body2" color="text.secondary">
        {t(labelKey)}
      </Typography>
      <Typography variant="h5" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

/** /unit/overview: the company view — the unit, its guests by status and attendance, the edition's dates. */
export default function CompanyViewScreen() {
  const t = useKeyTranslation();
  const [overview, setOverview] = useState<UnitOverview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    guestApi
      .unitOverview()
      .then(setOverview)
      .catch(() => setFailed(true));
  }, []);
  if (failed) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!overview) return <CircularProgress aria-label={t('common.loading')} />;
  const { unit, edition, guests, attendance } = overview;
  // the edition's stored name is free text (the demo's is English): the sentence uses the
  // summit's name in the UI language
  return (
    <Box sx={{ maxWidth: 880 }} data-testid="company-view">
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h5">
          {unit.name}
        </Typography>
        <Typography color="text.secondary">{t(`schema.enums.unitType.${unit.unitType}`)}</Typography>
        <Typography sx={{ mt: 1 }}>
          {t('guest.overview.edition', {
            name: `${edition.year} ${t('app.summitName')}`,
            start: edition.conferenceStart,
            end: edition.conferenceEnd,
            deadline: edition.itineraryDeadline,
          })}
        </Typography>
        {!edition.addGuestGate.open && edition.addGuestGate.reasonKey && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="overview-add-guest-gate">
            {t(edition.addGuestGate.reasonKey, edition.addGuestGate.reasonParams)}
          </Alert>
        )}
      </Paper>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Figure labelKey="guest.overview.total" value={guests.total} testId="overview-total" />
        <Figure labelKey="guest.status.pending" value={guests.pending} testId="overview-pending" />
        <Figure labelKey="guest.status.approved" value={guests.approved} testId="overview-approved" />
        <Figure labelKey="guest.status.rejected" value={guests.rejected} testId="overview-rejected" />
        <Figure labelKey="guest.attendance.attending" value={attendance.attending} testId="overview-attending" />
        <Figure labelKey="guest.overview.entourage" value={overview.entourageTotal} testId="overview-entourage" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button variant="contained" component={RouterLink} to="/guests">
          {t('guest.list.title')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/unit">
          {t('guest.unit.title')}
        </Button>
      </Box>
    </Box>
  );
}
