import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

export interface Toast {
  id: number;
  message: string;
  theme: 'light' | 'dark' | 'error' | 'success';
  /** Milliseconds before it hides itself. */
  duration: number;
}

const THEMES: Record<Toast['theme'], string> = {
  light: 'bg-white text-neutral-900 ring-1 ring-neutral-200',
  dark: 'bg-neutral-900 text-white',
  error: 'bg-red-700 text-white',
  success: 'bg-emerald-700 text-white',
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <li className={`flex items-center gap-3 rounded-lg px-4 py-3 shadow-lg ${THEMES[toast.theme]}`}>
      <span className="flex-1 text-sm">{toast.message}</span>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="rounded p-1 hover:opacity-75"
        aria-label={t('toast_close')}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </li>
  );
}

/** A polite live region, so screen readers announce each toast without moving focus. */
export function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss(id: number): void }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <ul className="pointer-events-auto flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </ul>
    </div>
  );
}
