import { createContext, useContext, type ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** A button in the toast beside its text, such as Undo; pressing it also closes the toast. */
export interface ToastAction {
  label: string;
  onAction(): void;
  /** The key that does the same, for `aria-keyshortcuts` (e.g. "u"). */
  keyShortcut?: string;
}

export interface Toast {
  id: string;
  message: ReactNode;
  type: ToastType;
  /** Milliseconds until the toast removes itself; 0 keeps it until it is closed. */
  durationMs: number;
  action?: ToastAction;
}

export interface ToastOptions {
  action?: ToastAction;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  showToast: (message: ReactNode, type?: ToastType, durationMs?: number, options?: ToastOptions) => string;
  dismissToast: (id: string) => void;
}

export const DEFAULT_TOAST_DURATION_MS = 3000;

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a <ToastProvider>.');
  return api;
}
