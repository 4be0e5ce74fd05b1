'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@/lib/contracts/appointments';
import type { Slot } from '@/lib/contracts/discovery';
import { useRescheduleAppointment } from '@/lib/api-client/appointments';
import { Link } from '@/lib/i18n/navigation';
import { Button, buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatInstantTime, formatLocalDate } from '@/components/provider/format';
import { listingSearchParams } from '@/components/search/listing-href';
import { appointmentWhen } from './format';
import { changeErrorMessage } from './change-error';
import { RescheduleSlotPicker } from './reschedule-slot-picker';

type Step = 'choose' | 'pick' | 'done';
type Option = 'same' | 'another';

/**
 * The search listing for rebooking with another provider (SPEC.md section 4): near the same
 * office, for the same reason, carrying `rescheduleOf` on to the booking, which cancels this
 * appointment under the refund rule in the same change as the new booking.
 */
export function anotherProviderHref(appointment: Appointment): string {
  const params = listingSearchParams({
    kind: 'providers',
    visitReason: appointment.visitReason.slug,
    lat: appointment.office.latitude,
    lng: appointment.office.longitude,
  });
  params.set('rescheduleOf', appointment.id);
  return `/search-listing?${params}`;
}

/**
 * Reschedule (SPEC.md section 4): same provider (pick a new slot of theirs at the same office,
 * then PUT reschedule; the new slot is taken before the old one is released) or another
 * provider (search, then book). Ends with the new date and time.
 */
export function RescheduleDialog({
  appointment,
  open,
  onClose,
}: {
  appointment: Appointment;
  open: boolean;
  /** With the appointment as it now is after a reschedule (it may be a new one, rescheduledFromId this). */
  onClose: (rescheduled?: Appointment) => void;
}) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const id = useId();
  const queryClient = useQueryClient();
  const reschedule = useRescheduleAppointment(locale);
  const [step, setStep] = useState<Step>('choose');
  const [option, setOption] = useState<Option>('same');
  const [slot, setSlot] = useState<Slot>();
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<Appointment>();
  const when = appointmentWhen(appointment, locale);
  const office = { id: appointment.office.id, name: appointment.office.name, timeZone: appointment.timeZone };

  function close() {
    if (reschedule.isPending) return;
    onClose(result);
    setStep('choose');
    setSlot(undefined);
    setError(undefined);
    setResult(undefined);
  }

  function confirm() {
    if (!slot) return;
    setError(undefined);
    reschedule.mutate(
      { id: appointment.id, officeId: office.id, slotStart: slot.start },
      {
        onSuccess: (moved) => {
          setResult(moved);
          setStep('done');
        },
        onError: (failure) => {
          setError(changeErrorMessage(failure, { offline: t('offline'), generic: t('genericError') }));
          // The slot may have been taken meanwhile (409): show the provider's free times as they now are.
          setSlot(undefined);
          void queryClient.invalidateQueries({ queryKey: ['slots', appointment.provider.id] });
        },
      },
    );
  }

  const title = step === 'done' ? t('reschedule.doneTitle') : t('reschedule.title');
  const slotText = slot
    ? {
        date: formatLocalDate(slot.localDate, locale, { weekday: 'long', month: 'long', day: 'numeric' }),
        time: formatInstantTime(slot.start, office.timeZone, locale),
      }
    : undefined;

  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      closeLabel={t('reschedule.close')}
      size={step === 'pick' ? 'lg' : 'md'}
    >
      {step === 'choose' ? (
        <div className="space-y-4">
          <p className="text-slate-800">{t('reschedule.current', when)}</p>
          <fieldset>
            <legend className="font-semibold text-slate-900">{t('reschedule.intro')}</legend>
            <div className="mt-3 space-y-3">
              {(['same', 'another'] as const).map((value) => (
                <label
                  key={value}
                  className={`flex cursor-pointer gap-3 rounded-xl p-4 ring-1 ${
                    option === value ? 'bg-brand-50 ring-brand-700' : 'ring-slate-300 hover:bg-slate-50'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-option`}
                    value={value}
                    checked={option === value}
                    onChange={() => setOption(value)}
                    aria-describedby={`${id}-${value}-hint`}
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">
                      {value === 'same' ? t('reschedule.sameProvider') : t('reschedule.anotherProvider')}
                    </span>
                    <span id={`${id}-${value}-hint`} className="mt-1 block text-sm text-slate-700">
                      {value === 'same'
                        ? t('reschedule.sameProviderHint', {
                            name: appointment.provider.displayName,
                            office: office.name,
                          })
                        : t('reschedule.anotherProviderHint')}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              {t('reschedule.close')}
            </Button>
            {option === 'same' ? (
              <Button onClick={() => setStep('pick')}>{t('reschedule.continue')}</Button>
            ) : (
              <Link href={anotherProviderHref(appointment)} className={buttonClass('primary')}>
                {t('reschedule.searchLink')}
              </Link>
            )}
          </div>
        </div>
      ) : step === 'pick' ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-800">{t('reschedule.current', when)}</p>
          <RescheduleSlotPicker
            providerId={appointment.provider.id}
            office={office}
            chosen={slot}
            onChoose={(chosen) => {
              setSlot(chosen);
              setError(undefined);
            }}
          />
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setStep('choose')} disabled={reschedule.isPending}>
              {t('reschedule.back')}
            </Button>
            <Button
              onClick={confirm}
              disabled={!slotText || reschedule.isPending}
              aria-busy={reschedule.isPending || undefined}
            >
              {reschedule.isPending
                ? t('reschedule.pending')
                : slotText
                  ? t('reschedule.confirm', slotText)
                  : t('reschedule.pickFirst')}
            </Button>
          </div>
        </div>
      ) : result ? (
        <div className="space-y-4">
          <p role="status" className="text-slate-900">
            {t('reschedule.done', { name: result.provider.displayName, ...appointmentWhen(result, locale) })}
          </p>
          <div className="flex justify-end">
            <Button onClick={close}>{t('reschedule.close')}</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
