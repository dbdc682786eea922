import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { Page } from '../../../shared/api-types';
import type { AuditEntry } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';

const PAGE_SIZE = 20;

/** /admin/audit: who decided what, when and why (newest first). */
export default function AuditLogScreen() {
  const t = useKeyTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<AuditEntry> | null>(null);
  useEffect(() => {
    guestApi
      .auditPage(pageNum, PAGE_SIZE)
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [pageNum]);
  // actions the client has no label for yet are shown as the server names them
  const actionLabel = (action: string) => {
    const key = `guest.audit.actions.${action}`;
    const label = t(key);
    return label === key ? action : label;
  };
  if (!page) return null;
  return (
    <Paper sx={{ p: 2 }}>
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
              <TableCell>{t('guest.audit.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page.records.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-row">
                <TableCell>{formatDateTime(entry.at)}</TableCell>
                <TableCell>{entry.actorAccount}</TableCell>
                <TableCell>{actionLabel(entry.action)}</TableCell>
                <TableCell>
                  {entry.targetType} {entry.targetId}
                </TableCell>
                <TableCell>{entry.reason ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {page.total > PAGE_SIZE && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={Math.ceil(page.total / PAGE_SIZE)} page={pageNum} onChange={(_event, value) => setPageNum(value)} />
        </Box>
      )}
    </Paper>
  );
}
