import { useTranslation } from 'react-i18next';
import { formatDateTime, timeAgo } from './date-format';

/** "5 minutes ago", with the full date as a tooltip. */
export function TimeAgoText({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const ago = timeAgo(iso);
  const text = ago.unit === 'justNow' ? t('time.justNow') : t(`time.${ago.unit}Ago`, { count: ago.count });
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {text}
    </time>
  );
}
