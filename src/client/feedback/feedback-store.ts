import { useSyncExternalStore } from 'react';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  durationMs: number;
}

export interface ConfirmRequest {
  id: number;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  resolve: (confirmed: boolean) => void;
}

interface FeedbackState {
  toasts: Toast[];
  confirm: ConfirmRequest | null;
}

let state: FeedbackState = { toasts: [], confirm: null };
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: FeedbackState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Shows a toast; it disappears after `durationMs` (the host closes it). */
export function showToast(message: string, severity: ToastSeverity, durationMs: number): void {
  emit({ ...state, toasts: [...state.toasts, { id: nextId++, message, severity, durationMs }] });
}

export function dismissToast(id: number): void {
  emit({ ...state, toasts: state.toasts.filter((toast) => toast.id !== id) });
}

/** Opens a confirm dialog; resolves true on confirm. A second request while one is open shares its answer. */
export function askConfirm(request: Omit<ConfirmRequest, 'id' | 'resolve'>): Promise<boolean> {
  if (state.confirm) {
    const open = state.confirm;
    return new Promise((resolve) => {
      const previous = open.resolve;
      open.resolve = (answer) => {
        previous(answer);
        resolve(answer);
      };
    });
  }
  return new Promise((resolve) => {
    emit({ ...state, confirm: { ...request, id: nextId++, resolve } });
  });
}

export function answerConfirm(confirmed: boolean): void {
  const open = state.confirm;
  if (!open) return;
  emit({ ...state, confirm: null });
  open.resolve(confirmed);
}

export function getFeedback(): FeedbackState {
  return state;
}

export function useFeedback(): FeedbackState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
