'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { StarIcon } from '@/components/ui/icons';
import { FieldError } from '@/components/ui/field-help';

/** A rating shown as five stars, read as "Rated 4 out of 5". */
export function ReviewStars({ rating }: { rating: number }) {
  const t = useTranslations('reviews');
  return (
    <span role="img" aria-label={t('ratingOf', { rating })} className="inline-flex text-amber-600">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} className={`size-5 ${n <= rating ? 'fill-current' : 'text-slate-400'}`} />
      ))}
    </span>
  );
}

/** Rating input: five radio buttons drawn as stars (keyboard: arrows, as any radio group). */
export function RatingInput({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange: (n: number) => void;
  error?: string;
}) {
  const t = useTranslations('reviews');
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{t('rating')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="relative cursor-pointer">
            <input
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
              aria-label={t('stars', { count: n })}
            />
            <StarIcon
              className={`size-9 rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${
                value !== undefined && n <= value ? 'fill-current text-amber-600' : 'text-slate-500'
              }`}
            />
          </label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
