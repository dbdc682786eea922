import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { GuestDetail } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { EntourageSection, ReceptionSection, type RevealGuestField } from './GuestTravelSections';
import { EpidemicPreventionPanel } from './EpidemicPreventionPanel';
import { GuestActions } from './GuestActions';
import { GuestHeading } from './GuestHeading';
import { GuestStatus } from './GuestStatus';
import { PhotoChangePanel } from './PhotoChangePanel';
import { RegistrationSection } from './RegistrationSection';
import { isFilled } from '../../util/filled-document';

/** /guests/:id: everything about one guest, read-only, reception included; photo change when approved. */
export default function GuestDetailScreen() {
  const t = useKeyTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<GuestDetail | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    guestApi
      .guest(id)
      .then(setDetail)
      .catch(() => setFailed(true));
  }, [id]);
  useEffect(load, [load]);

  if (failed) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!detail) return <CircularProgress aria-label={t('common.loading')} />;
  const reveal: RevealGuestField = async (kind, memberId, pointer) =>
    (await guestApi.revealGuestField(detail.id, kind, memberId, pointer)).value;

  const none = <Typography color="text.secondary">{t('guest.view.notFilled')}</Typography>;
  return (
    <Box sx={{ maxWidth: 880 }} data-testid="guest-detail">
      <Paper sx={{ p: 2, mb: 2 }}>
        <GuestHeading guest={detail} />
        <GuestStatus guest={detail} />
        <Box sx={{ mt: 1 }}>
          <GuestActions
            guest={detail}
            showDetail={false}
            onChanged={(action) => (action === 'deregister' ? navigate('/guests') : load())}
          />
        </Box>
      </Paper>
      <RegistrationSection titleKey="guest.steps.basic" testId="detail-basic">
        <ReadOnlyDocument schemaName="guest" data={detail.document} />
        {detail.status === 'approved' && (
          <Box sx={{ mt: 2 }}>
            <PhotoChangePanel guestId={detail.id} onChanged={load} />
          </Box>
        )}
      </RegistrationSection>
      <RegistrationSection titleKey="guest.steps.intention" testId="detail-intention">
        {isFilled(detail.intention) ? <ReadOnlyDocument schemaName="attendance-intention" data={detail.intention} /> : none}
      </RegistrationSection>
      <EntourageSection detail={detail} testId="detail-entourage" reveal={reveal} />
      <RegistrationSection titleKey="guest.steps.itinerary" testId="detail-itinerary">
        {isFilled(detail.itinerary) ? <ReadOnlyDocument schemaName="itinerary" data={detail.itinerary} /> : none}
      </RegistrationSection>
      <ReceptionSection detail={detail} testId="detail-reception" reveal={reveal} />
      <RegistrationSection titleKey="wish.epidemic.title" testId="detail-epidemic">
        <EpidemicPreventionPanel guest={detail} />
      </RegistrationSection>
    </Box>
  );
}
