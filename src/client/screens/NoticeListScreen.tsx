import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { NoticeItem, Page } from '../../shared/api-types';
import { api } from '../api/endpoints';
import { formatDateTime } from '../util/date-format';
import { TimeAgoText } from '../util/TimeAgoText';
import { PagePagination } from '../util/PagePagination';

const PAGE_SIZE = 10;

/** My notices, newest first, each with its read status. */
export default function NoticeListScreen() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<NoticeItem> | null>(null);

  useEffect(() => {
    let live = true;
    api
      .myNoticePage(pageNum, PAGE_SIZE)
      .then((result) => live && setPage(result))
      .catch(() => live && setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
    return () => {
      live = false;
    };
  }, [pageNum]);

  if (!page) return null;
  return (
    <Paper sx={{ p: 2 }}>
      {page.records.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('notices.empty')}</Typography>
      ) : (
        <List data-testid="notice-list">
          {page.records.map((notice) => (
            <ListItem key={notice.id} disablePadding divider>
            <ListItemButton component={RouterLink} to={`/myNotice/${notice.id}`} state={{ notice }}>
              <ListItemText
                primary={notice.title}
                secondary={
                  <>
                    {formatDateTime(notice.releaseTime)} · <TimeAgoText iso={notice.releaseTime} />
                  </>
                }
              />
              <Chip
                size="small"
                label={notice.read ? t('notices.read') : t('notices.unread')}
                color={notice.read ? 'default' : 'primary'}
                data-testid={notice.read ? 'notice-read' : 'notice-unread'}
              />
            </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <PagePagination total={page.total} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
    </Paper>
  );
}
