'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'next/navigation';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { Appointment, BookAppointmentRequest } from '@/lib/contracts/appointments';
import { MAX_NOTES_LENGTH } from '@/lib/contracts/appointments';
import type { ErrorCode } from '@/lib/contracts/errors';
import type { ProviderSlots } from '@/lib/contracts/providers';
import type { PaymentClientConfig } from '@/lib/contracts/payment-config';
import { charCount } from '@/lib/contracts/validation';
import {
  insuranceCarriersQueryOptions,
  useBookAppointment,
  useFamily,
  visitReasonsQueryOptions,
} from '@/lib/api-client/booking';
import { ClientApiError } from '@/lib/api-client/http';
import { useSavedInsuranceFor } from '@/lib/api-client/insurance';
import { isOfflineError, isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FieldError, FieldHint, controlClass, fieldA11y, labelClass } from '@/components/ui/field-help';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/select-field';
import { formatFee } from '@/components/provider/format';
import { parseSlotInstant } from '@/components/slots/slot-selection';
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
import { BookingSummary } from './booking-summary';
import { feeDue, type BookingPatient, type BookingProvider } from './booking-types';
import { PatientField } from './patient-field';
import { PaymentStep, type PaymentChoice } from './payment-step';
import { ReasonField } from './reason-field';
import { TeethImagesField } from './teeth-images-field';
import { CardTokenError } from './tokenize-card';
import { SlotField } from './slot-field';
import { useBookingErrorText } from './use-booking-error-text';

const STEPS: readonly BookingStep[] = ['details', 'confirm', 'payment', 'booked'];

function parseStep(value: string | null): BookingStep {
  return STEPS.find((s) => s === value) ?? 'details';
}

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

/** Moves the URL without asking the server for the page again; Next's useSearchParams follows. */
function setUrl(change: Record<string, string | undefined>, mode: 'push' | 'replace') {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  if (url.href === window.location.href) return;
  window.history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', url);
}

/**
 * /book-new-appointment (SPEC.md section 2; issue 12): select availability, confirm details,
 * payment (only when a fee is due), booked. The step lives in the URL (`step=`), so the back
 * button and a reload land on it; the form's draft lives in sessionStorage, keyed by the slot,
 * so a reload restores it (uploaded images by id). A booking attempt keeps one idempotency key
 * until the server has answered it, so a retry after a lost answer books and charges once.
 */
export function BookingFlow({
  provider,
  user,
  initialOfficeId,
  initialSlot,
  rescheduleOf,
  paymentConfig,
}: {
  paymentConfig: PaymentClientConfig;
  provider: BookingProvider;
  user: BookingPatient;
  initialOfficeId: number;
  initialSlot?: string;
  rescheduleOf?: string;
}) {
  const t = useTranslations('booking');
  const te = useTranslations('errors');
  const locale = useLocale();
  const errorText = useBookingErrorText();
  const params = useSearchParams();
  const urlStep = parseStep(params.get('step'));
  const key = draftKey(provider.id, parseSlotInstant(params.get('slot')));
  const keyRef = useRef(key);
  keyRef.current = key;

  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: emptyBooking(initialOfficeId, initialSlot),
    shouldFocusError: false,
  });
  const { control, register, handleSubmit, setValue, setError, clearErrors, getValues, formState } = form;
  const { errors } = formState;
  const values = form.watch();

  const [restored, setRestored] = useState(false);
  const [booked, setBooked] = useState<Appointment>();
  const [uploading, setUploading] = useState(false);
  const [slotsInfo, setSlotsInfo] = useState<Pick<ProviderSlots, 'officeId' | 'acceptsNewPatients' | 'teledentalAvailable'>>();
  const [pending, setPending] = useState(false);
  const [bookingError, setBookingError] = useState<{ message: string; slot: boolean }>();
  const attempt = useRef<{ fingerprint: string; body: BookAppointmentRequest }>(undefined);
  const bookMutation = useBookAppointment(locale);
  const inFlight = useRef(false);

  // Restore this slot's draft once, in the browser (the server renders nothing of it).
  useEffect(() => {
    const draft = readDraft(keyRef.current);
    if (draft) {
      form.reset({ ...emptyBooking(initialOfficeId, initialSlot), ...draft.values, officeId: draft.values.officeId ?? initialOfficeId });
      if (draft.booked) setBooked(draft.booked);
    }
    setRestored(true);
    // Once, on arrival: later changes of the key are the patient's own (a new slot), not a draft to load.
  }, []);

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

  let step: BookingStep | 'loading' = urlStep;
  if (booked) step = 'booked';
  else if (!restored) step = 'loading';
  else if (step === 'booked' || (step !== 'details' && !detailsValid)) step = 'details';
  else if (step === 'payment' && fee === 0) step = 'confirm';

  // The URL follows the step actually shown (a reload of a step whose draft is gone lands on step 1).
  useEffect(() => {
    if (step !== 'loading' && step !== urlStep) setUrl({ step: step === 'details' ? undefined : step }, 'replace');
  }, [step, urlStep]);

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
    setUrl({ step: next === 'details' ? undefined : next }, 'push');
  }

  const onSlotsLoaded = useCallback((slots: ProviderSlots) => setSlotsInfo(slots), []);

  function focusField(name: string) {
    window.setTimeout(() => document.querySelector<HTMLElement>(`[data-booking-field="${name}"]`)?.focus(), 0);
  }

  function firstInvalid(names: Iterable<string>) {
    const set = new Set(names);
    const first = DETAIL_FIELDS.find((f) => set.has(f));
    if (first) focusField(first);
  }

  /** Rules the schema cannot know: the office's answers and unfinished uploads. */
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
      if (failed.length) firstInvalid(failed);
      else goTo('confirm');
    },
    (invalid) => {
      const failed = Object.keys(invalid);
      const parsed = getValues();
      if (parsed.patientType === 'new' && !acceptsNewPatients) {
        setError('patientType', { type: 'office', message: 'api.newPatientsNotAccepted' });
        failed.push('patientType');
      }
      firstInvalid(failed);
    },
  );

  const family = useFamily();
  const reasons = useQuery(visitReasonsQueryOptions(locale));
  const carriers = useQuery(insuranceCarriersQueryOptions(locale));
  const carrier = carriers.data?.find((c) => c.id === values.carrierId);
  // The insurance on file for whom the visit is for is what booking offers (issue 13), unless
  // the patient has already answered the insurance question in this draft.
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
        body = bookingRequest(parsed.data, { idempotencyKey: crypto.randomUUID(), providerId: provider.id, payment, rescheduleOf });
        attempt.current = { fingerprint, body };
      }
      const appointment = await bookMutation.mutateAsync(body);
      attempt.current = undefined;
      writeDraft(key, getValues(), appointment);
      setBooked(appointment);
      setUrl({ step: 'booked' }, 'push');
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
          firstInvalid(named);
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

  const errorBox: ReactNode = bookingError ? (
    <span className="block">
      {bookingError.message}
      {bookingError.slot ? (
        <button type="button" onClick={chooseAnotherTime} className="ml-2 font-semibold underline underline-offset-2">
          {t('chooseAnotherTime')}
        </button>
      ) : null}
    </span>
  ) : undefined;

  const stepTitle = step === 'loading' ? '' : step === 'booked' ? t('booked.title') : t(`steps.${step}`);
  const stepNumber = step === 'loading' || step === 'booked' ? 0 : steps.indexOf(step) + 1;

  return (
    <div className="space-y-6">
      {rescheduleOf && step !== 'booked' ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">{t('rescheduleNotice')}</p>
      ) : null}
      {step !== 'loading' ? <BookingStepper steps={steps} current={step} /> : null}
      <section aria-labelledby="booking-step-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="booking-step-heading" ref={headingRef} tabIndex={-1} className="mb-5 text-xl font-semibold text-slate-900">
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
          <form noValidate onSubmit={continueToConfirm} className="space-y-8" aria-labelledby="booking-step-heading">
            <Controller
              control={control}
              name="slotStart"
              render={({ field }) => (
                <SlotField
                  providerId={provider.id}
                  offices={provider.offices}
                  officeId={values.officeId}
                  slotStart={field.value}
                  onSlotsLoaded={onSlotsLoaded}
                  onChange={(next) => {
                    const changedOffice = next.officeId !== values.officeId;
                    setValue('officeId', next.officeId);
                    field.onChange(next.slotStart);
                    if (next.slotStart) clearErrors('slotStart');
                    if (changedOffice) {
                      const nextOffice = provider.offices.find((o) => o.id === next.officeId);
                      if (!nextOffice?.teledentalAvailable) setValue('visitType', 'inOffice');
                    }
                    // The draft follows the slot into the URL (a reload restores it under the new key).
                    const previousKey = key;
                    removeDraft(previousKey);
                    setUrl({ office: String(next.officeId), slot: next.slotStart || undefined }, 'replace');
                  }}
                  error={errorText(errors.slotStart?.message)}
                />
              )}
            />

            <Controller
              control={control}
              name="patient"
              render={({ field }) => (
                <PatientField value={field.value} onChange={field.onChange} user={user} error={errorText(errors.patient?.message)} />
              )}
            />

            <VisitTypeField
              value={values.visitType}
              teledentalAvailable={teledentalAvailable}
              feeText={formatFee(provider.teledentalFeeCents, locale)}
              error={errorText(errors.visitType?.message)}
              register={register('visitType')}
            />

            <Controller
              control={control}
              name="visitReasonId"
              render={({ field }) => (
                <ReasonField value={field.value} onChange={field.onChange} error={errorText(errors.visitReasonId?.message)} />
              )}
            />

            <fieldset aria-describedby={errors.patientType ? 'patient-type-error' : undefined} className="space-y-2">
              <legend className="text-lg font-semibold text-slate-900">{t('patientType.legend')}</legend>
              {!acceptsNewPatients ? <p className="text-sm text-slate-800">{t('patientType.existingOnly')}</p> : null}
              {(['existing', 'new'] as const).map((type, index) => (
                <label key={type} className="flex items-center gap-3 text-slate-900">
                  <input
                    type="radio"
                    value={type}
                    data-booking-field={index === 0 ? 'patientType' : undefined}
                    aria-invalid={errors.patientType ? true : undefined}
                    className="size-5 accent-brand-700"
                    {...register('patientType')}
                  />
                  {t(`patientType.${type}`)}
                </label>
              ))}
              <FieldError id={errors.patientType ? 'patient-type-error' : undefined}>{errorText(errors.patientType?.message)}</FieldError>
            </fieldset>

            <fieldset className="space-y-3">
              <legend className="text-lg font-semibold text-slate-900">{t('insurance.legend')}</legend>
              {(['selfPay', 'insurance'] as const).map((mode, index) => (
                <label key={mode} className="flex items-center gap-3 text-slate-900">
                  <input
                    type="radio"
                    value={mode}
                    data-booking-field={index === 0 ? 'insuranceMode' : undefined}
                    className="size-5 accent-brand-700"
                    {...register('insuranceMode')}
                  />
                  {t(`insurance.${mode}`)}
                </label>
              ))}
              {values.insuranceMode === 'insurance' ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    label={t('insurance.carrier')}
                    placeholder={carriers.isPending ? t('insurance.loading') : t('insurance.selectCarrier')}
                    options={(carriers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                    isRequired
                    data-booking-field="carrierId"
                    error={errorText(errors.carrierId?.message)}
                    {...register('carrierId', {
                      setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)),
                      onChange: () => setValue('insurancePlanId', undefined),
                    })}
                  />
                  <SelectField
                    label={t('insurance.plan')}
                    placeholder={t('insurance.selectPlan')}
                    options={(carrier?.plans ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                    isRequired
                    disabled={!carrier}
                    data-booking-field="insurancePlanId"
                    error={errorText(errors.insurancePlanId?.message)}
                    {...register('insurancePlanId', { setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)) })}
                  />
                  {carriers.isError ? <p className="text-sm text-red-700 sm:col-span-2">{t('insurance.failed')}</p> : null}
                </div>
              ) : null}
            </fieldset>

            <NotesField value={values.notes} error={errorText(errors.notes?.message)} register={register('notes')} />

            <Controller
              control={control}
              name="images"
              render={({ field }) => (
                <TeethImagesField
                  value={field.value}
                  onChange={(images) => {
                    field.onChange(images);
                    clearErrors('images');
                  }}
                  onBusyChange={setUploading}
                  error={errorText(errors.images?.message)}
                />
              )}
            />

            <CheckboxField
              label={
                <>
                  {t('terms.before')}
                  <a href="/terms-and-conditions" target="_blank" rel="noopener" className="font-semibold text-brand-800 underline underline-offset-2">
                    {t('terms.link')}
                    <span className="sr-only"> {t('opensInNewTab')}</span>
                  </a>
                  {t('terms.after')}
                </>
              }
              isRequired
              data-booking-field="acceptTerms"
              error={errorText(errors.acceptTerms?.message)}
              {...register('acceptTerms')}
            />

            <Button type="submit" disabled={uploading} aria-describedby={uploading ? 'booking-uploading' : undefined}>
              {t('continue')}
            </Button>
            {uploading ? (
              <p id="booking-uploading" className="text-sm text-slate-700">
                {t('images.waitForUploads')}
              </p>
            ) : null}
          </form>
        ) : null}

        {step === 'confirm' ? (
          <div className="space-y-6">
            <FormAlert>{errorBox}</FormAlert>
            <BookingSummary
              data={{
                providerName: provider.displayName,
                office,
                slotStart: values.slotStart,
                visitType: values.visitType,
                patientName: patientName(),
                reason: reasons.data?.find((r) => r.id === values.visitReasonId)?.name ?? '',
                insurance:
                  values.insuranceMode === 'insurance' && carrier
                    ? `${carrier.name} - ${carrier.plans.find((p) => p.id === values.insurancePlanId)?.name ?? ''}`
                    : null,
                notes: values.notes,
                imageCount: values.images.length,
                feeCents: fee,
              }}
            />
            {fee === 0 ? <p className="text-slate-800">{t('confirmStep.nothingDue')}</p> : null}
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => goTo('details')} disabled={pending}>
                {t('confirmStep.edit')}
              </Button>
              {fee > 0 ? (
                <Button onClick={() => goTo('payment')}>{t('confirmStep.toPayment')}</Button>
              ) : (
                <Button onClick={() => void submitBooking()} disabled={pending} aria-busy={pending || undefined}>
                  {pending ? t('confirmStep.booking') : t('confirmStep.book')}
                </Button>
              )}
            </div>
          </div>
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
  );
}

function VisitTypeField({
  value,
  teledentalAvailable,
  feeText,
  error,
  register,
}: {
  value: string;
  teledentalAvailable: boolean;
  feeText: string;
  error?: string;
  register: UseFormRegisterReturn;
}) {
  const t = useTranslations('booking.visitType');
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} className="space-y-2">
      <legend className="text-lg font-semibold text-slate-900">{t('legend')}</legend>
      <label className="flex items-center gap-3 text-slate-900">
        <input type="radio" value="inOffice" data-booking-field="visitType" className="size-5 accent-brand-700" {...register} />
        {t('inOffice')} <span className="text-sm text-slate-700">({t('inOfficeFee')})</span>
      </label>
      {teledentalAvailable ? (
        <label className="flex items-center gap-3 text-slate-900">
          <input type="radio" value="virtual" className="size-5 accent-brand-700" {...register} />
          {t('virtual')} <span className="text-sm text-slate-700">({t('virtualFee', { fee: feeText })})</span>
        </label>
      ) : (
        <p className="text-sm text-slate-700">{t('virtualUnavailable')}</p>
      )}
      {value === 'virtual' ? <p className="text-sm text-slate-700">{t('virtualHint')}</p> : null}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

function NotesField({
  value,
  error,
  register,
}: {
  value: string;
  error?: string;
  register: UseFormRegisterReturn;
}) {
  const t = useTranslations('booking.notes');
  const id = useId();
  const left = MAX_NOTES_LENGTH - charCount(value ?? '');
  const counterId = `${id}-counter`;
  const { hintId, errorId, controlProps } = fieldA11y(id, { hint: t('hint'), error });
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('label')}
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={MAX_NOTES_LENGTH}
        aria-required
        data-booking-field="notes"
        {...controlProps}
        aria-describedby={[controlProps['aria-describedby'], counterId].filter(Boolean).join(' ')}
        {...register}
        className={controlClass}
      />
      <FieldHint id={hintId}>{t('hint')}</FieldHint>
      <p id={counterId} className="mt-1 text-sm text-slate-600">
        {t('left', { count: left })}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
