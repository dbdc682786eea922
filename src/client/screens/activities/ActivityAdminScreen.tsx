import Paper from '@mui/material/Paper';
import { useCallback, useState } from 'react';
import type { ActivitySummary } from '../../../shared/activity-api';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import { useListHost } from '../../engine/use-list-host';
import { ActivityFormDialog } from './ActivityFormDialog';
import { ActivityRosterDialog } from './ActivityRosterDialog';

/**
 * /admin/activities: organisers create, edit, publish and close activities (ui-schemas/screens/activity-admin.json);
 * the roster dialog holds the waiting list, the assignment and the export.
 */
export default function ActivityAdminScreen() {
  const [editing, setEditing] = useState<ActivitySummary | 'new' | null>(null);
  const [rosterOf, setRosterOf] = useState<string | null>(null);
  const { host, reload } = useListHost({
    embedded: true,
    onEvent: (event, row) => {
      const activity = row as unknown as ActivitySummary | null;
      if (event === 'roster' && activity) setRosterOf(activity.id);
      else setEditing(event === 'edit' && activity ? activity : 'new');
    },
  });
  const closeRoster = useCallback(() => {
    setRosterOf(null);
    reload();
  }, [reload]);

  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      <DeclaredList declaration={listDeclaration('activity-admin')} host={host} />
      {editing && (
        <ActivityFormDialog
          activity={editing === 'new' ? null : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) reload();
          }}
        />
      )}
      {rosterOf && <ActivityRosterDialog id={rosterOf} onClose={closeRoster} />}
    </Paper>
  );
}
