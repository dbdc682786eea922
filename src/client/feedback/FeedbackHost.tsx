import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { lazy, Suspense } from 'react';
import { useNeededOnce } from '../util/use-needed-once';
import { dismissToast, useFeedback } from './feedback-store';

// MUI's dialog (modal, focus trap, backdrop) loads with the first confirmation, not with every
// page: the sign-in page never asks one, and its cold load is held to 200 kB
const ConfirmDialog = lazy(async () => ({ default: (await import('./ConfirmDialog')).ConfirmDialog }));

/** Renders the toasts and the confirm dialog requested through the feedback store. */
export function FeedbackHost() {
  const { toasts, confirm } = useFeedback();
  const toast = toasts[0];
  const confirmAsked = useNeededOnce(confirm !== null);
  return (
    <>
      {toast && (
        <Snackbar
          key={toast.id}
          open
          autoHideDuration={toast.durationMs}
          onClose={() => dismissToast(toast.id)}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        >
          <Alert severity={toast.severity} variant="filled" role="alert" data-testid="toast">
            {toast.message}
          </Alert>
        </Snackbar>
      )}
      {confirmAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog confirm={confirm} />
        </Suspense>
      )}
    </>
  );
}
