import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { UnitActivityDetail } from '../../../shared/activity-api';
import type { EntourageItem, GuestSummary } from '../../../shared/guest-api';
import { envelopeMessage } from '../../api/failure-policy';
import { ApiError } from '../../api/api-error';
import { activityApi } from '../../api/activity-endpoints';
import { guestApi } from '../../api/guest-endpoints';
import { SchemaForm } from '../../engine/SchemaForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';

const SELF = '';

/**
 * Signs an approved guest (or one of the guest's entourage members, where the activity allows it)
 * up. Refusals (not approved, not open, guest type, not assigned...) are shown with the reason.
 */
export function SignUpDialog({ activity, onClose }: { activity: UnitActivityDetail; onClose: (changed: boolean) => void }) {
  const t = useKeyTranslation();
  const [guests, setGuests] = useState<GuestSummary[] | null>(null);
  const [guestId, setGuestId] = useState('');
  const [members, setMembers] = useState<EntourageItem[]>([]);
  const [memberId, setMemberId] = useState(SELF);
  const [reason, setReason] = useState<string | null>(null);
  // a refusal is about the person it was given for: picking another one drops it
  const pickGuest = (id: string) => {
    setGuestId(id);
    setReason(null);
  };
  const pickMember = (id: string) => {
    setMemberId(id);
    setReason(null);
  };

  useEffect(() => {
    // every guest is listed; the server refuses the ones not approved, with the reason
    guestApi
      .guestPage({ pageNum: 1, pageSize: 100 })
      .then((page) => {
        const usable =
          activity.category === 'invited' ? page.records.filter((guest) => activity.assignedGuestIds.includes(guest.id)) : page.records;
        setGuests(usable);
        setGuestId(usable.find((guest) => guest.status === 'approved')?.id ?? usable[0]?.id ?? '');
      })
      .catch(() => setGuests([]));
  }, [activity]);

  useEffect(() => {
    setMemberId(SELF);
    setMembers([]);
    if (!guestId || !activity.document.allowEntourage) return;
    guestApi
      .entourage(guestId)
      .then(setMembers)
      .catch(() => setMembers([]));
  }, [guestId, activity]);

  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth aria-labelledby="sign-up-title">
      <DialogTitle id="sign-up-title">{t('activity.signUp.title', { name: activity.document.name })}</DialogTitle>
      <DialogContent dividers>
        {activity.full && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="sign-up-full">
            {t('activity.detail.fullHint')}
          </Alert>
        )}
        {guests !== null && guests.length === 0 ? (
          <Typography data-testid="sign-up-no-guests">
            {t(activity.category === 'invited' ? 'activity.signUp.noAssigned' : 'activity.signUp.noGuests')}
          </Typography>
        ) : (
          <>
            <TextField
              select
              fullWidth
              size="small"
              label={t('activity.signUp.guest')}
              value={guestId}
              onChange={(event) => pickGuest(event.target.value)}
              sx={{ mb: 2, mt: 1 }}
              data-testid="sign-up-guest"
            >
              {(guests ?? []).map((guest) => (
                <MenuItem key={guest.id} value={guest.id}>
                  {guest.nameZh} ({t(`guest.status.${guest.status}`)})
                </MenuItem>
              ))}
            </TextField>
            {activity.document.allowEntourage && members.length > 0 && (
              <TextField
                select
                fullWidth
                size="small"
                label={t('activity.signUp.person')}
                value={memberId}
                onChange={(event) => pickMember(event.target.value)}
                sx={{ mb: 2 }}
                data-testid="sign-up-member"
              >
                <MenuItem value={SELF}>{t('activity.signUp.theGuest')}</MenuItem>
                {members.map((member) => (
                  <MenuItem key={member.id} value={member.id}>
                    {String(member.document.nameZh ?? '')}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {reason && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="sign-up-reason">
                {reason}
              </Alert>
            )}
            {guestId && (
              <SchemaForm
                key={`${guestId}/${memberId}`}
                formId="activity-sign-up-form"
                schemaName="activity-sign-up"
                // only speaker activities ask for the speaker flag and speech materials
                uiSchemaName={activity.document.speaker ? 'activity-sign-up' : 'activity-sign-up-plain'}
                initial={{ activityId: activity.id, guestId }}
                onData={() => setReason(null)}
                onSubmit={async (data) => {
                  try {
                    const result = await activityApi.signUp({ ...data, activityId: activity.id, guestId, memberId: memberId || undefined });
                    showToast(
                      result.status === 'waiting'
                        ? t('activity.signUp.waiting', { position: result.waitingPosition ?? '' })
                        : t('activity.signUp.signedUp'),
                      result.status === 'waiting' ? 'warning' : 'success',
                      4000,
                    );
                    onClose(true);
                  } catch (error) {
                    if (error instanceof ApiError && !error.envelope?.fieldErrors?.length)
                      setReason(envelopeMessage(error.envelope) || error.message);
                    throw error;
                  }
                }}
              >
                <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="sign-up-submit">
                  {t('activity.signUp.submit')}
                </Button>
              </SchemaForm>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('activity.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
