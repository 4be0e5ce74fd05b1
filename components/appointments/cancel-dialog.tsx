'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Appointment } from '@/lib/contracts/appointments';
import { useCancelAppointment } from '@/lib/api-client/appointments';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatFee } from '@/components/provider/format';
import { SupportContactList } from '@/components/shell/support-contact-list';
import { appointmentWhen, instantParts } from './format';
import { changeErrorMessage } from './change-error';

/**
 * Cancel (SPEC.md section 4): the patient reads, before confirming, whether the fee comes back
 * (the server's cancelPolicy: at least 24 hours before the start, the deadline in the office's
 * zone) or not; after the cancel, the transaction id to save and the refund's status and
 * amount, with the support contacts when the refund has to be made by hand.
 */
export function CancelDialog({
  appointment,
  open,
  onClose,
}: {
  appointment: Appointment;
  open: boolean;
  /** `done` when the appointment was canceled (its opener is gone then). */
  onClose: (done: boolean) => void;
}) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const cancel = useCancelAppointment(locale);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<Appointment>();
  const when = appointmentWhen(appointment, locale);
  const name = appointment.provider.displayName;
  const { cancelPolicy, feeCents } = appointment;

  function close() {
    if (cancel.isPending) return;
    onClose(Boolean(result));
    setError(undefined);
    setResult(undefined);
  }

  function confirm() {
    setError(undefined);
    cancel.mutate(appointment.id, {
      onSuccess: (canceled) => setResult(canceled),
      onError: (failure) =>
        setError(changeErrorMessage(failure, { offline: t('offline'), generic: t('genericError') })),
    });
  }

  const paid = Boolean(appointment.payment) && feeCents > 0;
  const deadline = instantParts(cancelPolicy.refundDeadline, appointment.timeZone, locale);

  return (
    <Modal
      open={open}
      onClose={close}
      title={result ? t('cancel.doneTitle') : t('cancel.title')}
      closeLabel={t('cancel.close')}
    >
      {result ? (
        <CancelResult appointment={result} onDone={close} />
      ) : (
        <div className="space-y-4">
          <p className="text-slate-800">
            {t('cancel.question', { name, date: when.date, time: when.time, zone: when.zone })}
          </p>
          <div
            data-testid="refund-policy"
            className={`rounded-xl p-4 ${paid && !cancelPolicy.refundEligible ? 'bg-amber-50' : 'bg-brand-50'}`}
          >
            {!paid ? (
              <p className="text-slate-900">{t('cancel.noFee')}</p>
            ) : cancelPolicy.refundEligible ? (
              <>
                <p className="font-semibold text-slate-900">
                  {t('cancel.refundEligible', { amount: formatFee(cancelPolicy.refundAmountCents, locale) })}
                </p>
                <p className="mt-2 text-sm text-slate-800">
                  {t('cancel.refundDeadline', { date: deadline.date, time: deadline.time, zone: deadline.zone })}
                </p>
              </>
            ) : (
              <p className="font-semibold text-slate-900">
                {t('cancel.notEligible', { amount: formatFee(feeCents, locale) })}
              </p>
            )}
          </div>
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
              {t('cancel.keep')}
            </Button>
            <Button onClick={confirm} disabled={cancel.isPending} aria-busy={cancel.isPending || undefined}>
              {cancel.isPending ? t('cancel.pending') : t('cancel.confirm')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function CancelResult({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const when = appointmentWhen(appointment, locale);
  const refund = appointment.refund;
  const transactionId = appointment.payment?.transactionId;
  const amount = formatFee(refund?.amountCents ?? 0, locale);
  return (
    <div className="space-y-4">
      <div role="status" className="space-y-3">
        <p className="text-slate-800">
          {t('cancel.done', { name: appointment.provider.displayName, date: when.date, time: when.time })}
        </p>
        {refund?.status === 'refunded' ? (
          <p className="font-semibold text-slate-900">{t('cancel.refunded', { amount })}</p>
        ) : null}
        {refund?.status === 'notEligible' ? (
          <p className="font-semibold text-slate-900">{t('cancel.notEligibleDone')}</p>
        ) : null}
        {refund?.status === 'manual' ? (
          <p className="font-semibold text-slate-900">{t('cancel.manual', { amount })}</p>
        ) : null}
      </div>
      {refund?.status === 'manual' ? (
        <SupportContactList
          variant="labels"
          emailLabel={t('cancel.supportEmail')}
          phoneLabel={t('cancel.supportPhone')}
          className="space-y-1"
        />
      ) : null}
      <p className="rounded-xl bg-slate-100 p-4 text-slate-900">
        {transactionId ? t('cancel.saveId', { id: transactionId }) : t('cancel.saveReference', { id: appointment.id })}
      </p>
      {refund?.transactionId ? (
        <p className="text-sm text-slate-800">
          {t('details.refundTransactionId')}: <span className="font-mono">{refund.transactionId}</span>
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('cancel.close')}</Button>
      </div>
    </div>
  );
}
