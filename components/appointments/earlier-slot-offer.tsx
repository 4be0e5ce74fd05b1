'use client';

import { useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Appointment } from '@/lib/contracts/appointments';
import type { WaitlistOffer } from '@/lib/contracts/waitlist';
import { ClientApiError } from '@/lib/api-client/http';
import { useAcceptWaitlistOffer } from '@/lib/api-client/waitlist';
import { Link } from '@/lib/i18n/navigation';
import { Button, buttonClass } from '@/components/ui/button';
import { addressLines, appointmentWhen, instantParts } from './format';
import { changeErrorMessage } from './change-error';
import { appointmentPath } from './appointment-card';

const TITLE_ID = 'earlier-slot-title';

/**
 * The earlier-slot offer: the appointment's time now beside the offered one, and one
 * button that moves it there (a same-provider reschedule on the server, atomic; the fee and
 * everything else stay). A slot taken meanwhile, or an offer that no longer applies, is said
 * plainly, and the appointment keeps its time.
 */
export function EarlierSlotOffer({ offer }: { offer: WaitlistOffer }) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const accept = useAcceptWaitlistOffer(locale);
  const [state, setState] = useState(offer.state);
  const [moved, setMoved] = useState<Appointment>();
  const [error, setError] = useState<string>();
  const { appointment, slot } = offer;
  const now = appointmentWhen(moved ?? appointment, locale);
  const earlier = instantParts(slot.start, slot.timeZone, locale);

  function take() {
    setError(undefined);
    accept.mutate(offer.id, {
      onSuccess: (result) => {
        setMoved(result);
        setState('accepted');
      },
      onError: (failure) => {
        // Taken meanwhile or no longer applicable: the state the page shows changes with it.
        if (failure instanceof ClientApiError && failure.errorCode === 'slotTaken') setState('taken');
        if (failure instanceof ClientApiError && failure.errorCode === 'earlierSlotUnavailable') setState('expired');
        setError(changeErrorMessage(failure, { offline: t('offline'), generic: t('earlierSlot.failed') }));
      },
    });
  }

  const notice = moved
    ? t('earlierSlot.moved', { date: now.date, time: now.time })
    : state === 'accepted'
      ? t('earlierSlot.accepted')
      : state === 'taken'
        ? t('earlierSlot.taken')
        : state === 'expired'
          ? t('earlierSlot.expired')
          : undefined;

  return (
    <>
      <h1 id={TITLE_ID} tabIndex={-1} className="text-2xl font-semibold text-slate-900 sm:text-3xl">
        {t('earlierSlot.title')}
      </h1>
      <p className="mt-3 text-slate-800">{t('earlierSlot.intro', { provider: appointment.provider.displayName })}</p>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <TimeCard id="earlier-slot-current" heading={t('earlierSlot.current')}>
          <p className="text-lg font-semibold text-slate-900">
            {t('earlierSlot.when', { date: now.date, time: now.time })}
          </p>
          <p className="text-slate-700">{now.zone}</p>
          <p className="mt-2 text-slate-800">{(moved ?? appointment).office.name}</p>
        </TimeCard>
        {moved ? null : (
          <TimeCard id="earlier-slot-offered" heading={t('earlierSlot.offered')}>
            <p className="text-lg font-semibold text-slate-900">
              {t('earlierSlot.when', { date: earlier.date, time: earlier.time })}
            </p>
            <p className="text-slate-700">{earlier.zone}</p>
            <p className="mt-2 text-slate-800">{slot.office.name}</p>
            <p className="text-slate-700">
              {addressLines({
                ...appointment.office,
                ...slot.office,
                suite: slot.office.id === appointment.office.id ? appointment.office.suite : null,
              }).join(', ')}
            </p>
          </TimeCard>
        )}
      </div>

      <div className="mt-6 space-y-4">
        {/* The result is announced; an error keeps the alert role for the message the server gave. */}
        <p
          role="status"
          className={notice && !error ? 'rounded-lg bg-brand-50 p-4 font-medium text-slate-900' : 'sr-only'}
        >
          {error ? '' : notice}
        </p>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-900">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {state === 'open' && !moved ? (
            <Button onClick={take} disabled={accept.isPending}>
              {accept.isPending ? t('earlierSlot.taking') : t('earlierSlot.take')}
            </Button>
          ) : null}
          <Link href={appointmentPath(appointment.id)} className={buttonClass('secondary')}>
            {t('earlierSlot.view')}
          </Link>
        </div>
      </div>
    </>
  );
}

function TimeCard({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="mb-2 text-sm font-medium text-slate-600">
        {heading}
      </h2>
      {children}
    </section>
  );
}
