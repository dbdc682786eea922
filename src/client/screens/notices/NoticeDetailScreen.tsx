import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import type { NoticeItem } from '../../../shared/api-types';
import { api } from '../../api/endpoints';
import { navigateTo } from '../../router/navigator';
import { refreshUnreadCount } from '../../session/session-actions';
import { formatDateTime } from '../../util/date-format';

const SEARCH_PAGE_SIZE = 100;

/** There is no detail call (SPEC section 7): find the notice in my pages. */
async function findNotice(id: string): Promise<NoticeItem | undefined> {
  for (let pageNum = 1; pageNum <= 50; pageNum++) {
    const page = await api.myNoticePage(pageNum, SEARCH_PAGE_SIZE);
    const found = page.records.find((notice) => notice.id === id);
    if (found || page.records.length < SEARCH_PAGE_SIZE) return found;
  }
  return undefined;
}

/** Notice detail; reading it marks it read and updates the unread count. */
export default function NoticeDetailScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  // the notice bell passes `notice`, the declared notice list its `row`
  const state = location.state as { notice?: NoticeItem; row?: NoticeItem } | null;
  const passed = state?.notice ?? state?.row;
  const [notice, setNotice] = useState<NoticeItem | undefined>(passed?.id === id ? passed : undefined);

  useEffect(() => {
    let live = true;
    (async () => {
      const found = notice ?? (await findNotice(id));
      if (!live) return;
      if (!found) {
        navigateTo('/404', { replace: true });
        return;
      }
      setNotice(found);
      if (!found.read) {
        await api.readNotice(found.id);
        await refreshUnreadCount();
      }
    })().catch(() => undefined);
    return () => {
      live = false;
    };
    // load once per notice id
  }, [id]);

  if (!notice) return null;
  return (
    <Paper sx={{ p: 3 }} component="article" data-testid="notice-detail">
      <Typography component="h2" variant="h6">
        {notice.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('notices.releasedAt', { time: formatDateTime(notice.releaseTime) })}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="body1" sx={{ whiteSpace: 'pre-line' }}>
        {notice.content}
      </Typography>
      <Button component={RouterLink} to="/myNotice" sx={{ mt: 3 }}>
        {t('notices.backToList')}
      </Button>
    </Paper>
  );
}
