'use client';

import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { CloseIcon } from './icons';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_DISMISS_RATIO, type ToastItem, type ToastKind } from './toast';

const KIND_CLASSES: Record<ToastKind, string> = {
  error: 'bg-red-700 text-white',
  success: 'bg-green-800 text-white',
  info: 'bg-slate-800 text-white',
};

/** One toast (components/ui/toast.tsx): auto-closes, pauses while pointed at or focused, dragged sideways to dismiss. */
export function ToastCard({
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
