import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { CheckIcon, CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from '../../icons/icons';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export type ToastInput = {
  message: ReactNode;
  title?: ReactNode;
  tone?: ToastTone;
  /** Auto-dismiss after this many ms; null or 0 keeps it until dismissed. Default: the provider's. */
  durationMs?: number | null;
  /** Optional action, e.g. a small Button ('Undo'). */
  action?: ReactNode;
  /** Give an id to replace an existing toast with the same id. */
  id?: string;
};

export type ToastItem = Required<Pick<ToastInput, 'message' | 'tone' | 'id'>> &
  Pick<ToastInput, 'title' | 'action'> & { durationMs: number | null };

export type ToastApi = {
  /** Shows a toast and returns its id. */
  push: (toast: ToastInput) => string;
  dismiss: (id: string) => void;
  clear: () => void;
};

export type ToastProviderProps = {
  children?: ReactNode;
  /** Most toasts shown at once; the oldest go first. Default 3. */
  max?: number;
  /** Default auto-dismiss in ms for toasts that do not say (null = stay). Default 5000; errors stay. */
  defaultDurationMs?: number | null;
  /** Accessible name of the toast region. */
  label?: string;
  dismissLabel?: string;
};

const ToastContext = createContext<ToastApi | null>(null);

const toneIcons: Record<ToastTone, ReactNode> = {
  info: <InfoIcon />,
  success: <CheckIcon />,
  warning: <WarningIcon />,
  error: <ErrorIcon />,
};

let counter = 0;
const nextId = () => `pc-toast-${++counter}`;

/** Holds the toast stack and renders it (bottom of the screen on phones, bottom-right on wide screens). */
export function ToastProvider({
  children,
  max = 3,
  defaultDurationMs = 5000,
  label = 'Notifications',
  dismissLabel = 'Dismiss notification',
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const push = useCallback(
    (input: ToastInput) => {
      const id = input.id ?? nextId();
      const tone = input.tone ?? 'info';
      const fallback = tone === 'error' ? null : defaultDurationMs;
      const durationMs = input.durationMs === undefined ? fallback : input.durationMs || null;
      const item: ToastItem = {
        id,
        tone,
        message: input.message,
        title: input.title,
        action: input.action,
        durationMs,
      };
      setToasts((list) => [...list.filter((toast) => toast.id !== id), item].slice(-Math.max(1, max)));
      return id;
    },
    [defaultDurationMs, max],
  );

  const clear = useCallback(() => setToasts([]), []);
  const api = useMemo<ToastApi>(() => ({ push, dismiss, clear }), [push, dismiss, clear]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="pc-toast-stack" aria-label={label}>
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} dismissLabel={dismissLabel} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function Toast({
  toast,
  onDismiss,
  dismissLabel,
}: {
  toast: ToastItem;
  onDismiss: (id: string) => void;
  dismissLabel: string;
}) {
  const [paused, setPaused] = useState(false);
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  }, [onDismiss]);

  // Auto-dismiss; the timer restarts after the pointer or focus leaves (WCAG 2.2.1 timing adjustable).
  useEffect(() => {
    if (toast.durationMs === null || paused) return undefined;
    const timer = setTimeout(() => onDismissRef.current(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, paused]);

  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={cx('pc-toast', `pc-toast--${toast.tone}`)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <span className="pc-toast__icon" aria-hidden="true">
        {toneIcons[toast.tone]}
      </span>
      <div className="pc-toast__body">
        {toast.title ? <p className="pc-toast__title">{toast.title}</p> : null}
        <div className="pc-toast__message">{toast.message}</div>
      </div>
      {toast.action ? <div className="pc-toast__action">{toast.action}</div> : null}
      <button
        type="button"
        className="pc-toast__dismiss"
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

/** push/dismiss/clear of the nearest ToastProvider. Throws when there is none. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a <ToastProvider>');
  return api;
}
