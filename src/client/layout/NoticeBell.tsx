import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { refreshUnreadCount } from '../session/session-actions';
import { useSession } from '../session/session-store';

/** Notice link with a dot while unread notices exist; the count is fetched when the header shows. */
export function NoticeBell() {
  const { t } = useTranslation();
  const unread = useSession((session) => session.unreadCount);
  useEffect(() => {
    void refreshUnreadCount();
  }, []);
  return (
    <IconButton
      component={RouterLink}
      to="/myNotice"
      color="inherit"
      aria-label={unread > 0 ? t('header.noticesUnread', { count: unread }) : t('header.notices')}
      data-testid="notice-link"
    >
      <Badge variant="dot" color="error" invisible={unread <= 0} data-testid={unread > 0 ? 'unread-dot' : undefined}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
