import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import type { Page } from '../../../shared/api-types';
import type { AuditLogItem } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 20;

interface Filters {
  action: string;
  targetType: string;
  actor: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { action: '', targetType: '', actor: '', from: '', to: '' };

/** A changed value as a person reads it: "field: before → after" per changed field. */
function changes(before: unknown, after: unknown): string[] {
  const asObject = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
  const show = (value: unknown) => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
  const b = asObject(before);
  const a = asObject(after);
  if (!b && !a) return before === null && after === null ? [] : [`${show(before)} → ${show(after)}`];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.filter((key) => show(b?.[key]) !== show(a?.[key])).map((key) => `${key}: ${show(b?.[key])} → ${show(a?.[key])}`);
}

/** /admin/audit: who changed what, when and why, with readable targets and before/after values; filterable. */
export default function AuditLogScreen() {
  const t = useKeyTranslation();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<AuditLogItem> | null>(null);
  useEffect(() => {
    let live = true;
    consoleApi
      .auditPage({ ...filters, pageNum, pageSize: PAGE_SIZE })
      .then((result) => live && setPage(result))
      .catch(() => live && setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
    return () => {
      live = false;
    };
  }, [filters, pageNum]);
  // actions the client has no label for yet are shown as the server names them
  const label = (key: string, fallback: string) => {
    const text = t(key);
    return text === key ? fallback : text;
  };
  const field = (name: keyof Filters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPageNum(1);
    setFilters(draft);
  };
  if (!page) return null;
  return (
    <Paper sx={{ p: 2 }}>
      <Box component="form" role="search" aria-label={t('console.schema.titles.auditFilterQuery')} onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField size="small" label={t('console.schema.fields.action')} placeholder="guest.approve" slotProps={{ htmlInput: { maxLength: 60 } }} {...field('action')} />
        <TextField size="small" label={t('console.schema.fields.targetType')} placeholder="guest" slotProps={{ htmlInput: { maxLength: 40 } }} {...field('targetType')} />
        <TextField size="small" label={t('console.schema.fields.actor')} slotProps={{ htmlInput: { maxLength: 100 } }} {...field('actor')} />
        <TextField size="small" type="date" label={t('console.schema.fields.from')} slotProps={{ inputLabel: { shrink: true } }} {...field('from')} />
        <TextField size="small" type="date" label={t('console.schema.fields.to')} slotProps={{ inputLabel: { shrink: true } }} {...field('to')} />
        <Button type="submit" variant="contained">
          {t('console.search.submit')}
        </Button>
      </Box>
      {page.records.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('guest.audit.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('guest.audit.title')} data-testid="audit-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('guest.audit.at')}</TableCell>
              <TableCell>{t('guest.audit.actor')}</TableCell>
              <TableCell>{t('guest.audit.action')}</TableCell>
              <TableCell>{t('guest.audit.target')}</TableCell>
              <TableCell>{t('console.audit.changes')}</TableCell>
              <TableCell>{t('guest.audit.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page.records.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-row">
                <TableCell>{formatDateTime(entry.at)}</TableCell>
                <TableCell>{entry.actorAccount}</TableCell>
                <TableCell>{label(`guest.audit.actions.${entry.action}`, label(`console.audit.actions.${entry.action}`, entry.action))}</TableCell>
                <TableCell>
                  {label(`console.audit.targets.${entry.targetType}`, entry.targetType)}: {entry.targetLabel ?? entry.targetId}
                </TableCell>
                <TableCell>
                  {changes(entry.before, entry.after).map((line) => (
                    <Box key={line} sx={{ fontSize: 13, wordBreak: 'break-word' }}>
                      {line}
                    </Box>
                  ))}
                </TableCell>
                <TableCell>{entry.reason ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PagePagination total={page.total} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
    </Paper>
  );
}
