import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { answerConfirm, type ConfirmRequest } from './feedback-store';

/** The confirm dialog the feedback store asks for (askConfirm); closed while `confirm` is null. */
export function ConfirmDialog({ confirm }: { confirm: ConfirmRequest | null }) {
  return (
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
  );
}
