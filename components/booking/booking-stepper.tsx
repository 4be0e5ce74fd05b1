'use client';

import { useTranslations } from 'next-intl';
import { CheckIcon } from '@/components/ui/icons';

export type BookingStep = 'details' | 'confirm' | 'payment' | 'booked';

/**
 * The booking steps (SPEC.md section 2: Book Appointment, Confirm, Payment; the payment step
 * is left out when nothing is due). A named ordered list: the current step carries
 * aria-current="step" and done steps say so to screen readers.
 * The step's own heading (focused on each change) announces where the patient is.
 */
export function BookingStepper({ steps, current }: { steps: readonly BookingStep[]; current: BookingStep }) {
  const t = useTranslations('booking.steps');
  const currentIndex = current === 'booked' ? steps.length : steps.indexOf(current);
  return (
    <ol aria-label={t('label')} className="flex flex-wrap gap-x-6 gap-y-2">
      {steps.map((step, index) => {
        const done = index < currentIndex;
        const isCurrent = index === currentIndex;
        return (
          <li key={step} aria-current={isCurrent ? 'step' : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold ${
                isCurrent
                  ? 'bg-brand-700 text-white'
                  : done
                    ? 'bg-brand-100 text-brand-800'
                    : 'border border-slate-400 bg-white text-slate-700'
              }`}
            >
              {done ? <CheckIcon className="size-4" /> : index + 1}
            </span>
            <span className={isCurrent ? 'font-semibold text-slate-900' : 'text-slate-700'}>
              {t(step)}
              {done ? <span className="sr-only"> ({t('done')})</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
