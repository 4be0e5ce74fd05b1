'use client';

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslations } from 'next-intl';
import { CloseIcon } from './icons';

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

const KIND_CLASSES: Record<ToastKind, string> = {
  error: 'bg-red-700 text-white',
  success: 'bg-green-800 text-white',
  info: 'bg-slate-800 text-white',
};

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

function ToastCard({
  item,
  onDismiss,
  closeLabel,
}: {
  item: ToastItem;
  onDismiss: (id: number) => void;
  closeLabel: string;
}) {
  const dragStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [width, setWidth] = useState(1);
  const remaining = useRef(TOAST_AUTO_CLOSE_MS);

  // The countdown pauses while the pointer or keyboard focus is on the toast, so nobody loses a
  // message they are reading or about to close (WCAG 2.2.1); it resumes with the time left.
  const paused = hovered || focused || dragging;
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(1000, remaining.current - (Date.now() - started));
    };
  }, [paused, item.id, onDismiss]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    dragStart.current = event.clientX;
    setWidth(event.currentTarget.offsetWidth || 1);
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragStart.current !== null) setOffset(event.clientX - dragStart.current);
  }
  function endDrag(cancelled: boolean) {
    if (dragStart.current === null) return;
    dragStart.current = null;
    setDragging(false);
    if (!cancelled && Math.abs(offset) > width * TOAST_DRAG_DISMISS_RATIO) onDismiss(item.id);
    else setOffset(0);
  }

  return (
    <div
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => endDrag(false)}
      onPointerCancel={() => endDrag(true)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      className={`pointer-events-auto flex w-full max-w-md touch-pan-y select-none items-start gap-3 rounded-lg py-3 pl-4 pr-2 text-sm font-medium shadow-lg ${
        KIND_CLASSES[item.kind]
      } ${dragging ? '' : 'transition-transform duration-200'}`}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.2, 1 - Math.abs(offset) / width) : undefined,
      }}
    >
      <p className="min-w-0 flex-1 self-center break-words">{item.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(item.id)}
        aria-label={closeLabel}
        className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-white/15"
        // White focus ring on the coloured toast (inline: the global :focus-visible rule outranks utilities).
        style={{ outlineColor: '#fff' }}
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
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
