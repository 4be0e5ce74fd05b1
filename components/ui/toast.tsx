'use client';

import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { usePreloadOnIntent } from './preload-on-intent';

// A toast's card (timer, drag to dismiss) is fetched on the visitor's first reach for the page or the first toast
// comes, whichever is first: most page views show none. The live regions it goes into
// are always in the page, so screen readers still announce it.
const loadToastCard = () => import('./toast-card');
const ToastCard = dynamic(() => loadToastCard().then((m) => m.ToastCard), { ssr: false });
const TOAST_PARTS = [loadToastCard] as const;

/**
 * Toasts (SPEC.md sections 4 and 9): bottom centre, auto-close after 5000 ms, dragged sideways
 * past 80% of their width to dismiss. While offline a persistent error toast sits bottom-left.
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
/** Share of its own width a toast must be dragged before it goes (SPEC.md section 9). */
export const TOAST_DRAG_DISMISS_RATIO = 0.8;

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
  const push = useCallback((kind: ToastKind, message: string) => {
    if (!message) return; // an error toast shows only when a message exists (SPEC.md section 4)
    const id = nextId++;
    setItems((list) => [...list, { id, kind, message }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (m) => push('success', m),
      error: (m) => push('error', m),
      info: (m) => push('info', m),
      dismiss,
    }),
    [push, dismiss],
  );
  const online = useOnline();
  usePreloadOnIntent(TOAST_PARTS);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster items={items} dismiss={dismiss} raised={!online} />
      {online ? null : <OfflineToast />}
    </ToastContext.Provider>
  );
}

function subscribeToConnectivity(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, kept current by the browser's online/offline events; assumed online on the server. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnectivity,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The two live regions stay in the page all the time, so a screen reader announces a toast the
 * moment it is added: errors assertively (role alert), everything else politely (role status).
 */
function Toaster({ items, dismiss, raised }: { items: ToastItem[]; dismiss: (id: number) => void; raised: boolean }) {
  const t = useTranslations('common');
  const errors = items.filter((i) => i.kind === 'error');
  const others = items.filter((i) => i.kind !== 'error');
  const card = (item: ToastItem) => (
    <ToastCard key={item.id} item={item} onDismiss={dismiss} closeLabel={t('closeNotification')} />
  );
  return (
    <section
      aria-label={t('notifications')}
      className={`pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 px-4 ${
        raised ? 'bottom-32 lg:bottom-4' : 'bottom-4'
      }`}
    >
      <div role="alert" className="flex w-full flex-col items-center gap-2">
        {errors.map(card)}
      </div>
      <div role="status" className="flex w-full flex-col items-center gap-2">
        {others.map(card)}
      </div>
    </section>
  );
}

/** Persistent while the browser reports no connection (SPEC.md sections 4 and 8); no close button. */
function OfflineToast() {
  const t = useTranslations('offline');
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-50 rounded-lg bg-red-700 px-4 py-3 text-sm font-medium text-white shadow-lg sm:right-auto sm:max-w-sm"
    >
      {t('message')}
    </div>
  );
}
