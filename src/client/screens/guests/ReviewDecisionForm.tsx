import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { SchemaForm } from '../../engine/SchemaForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';

interface ReviewDecisionFormProps {
  /** names the form (`<name>-decision-form`) and its test ids (`<name>-decision`, `<name>-submit`) */
  name: 'review' | 'temporary';
  /** the ids checked in the list beside the form */
  selected: string[];
  decide: (decision: Record<string, unknown>) => Promise<unknown>;
  /** after the decision was taken (the list reloads) */
  onDone: () => void;
}

/**
 * Approve, or reject with a reason, the rows selected in a review list (the review-decision form;
 * the server answers "please select attendees" for none). The form starts again after each decision.
 */
export function ReviewDecisionForm({ name, selected, decide, onDone }: ReviewDecisionFormProps) {
  const t = useKeyTranslation();
  const [formKey, setFormKey] = useState(0);
  return (
    <Box sx={{ mt: 3, maxWidth: 640 }} data-testid={`${name}-decision`}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('guest.review.decide')}
      </Typography>
      <SchemaForm
        key={formKey}
        formId={`${name}-decision-form`}
        schemaName="review-decision"
        initial={{ ids: [], decision: 'approve' }}
        onSubmit={async (data) => {
          // the selection lives in the list
          await decide({ ...data, ids: selected });
          showToast(t('guest.review.done', { count: selected.length }), 'success', ERROR_TOAST_MS);
          setFormKey((key) => key + 1);
          onDone();
        }}
      >
        <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid={`${name}-submit`}>
          {t('guest.review.submit')}
        </Button>
      </SchemaForm>
    </Box>
  );
}
