'use client';

import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@/lib/contracts/images';
import { MAX_APPOINTMENT_IMAGES } from '@/lib/contracts/appointments';
import { uploadTeethImage } from '@/lib/api-client/booking';
import { apiFetch, ClientApiError } from '@/lib/api-client/http';
import { isOfflineError, isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { FieldError } from '@/components/ui/field-help';

export interface UploadedImage {
  id: string;
  name: string;
}

interface Item {
  key: string;
  name: string;
  file?: File;
  status: 'uploading' | 'done' | 'error';
  progress: number;
  id?: string;
  error?: string;
}

const EXTENSIONS = /\.(png|jpe?g)$/i;

/**
 * Up to 5 teeth images (SPEC.md sections 5 and 9: png, jpg, jpeg, under 10 MB each). Each file
 * is checked here first, then uploaded on its own to POST /api/images (purpose teeth) with a
 * progress bar; a failed one keeps its server message and can be retried or removed. The form
 * holds only the ids of finished uploads, so a reload keeps them.
 */
export function TeethImagesField({
  value,
  onChange,
  onBusyChange,
  error,
}: {
  value: UploadedImage[];
  onChange: (images: UploadedImage[]) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}) {
  const t = useTranslations('booking.images');
  const ta = useTranslations('api');
  const te = useTranslations('errors');
  const locale = useLocale();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>(() =>
    value.map((image) => ({ key: image.id, name: image.name, status: 'done', progress: 1, id: image.id })),
  );
  const [rejected, setRejected] = useState<string[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  // The form's value follows the finished uploads; "busy" holds the Continue button back.
  const done = items.filter((i) => i.status === 'done' && i.id).map((i) => ({ id: i.id!, name: i.name }));
  const doneKey = done.map((i) => i.id).join(',');
  const busy = items.some((i) => i.status === 'uploading');
  useEffect(() => {
    if (doneKey !== value.map((i) => i.id).join(',')) onChange(done);
    // Keyed by the finished ids: `done` is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids are the whole dependency
  }, [doneKey]);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  function update(key: string, patch: Partial<Item>) {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }

  function start(key: string, file: File) {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    update(key, { status: 'uploading', progress: 0, error: undefined });
    uploadTeethImage(file, { signal: controller.signal, onProgress: (progress) => update(key, { progress }) })
      .then((image) => update(key, { status: 'done', progress: 1, id: image.id, file: undefined }))
      .catch((failure: unknown) => {
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
        if (isSessionLost(failure)) {
          window.location.assign(sessionExpiredUrl(locale));
          return;
        }
        const message = isOfflineError(failure)
          ? te('offline')
          : failure instanceof ClientApiError && failure.body
            ? failure.body.message
            : t('uploadFailed');
        update(key, { status: 'error', error: message });
      })
      .finally(() => controllers.current.delete(key));
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const problems: string[] = [];
    const accepted: Item[] = [];
    let room = MAX_APPOINTMENT_IMAGES - items.length;
    for (const file of files) {
      const typeOk =
        (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && EXTENSIONS.test(file.name));
      if (!typeOk || !EXTENSIONS.test(file.name))
        problems.push(t('rejected', { name: file.name, reason: ta('invalidImageFormat') }));
      else if (file.size >= MAX_IMAGE_BYTES)
        problems.push(t('rejected', { name: file.name, reason: ta('fileTooLarge') }));
      else if (room <= 0) problems.push(t('rejected', { name: file.name, reason: ta('tooManyFiles') }));
      else {
        room -= 1;
        accepted.push({
          key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
          name: file.name,
          file,
          status: 'uploading',
          progress: 0,
        });
      }
    }
    setRejected(problems);
    if (!accepted.length) return;
    setItems((list) => [...list, ...accepted]);
    for (const item of accepted) start(item.key, item.file!);
  }

  function remove(item: Item) {
    controllers.current.get(item.key)?.abort();
    setItems((list) => list.filter((i) => i.key !== item.key));
    // The patient's own upload, no longer part of any booking: deleted quietly (a failure only leaves it stored).
    if (item.id) void apiFetch(`/images/${encodeURIComponent(item.id)}`, { method: 'DELETE' }).catch(() => undefined);
    inputRef.current?.focus();
  }

  const full = items.length >= MAX_APPOINTMENT_IMAGES;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h3>
      <div>
        <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-slate-800">
          {t('choose')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="file"
          name="images"
          data-booking-field="images"
          multiple
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          disabled={full}
          onChange={choose}
          aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800 hover:file:bg-brand-50 disabled:opacity-70"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {t('hint', { max: MAX_APPOINTMENT_IMAGES, count: items.length })}
        </p>
      </div>
      <div role="alert">
        {rejected.length ? (
          <ul className="space-y-1 text-sm font-medium text-red-700">
            {rejected.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {items.length ? (
        <ul className="space-y-2" aria-label={t('listLabel')}>
          {items.map((item) => (
            <li key={item.key} className="rounded-lg border border-slate-300 bg-white p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-all font-medium text-slate-900">{item.name}</span>
                <span className="flex gap-2">
                  {item.status === 'error' && item.file ? (
                    <button
                      type="button"
                      onClick={() => start(item.key, item.file!)}
                      aria-label={t('retryNamed', { name: item.name })}
                      className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-brand-800 underline underline-offset-2"
                    >
                      {t('retry')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => remove(item)}
                    aria-label={t('removeNamed', { name: item.name })}
                    className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-red-800 underline underline-offset-2"
                  >
                    {t('remove')}
                  </button>
                </span>
              </div>
              {item.status === 'uploading' ? (
                <progress
                  max={1}
                  value={item.progress}
                  aria-label={t('progress', { name: item.name })}
                  className="mt-2 h-2 w-full accent-brand-700"
                />
              ) : null}
              <p className={`mt-1 text-sm ${item.status === 'error' ? 'font-medium text-red-700' : 'text-slate-700'}`}>
                {item.status === 'done'
                  ? t('uploaded')
                  : item.status === 'error'
                    ? item.error
                    : t('uploading', { percent: Math.round(item.progress * 100) })}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {busy ? '' : t('doneCount', { count: done.length })}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
