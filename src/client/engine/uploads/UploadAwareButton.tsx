import Button, { type ButtonProps } from '@mui/material/Button';
import { useUploadsBusy } from './upload-activity';

/**
 * A submit button that is disabled while any upload is being checked. It subscribes by itself:
 * the form around it must not re-render when uploads start or end (RJSF re-derives its state
 * from props on a re-render and loses what was typed since).
 */
export function UploadAwareButton(props: ButtonProps) {
  const uploading = useUploadsBusy();
  return <Button {...props} disabled={Boolean(props.disabled) || uploading} />;
}
