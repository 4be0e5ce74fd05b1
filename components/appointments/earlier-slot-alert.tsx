'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Appointment } from '@/lib/contracts/appointments';
import { useSetWaitlisted, useWaitlistStatus } from '@/lib/api-client/waitlist';
import { changeErrorMessage } from './change-error';
import { instantParts } from './format';

/**
 * "Email me if an earlier time opens up" on an upcoming appointment, as booking
 * products offer it: a switch that puts the appointment on its provider's earlier-slot list or
 * takes it off. Turning it on moves nothing: an offer arrives by email and the patient decides.
 */
export function EarlierSlotAlert({ appointment }: { appointment: Appointment }) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const status = useWaitlistStatus(appointment.id);
  const change = useSetWaitlisted(appointment.id);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string>();
  const on = Boolean(status.data?.waitlisted);
  const provider = appointment.provider.displayName;

  function toggle() {
    setError(undefined);
    setAnnouncement('');
    change.mutate(!on, {
      onSuccess: (next) => setAnnouncement(t(next.waitlisted ? 'waitlist.joined' : 'waitlist.left')),
      onError: (failure) =>
        setError(changeErrorMessage(failure, { offline: t('offline'), generic: t('waitlist.failed') })),
    });
  }

  return (
    <section
      aria-labelledby="appointment-earlier"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="appointment-earlier" className="mb-3 text-lg font-semibold text-slate-900">
        {t('waitlist.heading')}
      </h2>
      {status.isPending ? (
        <p className="text-slate-700">{t('waitlist.loading')}</p>
      ) : (
        <>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-describedby="earlier-slot-help"
            disabled={change.isPending || status.isError}
            onClick={toggle}
            className="inline-flex min-h-11 items-center gap-3 rounded-lg text-start font-semibold text-slate-900 disabled:cursor-not-allowed disabled:opacity-70"
          >
            <span
              aria-hidden="true"
              className={`relative inline-flex h-7 w-12 shrink-0 rounded-full transition-colors ${on ? 'bg-brand-700' : 'bg-slate-400'}`}
            >
              <span
                className={`absolute top-1 size-5 rounded-full bg-white shadow transition-all ${on ? 'start-6' : 'start-1'}`}
              />
            </span>
            {t('waitlist.switchLabel')}
          </button>
          <p id="earlier-slot-help" className="mt-2 text-slate-700">
            {on && status.data?.since
              ? t('waitlist.on', { provider, date: instantParts(status.data.since, appointment.timeZone, locale).date })
              : t('waitlist.off', { provider })}
          </p>
        </>
      )}
      {status.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {t('waitlist.loadFailed')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
