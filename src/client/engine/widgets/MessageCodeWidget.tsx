import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '../../../shared/api-paths';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { http } from '../../api/app-http-client';
import { showToast } from '../../feedback/feedback-store';
import type { FormRuntimeContext } from '../form-runtime-context';
import { TextFieldWithAction, type FieldWidgetProps } from './TextFieldWithAction';

/** Seconds before a new code may be requested (the server rate-limits as well). */
const RESEND_SECONDS = 60;

/**
 * Mobile/e-mail code input with a send button and a resend countdown. The account comes from
 * the sibling field named by `ui:options.accountField` (default `account`); `ui:options.scene`
 * is sent along when given.
 */
export function MessageCodeWidget(props: FieldWidgetProps) {
  const { t } = useTranslation();
  const context = props.registry.formContext as FormRuntimeContext;
  const accountField = typeof props.options.accountField === 'string' ? props.options.accountField : 'account';
  const scene = typeof props.options.scene === 'string' ? props.options.scene : undefined;
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  async function send() {
    const account = context.getFormData()[accountField];
    if (typeof account !== 'string' || account.trim() === '') {
      showToast(t('form.accountFirst'), 'warning', ERROR_TOAST_MS);
      return;
    }
    setSending(true);
    try {
      await http.request('post', apiPaths.sendMessageCode, { json: scene ? { account, scene } : { account } });
      showToast(t('form.codeSent'), 'success', ERROR_TOAST_MS);
      setSecondsLeft(RESEND_SECONDS);
    } catch {
      // the API client already showed the error
    } finally {
      setSending(false);
    }
  }

  return (
    <TextFieldWithAction
      widget={props}
      fieldProps={{ autoComplete: 'one-time-code' }}
      action={
        <Button
          variant="outlined"
          onClick={() => void send()}
          disabled={sending || secondsLeft > 0}
          sx={{ minWidth: 120, height: 56, whiteSpace: 'nowrap' }}
          data-testid="send-code"
        >
          {secondsLeft > 0 ? t('form.resendIn', { seconds: secondsLeft }) : t('form.sendCode')}
        </Button>
      }
    />
  );
}
