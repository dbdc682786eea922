import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { DoorArrivals } from '../../../shared/door-api';
import { doorApi } from '../../api/door-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { DeclaredList } from '../../engine/DeclaredList';
import { listDeclaration } from '../../engine/declaration-catalogue';

const EMBEDDED = { embedded: true };

/**
 * The door on the organisers' dashboard: check-ins against badges, per hour, and who has not
 * arrived (a declared list: ui-schemas/screens/door-absent.json, filtered, sorted, paged and exported as shown).
 */
export default function ArrivalFigures() {
  const tk = useKeyTranslation();
  const [arrivals, setArrivals] = useState<DoorArrivals | null>(null);

  useEffect(() => {
    let live = true;
    doorApi.arrivals().then(
      (figures) => {
        if (live) setArrivals(figures);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!arrivals || arrivals.badges === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="arrival-figures">
      <Typography component="h3" variant="subtitle1">
        {tk('console.dashboard.arrivals')}
      </Typography>
      <Typography sx={{ mb: 1 }} data-testid="arrival-count">
        {tk('console.dashboard.arrived', { arrived: arrivals.arrived, badges: arrivals.badges })}
      </Typography>
      {arrivals.perHour.length > 0 && (
        <>
          <Typography variant="subtitle2">{tk('console.dashboard.perHour')}</Typography>
          <Table size="small" sx={{ mb: 2 }}>
            <TableBody>
              {arrivals.perHour.map((hour) => (
                <TableRow key={hour.hour}>
                  <TableCell>{hour.hour}</TableCell>
                  <TableCell align="right">{hour.count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      {/* its total ("not arrived yet (n)") heads it */}
      <DeclaredList declaration={listDeclaration('door-absent')} host={EMBEDDED} />
    </Paper>
  );
}
