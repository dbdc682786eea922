import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import { answerConfirm, dismissToast, useFeedback } from './feedback-store';

/** Renders the toasts and the confirm dialog requested through the feedback store. */
export function FeedbackHost() {
  const { toasts, confirm } = useFeedback();
  const toast = toasts[0];
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
      <Dialog open={confirm !== null} onClose={() => answerConfirm(false)} aria-labelledby="confirm-title">
        {confirm && (
          <>
            <DialogTitle id="confirm-title">{confirm.title}</DialogTitle>
            <DialogContent>
              <DialogContentText>{confirm.message}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => answerConfirm(false)}>{confirm.cancelLabel}</Button>
              <Button variant="contained" onClick={() => answerConfirm(true)} autoFocus>
                {confirm.confirmLabel}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
