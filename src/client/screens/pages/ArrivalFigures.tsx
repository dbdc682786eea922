import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { DoorAbsentPage, DoorArrivals } from '../../../shared/door-api';
import { doorApi } from '../../api/door-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';

const ABSENT_SHOWN = 50;

/** The door on the organisers' dashboard: check-ins against badges, per hour, and who has not arrived. */
export default function ArrivalFigures() {
  const tk = useKeyTranslation();
  const [arrivals, setArrivals] = useState<DoorArrivals | null>(null);
  const [absent, setAbsent] = useState<DoorAbsentPage | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([doorApi.arrivals(), doorApi.absent(1, ABSENT_SHOWN)]).then(
      ([figures, page]) => {
        if (!live) return;
        setArrivals(figures);
        setAbsent(page);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!arrivals || !absent || arrivals.badges === 0) return null;
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
      <Typography variant="subtitle2">{tk('console.dashboard.absent', { count: absent.total })}</Typography>
      <Table size="small">
        <TableBody>
          {absent.records.map((person, index) => (
            <TableRow key={`${person.unitName}-${person.nameZh}-${index}`} data-testid="absent-person">
              <TableCell>
                {person.nameZh}
                {person.nameEn ? ` (${person.nameEn})` : ''}
                {person.entourage ? ` · ${tk('console.dashboard.entourage')}` : ''}
              </TableCell>
              <TableCell>{person.unitName}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
