import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { AdminActivityDetail } from '../../../shared/activity-api';
import type { ReviewItem } from '../../../shared/guest-api';
import { activityApi } from '../../api/activity-endpoints';
import { guestApi } from '../../api/guest-endpoints';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** Roster and waiting list (each sorted and exported, audited, through its declared list) and (invited activities) the assigned guests. */
export function ActivityRosterDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useKeyTranslation();
  const [detail, setDetail] = useState<AdminActivityDetail | null>(null);
  const [approved, setApproved] = useState<ReviewItem[]>([]);
  const [assigned, setAssigned] = useState<string[]>([]);

  const load = useCallback(() => {
    activityApi
      .adminActivity(id)
      .then((result) => {
        setDetail(result);
        setAssigned(result.assignedGuests.map((guest) => guest.guestId));
      })
      .catch(onClose);
  }, [id, onClose]);
  useEffect(load, [load]);
  useEffect(() => {
    if (detail?.category !== 'invited') return;
    guestApi
      .reviewPage({ pageNum: '1', pageSize: '100', status: 'approved' })
      .then((page) => setApproved(page.records))
      .catch(() => setApproved([]));
  }, [detail?.category]);

  async function saveAssignments() {
    await activityApi.assign(id, assigned);
    showToast(t('activity.admin.assigned'), 'success', 3000);
    load();
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="roster-title">
      <DialogTitle id="roster-title">{t('activity.admin.rosterOf', { name: detail?.document.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {!detail ? (
          <CircularProgress aria-label={t('activity.common.loading')} />
        ) : (
          <>
            <Typography sx={{ mb: 1 }} data-testid="roster-counts">
              {detail.memberLimit === null
                ? t('activity.unit.countUnlimited', { count: detail.signedUpCount })
                : t('activity.unit.count', { count: detail.signedUpCount, limit: detail.memberLimit, waiting: detail.waitingCount })}
            </Typography>
            <Typography component="h2" variant="h6">
              {t('activity.export.signedUpSheet')}
            </Typography>
            <DeclaredList
              declaration={listDeclaration('activity-roster')}
              host={{ embedded: true, records: detail.signedUp, filters: { id } }}
            />
            <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
              {t('activity.export.waitingSheet')}
            </Typography>
            <DeclaredList
              declaration={listDeclaration('activity-waiting')}
              host={{ embedded: true, records: detail.waiting, filters: { id } }}
            />
            {detail.category === 'invited' && (
              <Box sx={{ mt: 3 }} data-testid="assignments">
                <Typography component="h2" variant="h6">
                  {t('activity.fields.assignedGuests')}
                </Typography>
                {approved.length === 0 && <Typography>{t('activity.admin.noApproved')}</Typography>}
                {approved.map((guest) => (
                  <FormControlLabel
                    key={guest.id}
                    label={`${guest.nameZh} · ${guest.unitName}`}
                    control={
                      <Checkbox
                        checked={assigned.includes(guest.id)}
                        onChange={() =>
                          setAssigned((current) =>
                            current.includes(guest.id) ? current.filter((item) => item !== guest.id) : [...current, guest.id],
                          )
                        }
                      />
                    }
                  />
                ))}
                <Box>
                  <Button variant="outlined" onClick={() => void saveAssignments()} data-testid="assignments-save">
                    {t('activity.admin.saveAssignments')}
                  </Button>
                </Box>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('activity.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
