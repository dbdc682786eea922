import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SignUpItem, UnitActivityDetail } from '../../../shared/activity-api';
import { activityApi } from '../../api/activity-endpoints';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import type { ListHost } from '../../engine/list-actions';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { ActivityStateChip } from './ActivityStateChip';
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

  // the sign-ups are a part of the detail: the list shows them, its actions read the activity's state (hostFacts)
  const mySignUpsHost = useMemo<ListHost>(
    () => ({
      embedded: true,
      records: detail?.mySignUps ?? [],
      // the activity is the export's filter (its rows come with the detail)
      filters: { id },
      facts: { speakerActivity: detail?.document.speaker === true, activitySignUpState: detail?.signUpState ?? null },
      onEvent: (event, row) => {
        const item = detail?.mySignUps.find((signUp) => signUp.id === row?.id);
        if (event === 'materials' && item) setMaterialsOf(item);
      },
      // a cancelled sign-up may promote a waiting one: the whole detail is loaded again
      onChanged: load,
    }),
    [detail, load, id],
  );

  const reason = detail ? stateReason(detail, t) : null;
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
            <ReadOnlyDocument
              schemaName="activity"
              data={detail.document as unknown as Record<string, unknown>}
              hidden={['visibleGuestTypes']}
            />
            <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
              {t('activity.detail.mySignUps')}
            </Typography>
            <DeclaredList declaration={listDeclaration('activity-my-sign-ups')} host={mySignUpsHost} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('activity.common.close')}</Button>
        <Button
          variant="contained"
          disabled={!detail || detail.signUpState !== 'open'}
          onClick={() => setSigningUp(true)}
          data-testid="sign-up-open"
        >
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
