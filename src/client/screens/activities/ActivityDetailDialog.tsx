import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { SignUpItem, UnitActivityDetail } from '../../../shared/activity-api';
import { activityApi } from '../../api/activity-endpoints';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { askConfirm } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { ActivityStateChip, SignUpStatusText } from './ActivityStateChip';
import { SignUpDialog } from './SignUpDialog';
import { SpeechMaterialsDialog } from './SpeechMaterialsDialog';

/** Why sign-up is not possible now, as the server would answer it. */
function stateReason(detail: UnitActivityDetail, t: (key: string, params?: Record<string, unknown>) => string): string | null {
  switch (detail.signUpState) {
    case 'notOpen':
      return t('server.activities.notOpen', { start: formatDateTime(detail.document.signUpStart ?? '') });
    case 'ended':
      return t('server.activities.signUpEnded');
    case 'closed':
      return t('server.activities.closed');
    case 'deadlinePassed':
      return t('server.activities.deadlinePassed', { deadline: detail.deadline });
    default:
      return detail.full ? t('activity.detail.fullHint') : null;
  }
}

/** One activity: every field, the unit's sign-ups and waiting places, sign-up, cancel, speech materials. */
export function ActivityDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useKeyTranslation();
  const [detail, setDetail] = useState<UnitActivityDetail | null>(null);
  const [signingUp, setSigningUp] = useState(false);
  const [materialsOf, setMaterialsOf] = useState<SignUpItem | null>(null);

  const load = useCallback(() => {
    activityApi.unitActivity(id).then(setDetail).catch(onClose);
  }, [id, onClose]);
  useEffect(load, [load]);

  async function cancel(item: SignUpItem) {
    const confirmed = await askConfirm({
      title: t('activity.signUp.cancelTitle'),
      message: t('activity.signUp.cancelMessage', { name: item.personName }),
      confirmLabel: t('activity.signUp.cancel'),
      cancelLabel: t('activity.common.back'),
    });
    if (!confirmed) return;
    await activityApi.cancel(item.id).catch(() => undefined);
    load();
  }

  const reason = detail ? stateReason(detail, t) : null;
  const speakerActivity = detail?.document.speaker === true;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="activity-detail-title">
      <DialogTitle id="activity-detail-title">{detail?.document.name ?? t('activity.detail.title')}</DialogTitle>
      <DialogContent dividers data-testid="activity-detail">
        {!detail ? (
          <CircularProgress aria-label={t('activity.common.loading')} />
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
              <ActivityStateChip activity={detail} />
              <Typography data-testid="activity-counts">
                {detail.memberLimit === null
                  ? t('activity.unit.countUnlimited', { count: detail.signedUpCount })
                  : t('activity.unit.count', { count: detail.signedUpCount, limit: detail.memberLimit, waiting: detail.waitingCount })}
              </Typography>
              <Typography color="text.secondary">{t('activity.detail.deadline', { deadline: detail.deadline })}</Typography>
            </Box>
            {reason && (
              <Alert severity={detail.signUpState === 'open' ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="activity-reason">
                {reason}
              </Alert>
            )}
            <ReadOnlyDocument schemaName="activity" data={detail.document as unknown as Record<string, unknown>} hidden={['visibleGuestTypes']} />
            <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
              {t('activity.detail.mySignUps')}
            </Typography>
            {detail.mySignUps.length === 0 ? (
              <Typography data-testid="my-sign-ups-empty">{t('activity.detail.noSignUps')}</Typography>
            ) : (
              <Table size="small" aria-label={t('activity.detail.mySignUps')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('activity.detail.person')}</TableCell>
                    <TableCell>{t('activity.unit.state')}</TableCell>
                    <TableCell>{t('schema.fields.speechMaterials')}</TableCell>
                    <TableCell>{t('activity.unit.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.mySignUps.map((item) => (
                    <TableRow key={item.id} data-testid="my-sign-up" data-guest-id={item.guestId}>
                      <TableCell>{item.personName}</TableCell>
                      <TableCell>
                        <SignUpStatusText item={item} />
                      </TableCell>
                      <TableCell data-testid="materials-count">{t('activity.detail.materialsCount', { count: item.speechMaterials.length })}</TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', gap: 1 }}>
                          {speakerActivity && (
                            <Button size="small" onClick={() => setMaterialsOf(item)} disabled={detail.signUpState === 'deadlinePassed'} data-testid="materials-open">
                              {t('activity.materials.open')}
                            </Button>
                          )}
                          <Button size="small" color="error" onClick={() => void cancel(item)} disabled={detail.signUpState === 'deadlinePassed'} data-testid="sign-up-cancel">
                            {t('activity.signUp.cancel')}
                          </Button>
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('activity.common.close')}</Button>
        <Button variant="contained" disabled={!detail || detail.signUpState !== 'open'} onClick={() => setSigningUp(true)} data-testid="sign-up-open">
          {t('activity.signUp.add')}
        </Button>
      </DialogActions>
      {signingUp && detail && (
        <SignUpDialog
          activity={detail}
          onClose={(changed) => {
            setSigningUp(false);
            if (changed) load();
          }}
        />
      )}
      {materialsOf && (
        <SpeechMaterialsDialog
          item={materialsOf}
          onClose={(changed) => {
            setMaterialsOf(null);
            if (changed) load();
          }}
        />
      )}
    </Dialog>
  );
}
