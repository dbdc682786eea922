import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ConsoleDashboard } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { navigateTo } from '../../router/navigator';
import ArrivalFigures from './ArrivalFigures';
import { figureGroups, perDayLink, type Figure } from './dashboard-figures';

function FigureLink({ figure, label }: { figure: Figure; label: string }) {
  const tk = useKeyTranslation();
  if (!figure.to) return <Typography component="span">{figure.count}</Typography>;
  return (
    <Link component={RouterLink} to={figure.to} aria-label={tk('console.dashboard.openList', { count: figure.count, label })}>
      {figure.count}
    </Link>
  );
}

/** The organisers' figures of the current edition; every number opens the list it counts. */
export default function OrganiserFigures() {
  const tk = useKeyTranslation();
  const [figures, setFigures] = useState<ConsoleDashboard | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    consoleApi.dashboard().then(
      (loaded) => live && setFigures(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  if (failed) return <Alert severity="warning">{tk('console.dashboard.failed')}</Alert>;
  if (!figures) return <Typography color="text.secondary">{tk('console.dashboard.loading')}</Typography>;
  return (
    <Box data-testid="organiser-figures">
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {tk('console.dashboard.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {tk('console.dashboard.guests')}:{' '}
        <Link component={RouterLink} to="/admin/guests" data-testid="figure-guests">
          {figures.guests}
        </Link>
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {figureGroups(figures).map((group) => (
          <Paper key={group.titleKey} variant="outlined" sx={{ p: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
              {tk(group.titleKey)}
            </Typography>
            {group.figures.length === 0 ? (
              <Typography color="text.secondary">{tk('console.dashboard.none')}</Typography>
            ) : (
              <Table size="small">
                <TableBody>
                  {group.figures.map((figure) => {
                    const label = tk(figure.labelKey);
                    return (
                      <TableRow key={figure.labelKey} data-testid="figure">
                        <TableCell>{label}</TableCell>
                        <TableCell align="right">
                          <FigureLink figure={figure} label={label} />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </Paper>
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="figures-per-day">
        <Typography component="h3" variant="subtitle1">
          {tk('console.dashboard.perDay')}
        </Typography>
        {figures.perDay.length === 0 ? (
          <Typography color="text.secondary">{tk('console.dashboard.none')}</Typography>
        ) : (
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: figures.perDay.map((day) => day.key ?? '') }]}
            series={[{ data: figures.perDay.map((day) => day.count), label: tk('console.dashboard.guests') }]}
            onItemClick={(_event, item) => {
              const day = figures.perDay[item.dataIndex]?.key;
              if (day) navigateTo(perDayLink(day));
            }}
          />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
          {tk('console.dashboard.activities')}
        </Typography>
        {figures.activities.length === 0 ? (
          <Typography color="text.secondary">{tk('console.dashboard.none')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{tk('console.dashboard.activity')}</TableCell>
                <TableCell align="right">{tk('console.dashboard.limit')}</TableCell>
                <TableCell align="right">{tk('console.dashboard.signedUp')}</TableCell>
                <TableCell align="right">{tk('console.dashboard.waiting')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {figures.activities.map((activity) => (
                <TableRow key={activity.id} data-testid="activity-fill">
                  <TableCell>
                    <Link component={RouterLink} to="/admin/activities">
                      {activity.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{activity.limit ?? tk('console.dashboard.unlimited')}</TableCell>
                  <TableCell align="right">{activity.signedUp}</TableCell>
                  <TableCell align="right">{activity.waiting}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <ArrivalFigures />
    </Box>
  );
}
