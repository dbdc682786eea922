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
import type { Page } from '../../../../shared/api-types';
import { activityStatuses, type ActivityCategory, type ActivityStatus, type ActivitySummary } from '../../../../shared/activity-api';
import { activityApi } from '../../../api/activity-endpoints';
import { useKeyTranslation } from '../../../i18n/use-key-translation';
import { formatDateTime } from '../../../util/date-format';
import { ACTIVITY_TABS } from '../../activities/activity-tabs';
import { ActivityFormDialog } from './ActivityFormDialog';
import { ActivityRosterDialog } from './ActivityRosterDialog';
import { PagePagination } from '../../../util/PagePagination';

const PAGE_SIZE = 20;
const STATUSES = activityStatuses;
const ALL = '';

/** /admin/activities: organisers create, edit, publish and close activities; roster, waiting list, assignment, export. */
export default function ActivityAdminScreen() {
  const t = useKeyTranslation();
  const [category, setCategory] = useState<ActivityCategory | typeof ALL>(ALL);
  const [status, setStatus] = useState<ActivityStatus | typeof ALL>(ALL);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<ActivitySummary> | null>(null);
  const [editing, setEditing] = useState<ActivitySummary | 'new' | null>(null);
  const [rosterOf, setRosterOf] = useState<string | null>(null);

  const load = useCallback(() => {
    activityApi
      .adminPage({ pageNum, pageSize: PAGE_SIZE, category: category || undefined, status: status || undefined })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [pageNum, category, status]);
  useEffect(load, [load]);

  async function change(action: 'publish' | 'close', id: string) {
    await activityApi[action](id).catch(() => undefined);
    load();
  }

  const records = page?.records ?? [];
  return (
    <Paper sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('activity.admin.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select size="small" label={t('schema.fields.activityCategory')} value={category} sx={{ minWidth: 200 }} onChange={(event) => { setPageNum(1); setCategory(event.target.value as ActivityCategory); }}>
          <MenuItem value={ALL}>{t('activity.admin.all')}</MenuItem>
          {ACTIVITY_TABS.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`schema.enums.activityCategory.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('activity.fields.status')} value={status} sx={{ minWidth: 140 }} onChange={(event) => { setPageNum(1); setStatus(event.target.value as ActivityStatus); }}>
          <MenuItem value={ALL}>{t('activity.admin.all')}</MenuItem>
          {STATUSES.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`activity.status.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => setEditing('new')} data-testid="activity-new">
          {t('activity.admin.create')}
        </Button>
      </Box>
      {records.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('activity.unit.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('activity.admin.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('schema.fields.activityName')}</TableCell>
              <TableCell>{t('schema.fields.activityCategory')}</TableCell>
              <TableCell>{t('schema.fields.startTime')}</TableCell>
              <TableCell>{t('activity.fields.status')}</TableCell>
              <TableCell>{t('activity.unit.places')}</TableCell>
              <TableCell>{t('activity.unit.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((activity) => (
              <TableRow key={activity.id} data-testid="admin-activity-row" data-activity-id={activity.id}>
                <TableCell>{activity.document.name}</TableCell>
                <TableCell>{t(`schema.enums.activityCategory.${activity.category}`)}</TableCell>
                <TableCell>{formatDateTime(activity.document.startTime)}</TableCell>
                <TableCell data-testid="admin-activity-status">{t(`activity.status.${activity.status}`)}</TableCell>
                <TableCell>
                  {activity.memberLimit === null
                    ? t('activity.unit.countUnlimited', { count: activity.signedUpCount })
                    : t('activity.unit.count', { count: activity.signedUpCount, limit: activity.memberLimit, waiting: activity.waitingCount })}
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    <Button size="small" onClick={() => setEditing(activity)} data-testid="activity-edit">
                      {t('activity.admin.edit')}
                    </Button>
                    {activity.status !== 'published' && (
                      <Button size="small" onClick={() => void change('publish', activity.id)} data-testid="activity-publish">
                        {t('activity.admin.publish')}
                      </Button>
                    )}
                    {activity.status === 'published' && (
                      <Button size="small" onClick={() => void change('close', activity.id)} data-testid="activity-close">
                        {t('activity.admin.close')}
                      </Button>
                    )}
                    <Button size="small" onClick={() => setRosterOf(activity.id)} data-testid="activity-roster">
                      {t('activity.admin.roster')}
                    </Button>
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
      {editing && (
        <ActivityFormDialog
          activity={editing === 'new' ? null : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) load();
          }}
        />
      )}
      {rosterOf && <ActivityRosterDialog id={rosterOf} onClose={() => { setRosterOf(null); load(); }} />}
    </Paper>
  );
}
