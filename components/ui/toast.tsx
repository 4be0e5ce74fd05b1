'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * Toasts (SPEC.md sections 4 and 9): bottom centre, auto-close after 5000 ms.
 * API for every feature: `const toast = useToast(); toast.success(msg); toast.error(msg); toast.info(msg)`.
 */
export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  dismiss: (id: number) => void;
}

export const TOAST_AUTO_CLOSE_MS = 5000;

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (kind: ToastKind, message: string) => {
      if (!message) return; // an error toast shows only when a message exists (SPEC.md section 4)
      const id = nextId++;
      setItems((list) => [...list, { id, kind, message }]);
      setTimeout(() => dismiss(id), TOAST_AUTO_CLOSE_MS);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({
      success: (m) => push('success', m),
      error: (m) => push('error', m),
      info: (m) => push('info', m),
      dismiss,
    }),
    [push, dismiss],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
        <div role="status" aria-live="polite" className="contents">
          {items.map((t) => (
            <div
              key={t.id}
              className={`pointer-events-auto rounded-lg px-4 py-3 text-sm font-medium shadow-lg ${
                t.kind === 'error' ? 'bg-red-700 text-white' : t.kind === 'success' ? 'bg-green-800 text-white' : 'bg-slate-800 text-white'
              }`}
            >
              {t.message}
            </div>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
