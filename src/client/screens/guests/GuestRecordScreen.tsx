import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { GuestDetail } from '../../../shared/guest-api';
import type { RecordUpgradeData } from '../../../shared/record-upgrade-api';
import { guestApi } from '../../api/guest-endpoints';
import { recordUpgradeApi } from '../../api/record-upgrade-endpoints';
import { openInCurrentVersion } from '../../engine/record-upgrade';
import { RecordUpgradeNotice } from '../../engine/RecordUpgradeNotice';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { EntourageSection, ReceptionSection, type RevealGuestField } from './GuestTravelSections';
import { GuestHeading } from './GuestHeading';
import { GuestStatus } from './GuestStatus';
import { RegistrationStepSections } from './RegistrationSection';
import { EntourageConsentList, GuestConsentLine } from './ConsentRecordLines';
import { GuestDecisionSection } from './GuestDecisionSection';
import { GuestUpgradeFixSection } from './GuestUpgradeFixSection';

/** /admin/guests/:id: a guest's full record for organisers (from the search or the review queue). */
export default function GuestRecordScreen() {
  const t = useKeyTranslation();
  const { id = '' } = useParams();
  const [detail, setDetail] = useState<GuestDetail | null>(null);
  // a guest saved under an older form version: the note, and the fix of what the current one flags
  const [upgrade, setUpgrade] = useState<RecordUpgradeData | null>(null);
  const [failed, setFailed] = useState(false);
  // a decision reloads the record: its status and reason come from the server
  const [loads, setLoads] = useState(0);
  const reload = useCallback(() => setLoads((count) => count + 1), []);
  useEffect(() => {
    let live = true;
    guestApi
      .adminGuest(id)
      .then(async (loaded) => {
        const opened = await openInCurrentVersion('guest', loaded, () => recordUpgradeApi.adminGuest(id));
        if (!live) return;
        setUpgrade(opened.upgrade);
        setDetail(loaded);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [id, loads]);

  if (failed) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!detail) return <CircularProgress aria-label={t('common.loading')} />;
  const reveal: RevealGuestField = async (kind, memberId, pointer) =>
    (await guestApi.adminRevealGuestField(detail.id, kind, memberId, pointer)).value;
  return (
    <Box sx={{ maxWidth: 880 }} data-testid="guest-record">
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box>
          <GuestHeading guest={detail}>{detail.inviteCode ? ` · ${t('guest.review.inviteCode')} ${detail.inviteCode}` : ''}</GuestHeading>
          <GuestStatus guest={detail} />
          <GuestConsentLine consent={detail.idNumberConsent} />
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to="/admin/guests" size="small">
              {t('console.record.back')}
            </Button>
          </Box>
        </Box>
      </Paper>
      <RecordUpgradeNotice upgrade={upgrade} />
      <GuestDecisionSection guest={detail} onDecided={reload} />
      <RegistrationStepSections
        guest={detail}
        testIdPrefix="record"
        reveal={async (field) => (await guestApi.adminRevealGuestField(detail.id, field)).value}
        basic={
          upgrade?.problems.length ? (
            <GuestUpgradeFixSection key={loads} guestId={detail.id} upgrade={upgrade} onSaved={reload} />
          ) : undefined
        }
      />
      <EntourageSection detail={detail} testId="record-entourage" reveal={reveal}>
        <EntourageConsentList members={detail.entourage} />
      </EntourageSection>
      <ReceptionSection detail={detail} testId="record-reception" reveal={reveal} />
    </Box>
  );
}
