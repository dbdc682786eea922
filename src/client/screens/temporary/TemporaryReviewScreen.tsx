import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { temporaryApi } from '../../api/temporary-endpoints';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import type { ListHost } from '../../engine/list-actions';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { filterFromSearch, searchFromFilter } from './temporary-filter-url';
import { TemporaryCodesPanel } from './TemporaryCodesPanel';
import { TemporaryFilterBar } from './TemporaryFilterBar';
import { TemporaryRecommendationsPanel } from './TemporaryRecommendationsPanel';

/**
 * /admin/temporary: organisers search the temporary registrations (ui-schemas/screens/temporary-review.json),
 * see each picture, approve or reject one or many (with a reason), and export the current filter to Excel.
 */
export default function TemporaryReviewScreen() {
  const t = useKeyTranslation();
  // the filter lives in the URL (issue 19 item 17): reload, links and Back keep it
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(searchParams), [searchParams]);
  const [selected, setSelected] = useState<string[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [reloadSignal, setReloadSignal] = useState(0);
  const host = useMemo<ListHost>(() => ({ filters: filter, reloadSignal, selection: { selected, onChange: setSelected } }), [filter, reloadSignal, selected]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper sx={{ p: 2 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('temporary.review.title')}
        </Typography>
        <TemporaryFilterBar key={filter.keyword ?? ''} filter={filter} onChange={(next) => setSearchParams(searchFromFilter(next), { replace: true })} />
        <DeclaredList declaration={listDeclaration('temporary-review')} host={host} />
        <Box sx={{ mt: 3, maxWidth: 640 }} data-testid="temporary-decision">
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('guest.review.decide')}
          </Typography>
          <WizardStepForm
            key={formKey}
            formId="temporary-decision-form"
            schemaName="review-decision"
            initial={{ ids: [], decision: 'approve' }}
            readOnly={false}
            onDraft={() => {}}
            onSubmit={async (data) => {
              // the selection lives in the list; the server answers "please select attendees" for none
              await temporaryApi.decide({ ...data, ids: selected });
              showToast(t('guest.review.done', { count: selected.length }), 'success', ERROR_TOAST_MS);
              setFormKey((key) => key + 1);
              setReloadSignal((count) => count + 1);
            }}
          >
            <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="temporary-submit">
              {t('guest.review.submit')}
            </Button>
          </WizardStepForm>
        </Box>
        <TemporaryCodesPanel />
        <TemporaryRecommendationsPanel />
      </Paper>
    </Box>
  );
}
