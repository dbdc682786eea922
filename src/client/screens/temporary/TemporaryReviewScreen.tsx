import Paper from '@mui/material/Paper';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { temporaryApi } from '../../api/temporary-endpoints';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import { useListHost } from '../../engine/use-list-host';
import { ReviewDecisionForm } from '../guests/ReviewDecisionForm';
import { filterFromSearch, listOrderOf, searchFromFilter } from './temporary-filter-url';
import { TemporaryCodesPanel } from './TemporaryCodesPanel';
import { TemporaryFilterBar } from './TemporaryFilterBar';
import { TemporaryRecommendationsPanel } from './TemporaryRecommendationsPanel';

/**
 * /admin/temporary: organisers search the temporary registrations (ui-schemas/screens/temporary-review.json),
 * see each picture, approve or reject one or many (with a reason), and export the current filter to Excel.
 */
export default function TemporaryReviewScreen() {
  // the filter lives in the URL: reload, links and Back keep it
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(searchParams), [searchParams]);
  const [selected, setSelected] = useState<string[]>([]);
  const { host, reload } = useListHost({ embedded: true, filters: filter, selection: { selected, onChange: setSelected } });

  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      <TemporaryFilterBar
        key={filter.keyword ?? ''}
        filter={filter}
        onChange={(next) => setSearchParams((current) => ({ ...searchFromFilter(next), ...listOrderOf(current) }), { replace: true })}
      />
      <DeclaredList declaration={listDeclaration('temporary-review')} host={host} />
      <ReviewDecisionForm name="temporary" selected={selected} decide={(decision) => temporaryApi.decide(decision)} onDone={reload} />
      <TemporaryCodesPanel />
      <TemporaryRecommendationsPanel />
    </Paper>
  );
}
