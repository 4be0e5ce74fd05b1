'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { BookingSummary, type SummaryData } from './booking-summary';
import type { ReactNode } from 'react';

/**
 * Step 2, "Confirm": the booking as it will be made. With nothing due it books here (the
 * two-step variant); otherwise it leads to payment. A plan out of the provider's network is
 * said again before the patient commits, with self-pay one click away.
 */
export function ConfirmStep({
  summary,
  outOfNetwork,
  error,
  pending,
  onEdit,
  onUseSelfPay,
  onToPayment,
  onBook,
}: {
  summary: SummaryData;
  /** The plan's name when the provider does not list it as in network. */
  outOfNetwork: string | undefined;
  error: ReactNode;
  pending: boolean;
  onEdit: () => void;
  onUseSelfPay: () => void;
  onToPayment: () => void;
  onBook: () => void;
}) {
  const t = useTranslations('booking');
  return (
    <div className="space-y-6">
      <FormAlert>{error}</FormAlert>
      <BookingSummary data={summary} />
      {outOfNetwork ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p>{t('insurance.outOfNetworkConfirm', { provider: summary.providerName, plan: outOfNetwork })}</p>
          <button
            type="button"
            onClick={onUseSelfPay}
            disabled={pending}
            className="mt-2 font-semibold text-brand-800 underline underline-offset-2"
          >
            {t('insurance.useSelfPay')}
          </button>
        </div>
      ) : null}
      {summary.feeCents === 0 ? <p className="text-slate-800">{t('confirmStep.nothingDue')}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onEdit} disabled={pending}>
          {t('confirmStep.edit')}
        </Button>
        {summary.feeCents > 0 ? (
          <Button onClick={onToPayment}>{t('confirmStep.toPayment')}</Button>
        ) : (
          <Button onClick={onBook} disabled={pending} aria-busy={pending || undefined}>
            {pending ? t('confirmStep.booking') : t('confirmStep.book')}
          </Button>
        )}
      </div>
    </div>
  );
}
