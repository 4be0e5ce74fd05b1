'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { Appointment, BookAppointmentRequest } from '@/lib/contracts/appointments';
import { SLOT_MINUTES } from '@/lib/contracts/discovery';
import type { ErrorCode } from '@/lib/contracts/errors';
import type { ProviderSlots } from '@/lib/contracts/providers';
import type { PaymentClientConfig } from '@/lib/contracts/payment-config';
import {
  insuranceCarriersQueryOptions,
  upcomingForOverlapQueryOptions,
  useBookAppointment,
  useFamily,
  visitReasonsQueryOptions,
} from '@/lib/api-client/booking';
import { ClientApiError } from '@/lib/api-client/http';
import { useSavedInsuranceFor } from '@/lib/api-client/insurance';
import { isOfflineError, isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { parseSlotInstant } from '@/components/slots/slot-selection';
import { isOutOfNetwork, overlappingAppointment } from './booking-checks';
import {
  bookingFormSchema,
  bookingRequest,
  DETAIL_FIELDS,
  draftKey,
  emptyBooking,
  readDraft,
  removeDraft,
  writeDraft,
  type BookingFormInput,
  type BookingFormValues,
} from './booking-form-schema';
import { BookedScreen } from './booked-screen';
import { BookingStepper, type BookingStep } from './booking-stepper';
import { feeDue, type BookingPatient, type BookingProvider } from './booking-types';
import { ConfirmStep } from './confirm-step';
import { DetailsStep } from './details-step';
import { PaymentStep, type PaymentChoice } from './payment-step';
import { CardTokenError } from './tokenize-card';
import { useBookingUrl } from './use-booking-url';

/** Errors about the chosen time: the patient goes back to choose another. */
const SLOT_ERRORS: readonly ErrorCode[] = ['slotTaken', 'alreadyBooked', 'providerUnavailable'];
/** Server answers whose (translated) message is shown as it is. */
const SHOWN_AS_IS: readonly ErrorCode[] = [
  ...SLOT_ERRORS,
  'newPatientsNotAccepted',
  'teledentalUnavailable',
  'inOfficeUnavailable',
  'bookingLimitReached',
  'bookingInProgress',
  'paymentRequired',
  'paymentDeclined',
  'paymentSuspicious',
  'paymentCooldown',
  'paymentDuplicate',
  'invalidCard',
  'paymentUnavailable',
  'idempotencyKeyReused',
  'badRequest',
  'notFound',
  'tooManyAttempts',
];
/** Server field paths of the booking request, as the form names them. */
const SERVER_FIELDS: Record<string, (typeof DETAIL_FIELDS)[number]> = {
  slotStart: 'slotStart',
  familyMemberId: 'patient',
  visitType: 'visitType',
  visitReasonId: 'visitReasonId',
  patientType: 'patientType',
  insurancePlanId: 'insurancePlanId',
  notes: 'notes',
  imageIds: 'images',
  acceptTerms: 'acceptTerms',
};

function focusField(name: string) {
  window.setTimeout(() => document.querySelector<HTMLElement>(`[data-booking-field="${name}"]`)?.focus(), 0);
}

function focusFirstInvalid(names: Iterable<string>) {
  const set = new Set(names);
  const first = DETAIL_FIELDS.find((f) => set.has(f));
  if (first) focusField(first);
}

/**
 * /book-new-appointment (SPEC.md section 2; lib/docs/decisions/booking-page.md): select
 * availability, confirm details, payment (only when a fee is due), booked. One component per
 * step; this one holds what they share: the form, its draft, the step and the booking attempt.
 * The step lives in the URL through Next's router (`step=`), so the back button and a reload
 * land on it; the form's draft lives in sessionStorage, keyed by the slot, so a reload restores
 * it (uploaded images by id). A booking attempt keeps one idempotency key until the server has
 * answered it, so a retry after a lost answer books and charges once.
 */
export function BookingFlow({
  provider,
  user,
  initialOfficeId,
  initialSlot,
  initialReasonId,
  inNetworkPlanIds,
  rescheduleOf,
  paymentConfig,
}: {
  paymentConfig: PaymentClientConfig;
  provider: BookingProvider;
  user: BookingPatient;
  initialOfficeId: number;
  initialSlot?: string;
  /** The visit reason the patient already named (the assistant's slot links carry it). */
  initialReasonId?: number;
  /** Plans the provider lists as in network. */
  inNetworkPlanIds: readonly number[];
  rescheduleOf?: string;
}) {
  const t = useTranslations('booking');
  const te = useTranslations('errors');
  const locale = useLocale();
  const url = useBookingUrl();
  const urlStep = url.step;
  const key = draftKey(provider.id, parseSlotInstant(url.params.get('slot')));
  const keyRef = useRef(key);
  keyRef.current = key;

  const defaults = useCallback(
    () => ({
      ...emptyBooking(initialOfficeId, initialSlot),
      ...(initialReasonId ? { visitReasonId: initialReasonId } : {}),
    }),
    [initialOfficeId, initialSlot, initialReasonId],
  );
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: defaults(),
    shouldFocusError: false,
  });
  const { handleSubmit, setValue, setError, getValues } = form;
  const values = form.watch();

  const [restored, setRestored] = useState(false);
  const [booked, setBooked] = useState<Appointment>();
  const [uploading, setUploading] = useState(false);
  const [slotsInfo, setSlotsInfo] =
    useState<Pick<ProviderSlots, 'officeId' | 'acceptsNewPatients' | 'teledentalAvailable'>>();
  const [pending, setPending] = useState(false);
  const [bookingError, setBookingError] = useState<{ message: string; slot: boolean }>();
  const attempt = useRef<{ fingerprint: string; body: BookAppointmentRequest }>(undefined);
  const bookMutation = useBookAppointment(locale);
  const inFlight = useRef(false);

  // Restore this slot's draft once, in the browser (the server renders nothing of it).
  useEffect(() => {
    const draft = readDraft(keyRef.current);
    if (draft) {
      form.reset({ ...defaults(), ...draft.values, officeId: draft.values.officeId ?? initialOfficeId });
      if (draft.booked) setBooked(draft.booked);
    }
    setRestored(true);
    // Once, on arrival: later changes of the key are the patient's own (a new slot), not a draft to load.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Every change is saved at once, under the current slot's key.
  useEffect(() => {
    if (!restored || booked) return;
    writeDraft(key, getValues());
    const subscription = form.watch((next) => writeDraft(key, next as BookingFormInput));
    return () => subscription.unsubscribe();
  }, [form, getValues, key, restored, booked]);

  const office = provider.offices.find((o) => o.id === values.officeId) ?? provider.offices[0]!;
  const liveInfo = slotsInfo?.officeId === office.id ? slotsInfo : undefined;
  const teledentalAvailable = liveInfo?.teledentalAvailable ?? office.teledentalAvailable;
  const acceptsNewPatients = liveInfo?.acceptsNewPatients ?? office.acceptsNewPatients;
  const fee = feeDue(provider, values.visitType);
  const steps: BookingStep[] = fee > 0 ? ['details', 'confirm', 'payment'] : ['details', 'confirm'];
  const detailsValid = useMemo(() => bookingFormSchema.safeParse(values).success, [values]);

  // The patient's own visits: a slot overlapping one of them (for the same person) is said when chosen.
  const upcoming = useQuery(upcomingForOverlapQueryOptions);
  const overlap = useMemo(() => {
    if (!values.slotStart || booked) return undefined;
    const end = new Date(Date.parse(values.slotStart) + SLOT_MINUTES * 60_000).toISOString();
    const others = (upcoming.data?.items ?? []).filter((a) => a.id !== rescheduleOf);
    return overlappingAppointment(others, { start: values.slotStart, end }, values.patient);
  }, [upcoming.data, values.slotStart, values.patient, rescheduleOf, booked]);

  let step: BookingStep | 'loading' = urlStep;
  if (booked) step = 'booked';
  else if (!restored) step = 'loading';
  else if (step === 'booked' || (step !== 'details' && !detailsValid)) step = 'details';
  else if (step === 'payment' && fee === 0) step = 'confirm';

  // The URL follows the step actually shown (a reload of a step whose draft is gone lands on step 1).
  const { goToStep } = url;
  useEffect(() => {
    if (step !== 'loading' && step !== urlStep) goToStep(step, 'replace');
  }, [step, urlStep, goToStep]);

  // Each step change moves focus to the step's heading, so screen readers announce it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<BookingStep | 'loading'>('loading');
  useEffect(() => {
    if (step === 'loading') return;
    if (shownStep.current !== 'loading' && shownStep.current !== step) {
      headingRef.current?.focus();
      window.scrollTo({ top: 0 });
    }
    shownStep.current = step;
  }, [step]);

  function goTo(next: BookingStep) {
    setBookingError(undefined);
    goToStep(next);
  }

  const onSlotsLoaded = useCallback((slots: ProviderSlots) => setSlotsInfo(slots), []);

  function onSlotChange(next: { officeId: number; slotStart: string }) {
    const changedOffice = next.officeId !== values.officeId;
    setValue('officeId', next.officeId);
    if (changedOffice) {
      const nextOffice = provider.offices.find((o) => o.id === next.officeId);
      if (!nextOffice?.teledentalAvailable) setValue('visitType', 'inOffice');
    }
    // The draft follows the slot into the URL (a reload restores it under the new key).
    removeDraft(key);
    url.change({ office: String(next.officeId), slot: next.slotStart || undefined }, 'replace');
  }

  /** Rules the schema cannot know: the office's answers, the patient's own visits and unfinished uploads. */
  function checkOffice(checked: BookingFormValues): string[] {
    const failed: string[] = [];
    if (checked.visitType === 'virtual' && !teledentalAvailable) {
      setError('visitType', { type: 'office', message: 'api.teledentalUnavailable' });
      failed.push('visitType');
    }
    if (checked.patientType === 'new' && !acceptsNewPatients) {
      setError('patientType', { type: 'office', message: 'api.newPatientsNotAccepted' });
      failed.push('patientType');
    }
    if (uploading) {
      setError('images', { type: 'busy', message: 'booking.images.waitForUploads' });
      failed.push('images');
    }
    return failed;
  }

  const continueToConfirm = handleSubmit(
    (checked) => {
      const failed = checkOffice(checked);
      // The overlap is said under the slot already; its way out takes the focus.
      if (overlap) focusField('chooseAnotherTime');
      else if (failed.length) focusFirstInvalid(failed);
      else goTo('confirm');
    },
    (invalid) => {
      const failed = Object.keys(invalid);
      const parsed = getValues();
      if (parsed.patientType === 'new' && !acceptsNewPatients) {
        setError('patientType', { type: 'office', message: 'api.newPatientsNotAccepted' });
        failed.push('patientType');
      }
      focusFirstInvalid(failed);
    },
  );

  const family = useFamily();
  const reasons = useQuery(visitReasonsQueryOptions(locale));
  const carriers = useQuery(insuranceCarriersQueryOptions(locale));
  const carrier = carriers.data?.find((c) => c.id === values.carrierId);
  const plan = carrier?.plans.find((p) => p.id === values.insurancePlanId);
  const inNetwork = useMemo(() => new Set(inNetworkPlanIds), [inNetworkPlanIds]);
  // The insurance on file for whom the visit is for is what booking offers, unless the patient
  // has already answered the insurance question in this draft.
  const savedInsurance = useSavedInsuranceFor(values.patient === 'self' ? undefined : values.patient);
  useEffect(() => {
    if (!savedInsurance) return;
    const touched = ['insuranceMode', 'carrierId', 'insurancePlanId'] as const;
    if (touched.some((name) => form.getFieldState(name).isDirty)) return;
    form.setValue('insuranceMode', 'insurance');
    form.setValue('carrierId', savedInsurance.carrierId);
    form.setValue('insurancePlanId', savedInsurance.planId);
  }, [form, savedInsurance?.carrierId, savedInsurance?.planId]); // eslint-disable-line react-hooks/exhaustive-deps

  function patientName(): string {
    if (values.patient === 'self') return `${user.firstName} ${user.lastName}`;
    const member = family.data?.find((m) => m.id === values.patient);
    return member ? `${member.firstName} ${member.lastName}` : '';
  }

  async function submitBooking(choice?: PaymentChoice) {
    if (inFlight.current) return;
    const parsed = bookingFormSchema.safeParse(getValues());
    if (!parsed.success) {
      goTo('details');
      return;
    }
    inFlight.current = true;
    setPending(true);
    setBookingError(undefined);
    const fingerprint = JSON.stringify([parsed.data, choice?.fingerprint ?? null, rescheduleOf ?? null]);
    try {
      // The same attempt again (a retry after no answer): the very same request, key included.
      let body = attempt.current?.fingerprint === fingerprint ? attempt.current.body : undefined;
      if (!body) {
        const payment = fee > 0 && choice ? await choice.make() : undefined;
        body = bookingRequest(parsed.data, {
          idempotencyKey: crypto.randomUUID(),
          providerId: provider.id,
          payment,
          rescheduleOf,
        });
        attempt.current = { fingerprint, body };
      }
      const appointment = await bookMutation.mutateAsync(body);
      attempt.current = undefined;
      writeDraft(key, getValues(), appointment);
      setBooked(appointment);
      goToStep('booked');
    } catch (error) {
      if (error instanceof CardTokenError) return;
      if (isSessionLost(error)) {
        window.location.assign(sessionExpiredUrl(locale));
        return;
      }
      // A definite answer ends this attempt; without one (network, 5xx) its key is kept for the retry.
      if (error instanceof ClientApiError && error.status >= 400 && error.status < 500) attempt.current = undefined;
      setBookingError(bookingErrorOf(error));
      if (error instanceof ClientApiError && error.body?.fields?.length) {
        const named = error.body.fields.flatMap((f) => {
          const field = SERVER_FIELDS[f.path];
          if (!field) return [];
          setError(field, { type: 'server', message: f.message });
          return [field];
        });
        if (named.length) {
          goTo('details');
          focusFirstInvalid(named);
        }
      }
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  function bookingErrorOf(error: unknown): { message: string; slot: boolean } {
    if (isOfflineError(error)) return { message: te('offline'), slot: false };
    if (error instanceof ClientApiError && error.body && SHOWN_AS_IS.includes(error.body.errorCode)) {
      return { message: error.body.message, slot: SLOT_ERRORS.includes(error.body.errorCode) };
    }
    return { message: t('bookingFailed'), slot: false };
  }

  function chooseAnotherTime() {
    setValue('slotStart', '', { shouldDirty: true });
    goTo('details');
    focusField('slotStart');
  }

  // The message and its way out are two sentences: the button sits on a line of its own.
  const errorBox: ReactNode = bookingError ? (
    <>
      <span className="block">{bookingError.message}</span>{' '}
      {bookingError.slot ? (
        <button
          type="button"
          onClick={chooseAnotherTime}
          className="mt-2 block font-semibold underline underline-offset-2"
        >
          {t('chooseAnotherTime')}
        </button>
      ) : null}
    </>
  ) : undefined;

  const stepTitle = step === 'loading' ? '' : step === 'booked' ? t('booked.title') : t(`steps.${step}`);
  const stepNumber = step === 'loading' || step === 'booked' ? 0 : steps.indexOf(step) + 1;

  return (
    <FormProvider {...form}>
      <div className="space-y-6">
        {rescheduleOf && step !== 'booked' ? (
          <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">{t('rescheduleNotice')}</p>
        ) : null}
        {step !== 'loading' ? <BookingStepper steps={steps} current={step} /> : null}
        <section
          aria-labelledby="booking-step-heading"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2
            id="booking-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mb-5 text-xl font-semibold text-slate-900"
          >
            {step === 'loading'
              ? t('loading')
              : stepNumber
                ? t('stepHeading', { current: stepNumber, total: steps.length, title: stepTitle })
                : stepTitle}
          </h2>

          {step === 'loading' ? (
            <p role="status" className="text-slate-700">
              {t('restoring')}
            </p>
          ) : null}

          {step === 'details' ? (
            <DetailsStep
              provider={provider}
              user={user}
              teledentalAvailable={teledentalAvailable}
              acceptsNewPatients={acceptsNewPatients}
              carriers={carriers}
              inNetworkPlanIds={inNetwork}
              overlapping={overlap !== undefined}
              uploading={uploading}
              onUploadingChange={setUploading}
              onSlotsLoaded={onSlotsLoaded}
              onSlotChange={onSlotChange}
              onChooseAnotherTime={chooseAnotherTime}
              onSubmit={continueToConfirm}
            />
          ) : null}

          {step === 'confirm' ? (
            <ConfirmStep
              summary={{
                providerName: provider.displayName,
                office,
                slotStart: values.slotStart,
                visitType: values.visitType,
                patientName: patientName(),
                reason: reasons.data?.find((r) => r.id === values.visitReasonId)?.name ?? '',
                insurance:
                  values.insuranceMode === 'insurance' && carrier ? `${carrier.name} - ${plan?.name ?? ''}` : null,
                notes: values.notes,
                imageCount: values.images.length,
                feeCents: fee,
              }}
              outOfNetwork={
                values.insuranceMode === 'insurance' && carrier && plan && isOutOfNetwork(inNetwork, plan.id)
                  ? `${carrier.name} - ${plan.name}`
                  : undefined
              }
              error={errorBox}
              pending={pending}
              onEdit={() => goTo('details')}
              onUseSelfPay={() => setValue('insuranceMode', 'selfPay', { shouldDirty: true })}
              onToPayment={() => goTo('payment')}
              onBook={() => void submitBooking()}
            />
          ) : null}

          {step === 'payment' ? (
            <PaymentStep
              feeCents={fee}
              paymentConfig={paymentConfig}
              pending={pending}
              error={errorBox}
              onPay={(choice) => void submitBooking(choice)}
              onBack={() => goTo('confirm')}
            />
          ) : null}

          {step === 'booked' && booked ? <BookedScreen appointment={booked} /> : null}
        </section>
      </div>
    </FormProvider>
  );
}
