import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from '../../../shared/api-types';
import type { ActivityCategory, ActivitySummary } from '../../../shared/activity-api';
import { activityApi } from '../../api/activity-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { ActivityDetailDialog } from './ActivityDetailDialog';
import { ActivityStateChip } from './ActivityStateChip';
import { ACTIVITY_TABS } from './activity-tabs';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 10;

/**
 * /activity: the unit's activity sign-up with the four SPEC tabs. Each row opens the detail
 * (every field, the unit's sign-ups and waiting places, sign-up, cancel, speech materials).
 */
export default function ActivityScreen() {
  const t = useKeyTranslation();
  // the tab lives in the URL (?tab=city) so a reload, a shared link and Back keep it
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ActivityCategory = ACTIVITY_TABS.find((category) => category === requested) ?? ACTIVITY_TABS[0]!;
  const setTab = (category: ActivityCategory) => setSearchParams({ tab: category }, { replace: true });
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<ActivitySummary> | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const load = useCallback(() => {
    activityApi
      .unitPage({ pageNum, pageSize: PAGE_SIZE, category: tab })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [pageNum, tab]);
  useEffect(load, [load]);

  const records = page?.records ?? [];
  return (
    <Paper sx={{ p: 2 }}>
      <Tabs
        value={tab}
        onChange={(_event, value: ActivityCategory) => {
          setTab(value);
          setPageNum(1);
        }}
        variant="scrollable"
        aria-label={t('activity.unit.tabs')}
        sx={{ mb: 2 }}
      >
        {ACTIVITY_TABS.map((category) => (
          <Tab key={category} value={category} label={t(`schema.enums.activityCategory.${category}`)} data-testid={`activity-tab-${category}`} />
        ))}
      </Tabs>
      {records.length === 0 ? (
        <Typography sx={{ p: 2 }} data-testid="activity-empty">
          {t('activity.unit.empty')}
        </Typography>
      ) : (
        // on a phone the table scrolls inside the card, not the page (issue 19 item 10)
        <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t(`schema.enums.activityCategory.${tab}`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t('schema.fields.activityName')}</TableCell>
              <TableCell>{t('schema.fields.startTime')}</TableCell>
              <TableCell>{t('schema.fields.activityPlace')}</TableCell>
              <TableCell>{t('activity.unit.places')}</TableCell>
              <TableCell>{t('activity.unit.state')}</TableCell>
              <TableCell>{t('activity.unit.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((activity) => (
              <TableRow key={activity.id} data-testid="activity-row" data-activity-id={activity.id}>
                <TableCell>{activity.document.name}</TableCell>
                <TableCell>{formatDateTime(activity.document.startTime)}</TableCell>
                <TableCell>{activity.document.place}</TableCell>
                <TableCell>
                  {activity.memberLimit === null
                    ? t('activity.unit.countUnlimited', { count: activity.signedUpCount })
                    : t('activity.unit.count', { count: activity.signedUpCount, limit: activity.memberLimit, waiting: activity.waitingCount })}
                </TableCell>
                <TableCell>
                  <ActivityStateChip activity={activity} />
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setOpenId(activity.id)} data-testid="activity-open">
                    {t('activity.unit.open')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        </TableContainer>
      )}
      <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
      {openId && (
        <ActivityDetailDialog
          id={openId}
          onClose={() => {
            setOpenId(null);
            load();
          }}
        />
      )}
    </Paper>
  );
}
