import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ActivityCategory } from '../../../shared/activity-api';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import { useListHost } from '../../engine/use-list-host';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ActivityDetailDialog } from './ActivityDetailDialog';
import { ACTIVITY_TABS } from './activity-tabs';

/**
 * /activity: the unit's activity sign-up with the four SPEC tabs, each a page of the declared
 * list (ui-schemas/screens/unit-activities.json; cards on a phone). Each row opens the detail
 * (every field, the unit's sign-ups and waiting places, sign-up, cancel, speech materials).
 */
export default function ActivityScreen() {
  const t = useKeyTranslation();
  // the tab lives in the URL (?tab=city) so a reload, a shared link and Back keep it; a new tab starts at page 1
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ActivityCategory = ACTIVITY_TABS.find((category) => category === requested) ?? ACTIVITY_TABS[0]!;
  const [openId, setOpenId] = useState<string | null>(null);
  const filters = useMemo(() => ({ category: tab }), [tab]);
  const { host, reload } = useListHost({
    embedded: true,
    filters,
    onEvent: (event, row) => {
      if (event === 'open' && row) setOpenId(String(row.id));
    },
  });
  const closeDetail = useCallback(() => {
    setOpenId(null);
    reload();
  }, [reload]);

  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_event, value: ActivityCategory) => setSearchParams({ tab: value }, { replace: true })}
        variant="scrollable"
        aria-label={t('activity.unit.tabs')}
        sx={{ mb: 2 }}
      >
        {ACTIVITY_TABS.map((category) => (
          <Tab
            key={category}
            value={category}
            label={t(`schema.enums.activityCategory.${category}`)}
            data-testid={`activity-tab-${category}`}
          />
        ))}
      </Tabs>
      <DeclaredList declaration={listDeclaration('unit-activities')} host={host} />
      {openId && <ActivityDetailDialog id={openId} onClose={closeDetail} />}
    </Paper>
  );
}
