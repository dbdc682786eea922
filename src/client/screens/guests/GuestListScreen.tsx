import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AuditStatus, GateDecision, GuestPage } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { GuestActions } from './GuestActions';
import { GuestStatus } from './GuestStatus';
import { auditStatuses } from '../../../shared/schema-enums';
import { PagePagination } from '../../util/PagePagination';
import { ServerGate } from '../../util/ServerGate';
import guestPageQuery from '../../../generated/schemas/guest-page-query.json';
import { limitAt } from '../../../shared/schema-limits';

const PAGE_SIZE = 10;
const STATUSES = auditStatuses;
const NAME_MAX_LENGTH = limitAt(guestPageQuery, '/properties/name', 'maxLength');

/** /guests: the unit's guests of the current edition, with their status and actions. */
export default function GuestListScreen() {
  const t = useKeyTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<AuditStatus | ''>('');
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<GuestPage | null>(null);
  const [addGuestGate, setAddGuestGate] = useState<GateDecision | null>(null);
  useEffect(() => {
    // a failed load keeps the add off, saying so beside the button
    guestApi
      .currentEdition()
      .then((edition) => setAddGuestGate(edition.addGuestGate))
      .catch(() => setAddGuestGate({ open: false, reasonKey: 'guest.gates.unknown' }));
  }, []);

  const load = useCallback(() => {
    guestApi
      .guestPage({ pageNum, pageSize: PAGE_SIZE, status: status || undefined, name: query || undefined })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [pageNum, status, query]);
  useEffect(load, [load]);

  return (
    <Paper sx={{ p: 2 }}>
      <Box component="form" role="search" sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}
        onSubmit={(event) => {
          event.preventDefault();
          setPageNum(1);
          setQuery(name.trim());
        }}
      >
        <TextField size="small" label={t('guest.list.searchName')} value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }} />
        <TextField select size="small" label={t('guest.list.status')} value={status} sx={{ minWidth: 140 }}
          onChange={(event) => {
            setPageNum(1);
            setStatus(event.target.value as AuditStatus | '');
          }}
        >
          <MenuItem value="">{t('guest.list.allStatuses')}</MenuItem>
          {STATUSES.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`guest.status.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined">
          {t('guest.list.search')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {/* until the edition is loaded the add stays off: the server decides whether it is open */}
        <ServerGate gate={addGuestGate ?? { open: false }} reasonShown="text" testId="add-guest-reason">
          {(gate) =>
            gate.disabled ? (
              <Button variant="contained" {...gate} data-testid="add-guest">
                {t('guest.list.add')}
              </Button>
            ) : (
              <Button variant="contained" component={RouterLink} to="/guests/new" data-testid="add-guest">
                {t('guest.list.add')}
              </Button>
            )
          }
        </ServerGate>
      </Box>
      {page && page.records.length === 0 && <Typography sx={{ p: 2 }}>{t('guest.list.empty')}</Typography>}
      {/* phones scroll the table sideways instead of squeezing its columns */}
      {page && page.records.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('guest.list.title')} data-testid="guest-table" sx={{ minWidth: 760, '& th, & td': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('guest.list.name')}</TableCell>
                <TableCell>{t('guest.list.idNumber')}</TableCell>
                <TableCell>{t('guest.list.status')}</TableCell>
                <TableCell>{t('guest.list.attendance')}</TableCell>
                <TableCell>{t('guest.list.entourage')}</TableCell>
                <TableCell>{t('guest.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.records.map((guest) => (
                <TableRow key={guest.id} data-testid="guest-row" data-guest-id={guest.id}>
                  <TableCell>
                    {guest.nameZh}
                    {guest.nameEn ? ` / ${guest.nameEn}` : ''}
                  </TableCell>
                  <TableCell data-testid="masked-id">{guest.idNumberMasked}</TableCell>
                  <TableCell>
                    <GuestStatus guest={guest} />
                  </TableCell>
                  <TableCell>{t(`guest.attendance.${guest.attendance}`)}</TableCell>
                  <TableCell>{guest.entourageCount}</TableCell>
                  <TableCell>
                    <GuestActions guest={guest} onChanged={load} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
    </Paper>
  );
}
