import { CircleCheck, CircleX, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_TOAST_DURATION_MS,
  ToastContext,
  type Toast,
  type ToastApi,
  type ToastType,
} from './use-toast.ts';

interface ToastLook {
  icon: LucideIcon;
  box: string;
  iconColor: string;
  closeColor: string;
}

const looks: Record<ToastType, ToastLook> = {
  success: {
    icon: CircleCheck,
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    iconColor: 'text-emerald-600',
    closeColor: 'text-emerald-800 hover:bg-emerald-100 hover:text-emerald-950',
  },
  error: {
    icon: CircleX,
    box: 'border-red-200 bg-red-50 text-red-900',
    iconColor: 'text-red-600',
    closeColor: 'text-red-800 hover:bg-red-100 hover:text-red-950',
  },
  warning: {
    icon: TriangleAlert,
    box: 'border-amber-300 bg-amber-50 text-amber-950',
    iconColor: 'text-amber-700',
    closeColor: 'text-amber-900 hover:bg-amber-100 hover:text-amber-950',
  },
  info: {
    icon: Info,
    box: 'border-slate-200 bg-white text-slate-900',
    iconColor: 'text-indigo-600',
    closeColor: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  },
};

const isAssertive = (type: ToastType) => type === 'error' || type === 'warning';

/** setTimeout treats delays above 2^31 - 1 ms as 1 ms, so such durations behave like "until closed". */
const MAX_TIMER_MS = 2_147_483_647;

function normaliseDuration(durationMs: number): number {
  return Number.isFinite(durationMs) && durationMs > 0 && durationMs <= MAX_TIMER_MS ? durationMs : 0;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismissToast = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback<ToastApi['showToast']>(
    (message, type = 'info', durationMs = DEFAULT_TOAST_DURATION_MS, options = {}) => {
      const id = crypto.randomUUID();
      setToasts((current) => [
        ...current,
        { id, message, type, durationMs: normaliseDuration(durationMs), action: options.action },
      ]);
      return id;
    },
    [],
  );

  // Stable, so components that only show toasts do not re-render whenever the stack changes.
  const api = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);

  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismissToast} />
    </ToastContext>
  );
}

/**
 * Both live regions are always in the DOM, because screen readers only announce changes to regions they already
 * know about. They use aria-live rather than role="status"/role="alert" so that an empty stack adds no status or
 * alert to the page (and the modal dialog's aria-hidden sweep skips aria-live elements, so toasts stay audible).
 */
function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  const { t } = useTranslation('ui');
  return (
    <section
      aria-label={t('toast.region')}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:left-auto sm:w-96 sm:p-4"
    >
      <ol
        aria-live="polite"
        aria-atomic="false"
        aria-relevant="additions text"
        className="flex flex-col gap-2"
      >
        {toasts
          .filter((toast) => !isAssertive(toast.type))
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </ol>
      <ol
        aria-live="assertive"
        aria-atomic="false"
        aria-relevant="additions text"
        className="flex flex-col gap-2 not-empty:mt-2"
      >
        {toasts
          .filter((toast) => isAssertive(toast.type))
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation('ui');
  const { id, durationMs, type, action } = toast;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remainingMs = useRef(durationMs);
  const paused = hovered || focused;

  useEffect(() => {
    if (durationMs === 0 || paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(id), remainingMs.current);
    return () => {
      window.clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [id, durationMs, paused, onDismiss]);

  const look = looks[type];
  const Icon = look.icon;
  return (
    <li
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-4 text-sm shadow-lg ${look.box}`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${look.iconColor}`} />
      <div className="min-w-0 flex-1 pt-0.5 break-words">
        <span className="sr-only">{t(`toast.type.${type}`)} </span>
        <div>{toast.message}</div>
      </div>
      {action && (
        <button
          type="button"
          aria-keyshortcuts={action.keyShortcut}
          onClick={() => {
            onDismiss(id);
            action.onAction();
          }}
          className={`-my-1 shrink-0 rounded-lg px-2 py-1 font-semibold underline underline-offset-2 transition-colors ${look.closeColor}`}
        >
          {action.label}
        </button>
      )}
      <button
        type="button"
        aria-label={t('toast.close')}
        onClick={() => onDismiss(id)}
        className={`-m-1 shrink-0 rounded-lg p-1.5 transition-colors ${look.closeColor}`}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
