'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslations } from 'next-intl';

/** Side of the square viewport on screen, and of the picture sent to the server, in pixels. */
const VIEW = 256;
const OUTPUT = 512;
const MAX_ZOOM = 3;

export interface CropArea {
  image: HTMLImageElement;
  /** The kept square in the picture's own pixels. */
  x: number;
  y: number;
  size: number;
}

/**
 * A square crop without a library: the picture covers a square window; drag it (or use the arrow
 * keys) to choose what stays, and zoom with the slider. The server crops square again and
 * re-encodes (the image pipeline), so this only decides which square.
 */
export function PhotoCropper({ image, onChange }: { image: HTMLImageElement; onChange: (area: CropArea) => void }) {
  const t = useTranslations('photo');
  const base = VIEW / Math.min(image.naturalWidth, image.naturalHeight);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState(() => ({
    x: (VIEW - image.naturalWidth * base) / 2,
    y: (VIEW - image.naturalHeight * base) / 2,
  }));
  const drag = useRef<{ x: number; y: number; start: { x: number; y: number } } | null>(null);
  const scale = base * zoom;
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  const clamp = (o: { x: number; y: number }, w = width, h = height) => ({
    x: Math.min(0, Math.max(VIEW - w, o.x)),
    y: Math.min(0, Math.max(VIEW - h, o.y)),
  });
  const shown = clamp(offset);

  useEffect(() => {
    onChange({ image, x: -shown.x / scale, y: -shown.y / scale, size: VIEW / scale });
  }, [image, shown.x, shown.y, scale, onChange]);

  function zoomTo(next: number) {
    // Zoom around the window's centre, so the middle of what is kept stays put.
    const nextScale = base * next;
    const cx = (VIEW / 2 - shown.x) / scale;
    const cy = (VIEW / 2 - shown.y) / scale;
    setZoom(next);
    setOffset(
      clamp(
        { x: VIEW / 2 - cx * nextScale, y: VIEW / 2 - cy * nextScale },
        image.naturalWidth * nextScale,
        image.naturalHeight * nextScale,
      ),
    );
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: shown };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    setOffset(clamp({ x: d.start.x + event.clientX - d.x, y: d.start.y + event.clientY - d.y }));
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setOffset(clamp({ x: shown.x + move[0], y: shown.y + move[1] }));
  }

  return (
    <div className="flex flex-col items-center gap-4">
      <p id="photo-crop-help" className="text-sm text-slate-700">
        {t('cropHelp')}
      </p>
      {/* A focusable region (arrow keys move the picture): axe's focus-order-semantics wants a
          focusable element to have a widget or landmark role, and no widget role fits a 2D pan. */}
      <div
        role="region"
        aria-label={t('preview')}
        aria-describedby="photo-crop-help"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        className="relative cursor-move touch-none overflow-hidden rounded-full bg-slate-200 ring-2 ring-brand-700 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        style={{ width: VIEW, height: VIEW }}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL being cropped */}
        <img
          src={image.src}
          alt=""
          draggable={false}
          className="absolute max-w-none select-none"
          style={{ left: shown.x, top: shown.y, width, height }}
        />
      </div>
      <label className="flex w-full max-w-xs items-center gap-3 text-sm font-medium text-slate-800">
        {t('zoom')}
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={(event) => zoomTo(Number(event.target.value))}
          className="w-full accent-brand-700"
        />
      </label>
    </div>
  );
}

/** The chosen square as a picture of OUTPUT pixels, in the original's format (PNG keeps transparency). */
export function cropToBlob(area: CropArea, type: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT;
  canvas.height = OUTPUT;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.drawImage(area.image, area.x, area.y, area.size, area.size, 0, 0, OUTPUT, OUTPUT);
  const format = type === 'image/png' ? 'image/png' : 'image/jpeg';
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no blob'))), format, 0.92),
  );
}
