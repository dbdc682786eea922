import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { Page } from '../../../shared/api-types';
import type { RecommendationItem } from '../../../shared/temporary-api';
import type { TemporaryRecommendInvite } from '../../../generated/types';
import { temporaryApi } from '../../api/temporary-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 10;

/** Recommendations received through /tempActRecommendInvite, newest first (read only). */
export function TemporaryRecommendationsPanel() {
  const t = useKeyTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<RecommendationItem> | null>(null);
  useEffect(() => {
    temporaryApi.recommendations(pageNum, PAGE_SIZE).then(setPage, () => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [pageNum]);

  const records = page?.records ?? [];
  return (
    <Box sx={{ mt: 4 }} data-testid="temporary-recommendations">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('temporary.recommendations.title')}
      </Typography>
      {page && records.length === 0 && <Typography>{t('temporary.recommendations.empty')}</Typography>}
      {records.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('temporary.recommendations.title')}>
            <TableHead>
              <TableRow>
                {['recommender', 'invitee', 'activity', 'reason', 'at'].map((column) => (
                  <TableCell key={column}>{t(`temporary.recommendations.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((item) => {
                const document = item.document as unknown as TemporaryRecommendInvite;
                return (
                  <TableRow key={item.id} data-testid="temporary-recommendation-row">
                    <TableCell>{`${document.recommenderName} · ${document.recommenderOrganisation} · ${document.recommenderMobile}`}</TableCell>
                    <TableCell>{`${document.inviteeName} · ${document.inviteeOrganisation} · ${document.inviteePosition}`}</TableCell>
                    <TableCell>{document.activity}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-line', maxWidth: 320 }}>{document.reason}</TableCell>
                    <TableCell>{formatDateTime(item.createdAt)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
    </Box>
  );
}
