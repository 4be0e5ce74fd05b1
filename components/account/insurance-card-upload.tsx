'use client';

import { useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@/lib/contracts/images';
import { ClientApiError } from '@/lib/api-client/http';
import { ownImageUrl } from '@/lib/api-client/photo-url';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-help';

export type CardSide = 'front' | 'back';

/** One side of the card: what the patient chose and how its upload goes. */
export type CardUpload =
  | { status: 'empty' }
  | { status: 'saved'; imageId: string }
  | { status: 'invalid'; error: ErrorKey }
  | { status: 'queued'; file: File }
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'done'; file: File; imageId: string }
  | { status: 'failed'; file: File; error: ErrorKey };

export type ErrorKey = 'fileTooLarge' | 'invalidFormat' | 'corrupt' | 'queuedFailed' | 'genericFailed';

/** Checks the browser can make before any upload (the server checks the bytes again). */
export function precheck(file: File): ErrorKey | null {
  if (file.size >= MAX_IMAGE_BYTES) return 'fileTooLarge';
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalidFormat';
  return null;
}

/** SPEC.md section 8: too large, invalid format, corrupt; anything else is the generic failure. */
export function uploadErrorKey(error: unknown): ErrorKey {
  if (error instanceof ClientApiError) {
    if (error.errorCode === 'fileTooLarge' || error.errorCode === 'payloadTooLarge' || error.status === 413)
      return 'fileTooLarge';
    if (error.errorCode === 'invalidImageFormat' || error.status === 415) return 'invalidFormat';
    if (error.errorCode === 'corruptImage') return 'corrupt';
  }
  return 'genericFailed';
}

/**
 * One side of an insurance card: choose an image, see its upload progress, retry a failure.
 * SPEC.md section 4: the back's upload starts only after the front's completes (the form runs
 * the queue; this shows it).
 */
export function InsuranceCardUpload({
  side,
  ownerName,
  state,
  onChoose,
  onRetry,
  missing,
}: {
  side: CardSide;
  ownerName: string;
  state: CardUpload;
  onChoose: (file: File) => void;
  onRetry: () => void;
  /** Save was pressed without this side. */
  missing: boolean;
}) {
  const t = useTranslations('insurance');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const sideLabel = t(side);
  const errorId = `${id}-error`;
  const progress =
    state.status === 'uploading'
      ? Math.round(state.progress * 100)
      : state.status === 'done' || state.status === 'saved'
        ? 100
        : 0;
  const imageId = state.status === 'done' || state.status === 'saved' ? state.imageId : null;
  const error =
    state.status === 'failed' || state.status === 'invalid'
      ? `${state.status === 'failed' && state.error !== 'queuedFailed' ? `${t(side === 'front' ? 'frontFailed' : 'backFailed')} ` : ''}${t(state.error)}`
      : missing
        ? t(side === 'front' ? 'frontRequired' : 'backRequired')
        : undefined;

  return (
    <fieldset className="rounded-xl border border-slate-300 p-4">
      <legend className="px-1 font-medium text-slate-900">{sideLabel}</legend>
      <div className="flex flex-wrap items-center gap-3">
        {imageId ? (
          // eslint-disable-next-line @next/next/no-img-element -- the patient's own private image through the BFF
          <img
            src={ownImageUrl(imageId)!}
            alt={t('cardImage', { side: sideLabel, name: ownerName })}
            className="h-20 w-32 rounded-lg object-cover ring-1 ring-slate-300"
          />
        ) : null}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg"
          className="peer sr-only"
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onChoose(file);
          }}
        />
        <label
          htmlFor={`${id}-file`}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
        >
          {imageId ? t('replaceImage') : t('chooseImage')}
          <span className="sr-only">{`: ${sideLabel}`}</span>
        </label>
        {state.status === 'failed' ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('retry')}
            <span className="sr-only">{`: ${sideLabel}`}</span>
          </Button>
        ) : null}
      </div>
      {state.status === 'uploading' || state.status === 'done' || state.status === 'queued' ? (
        <div className="mt-3">
          <div
            role="progressbar"
            aria-label={t('progress', { side: sideLabel })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite">
            {state.status === 'queued'
              ? t('waitingForFront')
              : state.status === 'done'
                ? t('uploaded')
                : `${t('uploading')} ${progress}%`}
          </p>
        </div>
      ) : null}
      <FieldError id={error ? errorId : undefined}>{error}</FieldError>
    </fieldset>
  );
}
