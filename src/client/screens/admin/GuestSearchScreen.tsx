import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Page } from '../../../shared/api-types';
import type { ConsoleGuestItem } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { GuestStatus } from '../guests/GuestStatus';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 20;
const STATUSES = ['', 'pending', 'approved', 'rejected'] as const;

interface Filters {
  name: string;
  unitName: string;
  status: string;
  inviteCode: string;
  arrivalDate: string;
}
const EMPTY: Filters = { name: '', unitName: '', status: '', inviteCode: '', arrivalDate: '' };

/** /admin/guests: guests of every unit, searched by name, unit, status, code and arrival date. */
export default function GuestSearchScreen() {
  const t = useKeyTranslation();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<ConsoleGuestItem> | null>(null);

  useEffect(() => {
    let live = true;
    consoleApi
      .guestSearch({ ...filters, pageNum, pageSize: PAGE_SIZE })
      .then((result) => live && setPage(result))
      .catch(() => live && setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
    return () => {
      live = false;
    };
  }, [filters, pageNum]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPageNum(1);
    setFilters(draft);
  };
  const field = (name: keyof Filters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <Paper sx={{ p: 2 }}>
      <Box component="form" role="search" aria-label={t('console.search.title')} onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField size="small" label={t('console.schema.fields.name')} slotProps={{ htmlInput: { maxLength: 100 } }} {...field('name')} data-testid="search-name" />
        <TextField size="small" label={t('console.schema.fields.unitName')} slotProps={{ htmlInput: { maxLength: 200 } }} {...field('unitName')} />
        <TextField select size="small" label={t('guest.list.status')} sx={{ minWidth: 140 }} {...field('status')}>
          {STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status ? t(`guest.status.${status}`) : t('console.search.any')}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={t('console.schema.fields.code')} slotProps={{ htmlInput: { maxLength: 32 } }} {...field('inviteCode')} />
        <TextField size="small" type="date" label={t('console.schema.fields.arrivalDate')} slotProps={{ inputLabel: { shrink: true } }} {...field('arrivalDate')} />
        <Button type="submit" variant="contained" data-testid="search-submit">
          {t('console.search.submit')}
        </Button>
        <Button type="button" onClick={() => { setDraft(EMPTY); setFilters(EMPTY); setPageNum(1); }}>
          {t('console.search.reset')}
        </Button>
      </Box>
      {page && (
        <Typography sx={{ mb: 1 }} data-testid="search-total">
          {t('console.search.total', { count: page.total })}
        </Typography>
      )}
      {page && page.records.length > 0 && (
        <Table size="small" aria-label={t('console.search.title')} data-testid="search-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('guest.list.name')}</TableCell>
              <TableCell>{t('guest.review.unit')}</TableCell>
              <TableCell>{t('guest.list.status')}</TableCell>
              <TableCell>{t('guest.review.inviteCode')}</TableCell>
              <TableCell>{t('console.schema.fields.arrivalDate')}</TableCell>
              <TableCell>{t('guest.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page.records.map((item) => (
              <TableRow key={item.id} data-testid="search-row">
                <TableCell>
                  {item.nameZh}
                  {item.nameEn ? ` / ${item.nameEn}` : ''}
                </TableCell>
                <TableCell>{item.unitName}</TableCell>
                <TableCell>
                  <GuestStatus guest={item} />
                </TableCell>
                <TableCell>{item.inviteCode ?? ''}</TableCell>
                <TableCell>{item.arrivalDate ?? ''}</TableCell>
                <TableCell>
                  <Button size="small" component={RouterLink} to={`/admin/guests/${item.id}`} data-testid="search-open">
                    {t('console.record.open')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
    </Paper>
  );
}
