import { createContext, useContext, type ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  message: ReactNode;
  type: ToastType;
  /** Milliseconds until the toast removes itself; 0 keeps it until it is closed. */
  durationMs: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  showToast: (message: ReactNode, type?: ToastType, durationMs?: number) => string;
  dismissToast: (id: string) => void;
}

export const DEFAULT_TOAST_DURATION_MS = 3000;

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a <ToastProvider>.');
  return api;
}
