import { ERROR_TOAST_MS } from '../../shared/constants';
import type { Envelope } from '../../shared/envelope';
import type { ApiError } from './api-error';

/** Side effects the policy needs; the app wires real ones, unit tests wire spies. */
export interface FailurePorts {
  t: (key: string) => string;
  toastError: (message: string, durationMs: number) => void;
  confirm: (request: { title: string; message: string; confirmLabel: string; cancelLabel: string }) => Promise<boolean>;
  navigate: (path: string) => void;
  /** forgets the local session (the signed-in marker) */
  clearToken: () => void;
  reload: () => void;
}

export interface FailureContext {
  /** true for getMasterInfo: a 401 there never prompts (SPEC section 8) */
  exemptFromAuthPrompt: boolean;
  /** true when a session was open; an anonymous 401 (wrong password) is a plain error */
  authenticated: boolean;
}

/** Text of an error envelope: data when it carries text (arrays joined by commas), else msg. */
export function envelopeMessage(envelope: Envelope | undefined): string {
  if (!envelope) return '';
  const { data, msg } = envelope;
  if (Array.isArray(data) && data.length > 0) return data.map(String).join(',');
  if (typeof data === 'string' && data.length > 0) return data;
  return msg ?? '';
}

/** SPEC section 8: what the user sees for a failed call. */
export async function applyFailurePolicy(error: ApiError, context: FailureContext, ports: FailurePorts): Promise<void> {
  if (error.kind === 'timeout') {
    ports.toastError(ports.t('api.timeout'), ERROR_TOAST_MS);
    return;
  }
  if (error.kind === 'network') {
    ports.toastError(ports.t('api.networkError'), ERROR_TOAST_MS);
    return;
  }
  const message = envelopeMessage(error.envelope) || error.message;
  switch (error.code) {
    case 401: {
      if (context.exemptFromAuthPrompt) return;
      if (!context.authenticated) {
        ports.toastError(message, ERROR_TOAST_MS);
        return;
      }
      const confirmed = await ports.confirm({
        title: ports.t('api.reloginTitle'),
        message,
        confirmLabel: ports.t('api.relogin'),
        cancelLabel: ports.t('common.cancel'),
      });
      if (confirmed) {
        ports.clearToken();
        ports.reload();
      }
      return;
    }
    case 403:
      ports.navigate('/403');
      return;
    case 404:
      ports.navigate('/404');
      return;
    default:
      ports.toastError(message, ERROR_TOAST_MS);
  }
}
