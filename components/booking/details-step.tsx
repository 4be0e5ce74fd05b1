'use client';

import { Controller, useFormContext } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { MAX_NOTES_LENGTH } from '@/lib/contracts/appointments';
import type { ProviderSlots } from '@/lib/contracts/providers';
import type { InsuranceCarrierList } from '@/lib/contracts/reference';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FieldError } from '@/components/ui/field-help';
import { formatFee } from '@/components/provider/format';
import { InsuranceField } from './insurance-field';
import { NotesField } from './notes-field';
import { PatientField } from './patient-field';
import { ReasonField } from './reason-field';
import { SlotField } from './slot-field';
import { TeethImagesField } from './teeth-images-field';
import { useBookingErrorText } from './use-booking-error-text';
import { VisitTypeField } from './visit-type-field';
import type { BookingPatient, BookingProvider } from './booking-types';
import type { BookingFormInput, BookingFormValues } from './booking-form-schema';
import type { FormEventHandler } from 'react';

/**
 * Step 1, "Book Appointment" (SPEC.md section 2): the slot, who the visit is for, visit type,
 * reason, new or returning patient, insurance, notes, teeth images and the terms. A slot that
 * overlaps one of the patient's own appointments is said under the slot at once.
 */
export function DetailsStep({
  provider,
  user,
  teledentalAvailable,
  acceptsNewPatients,
  carriers,
  inNetworkPlanIds,
  overlapping,
  uploading,
  onUploadingChange,
  onSlotsLoaded,
  onSlotChange,
  onChooseAnotherTime,
  onSubmit,
}: {
  provider: BookingProvider;
  user: BookingPatient;
  teledentalAvailable: boolean;
  acceptsNewPatients: boolean;
  carriers: { data: InsuranceCarrierList | undefined; isPending: boolean; isError: boolean };
  inNetworkPlanIds: ReadonlySet<number>;
  /** The chosen slot overlaps one of the patient's own appointments. */
  overlapping: boolean;
  uploading: boolean;
  onUploadingChange: (busy: boolean) => void;
  onSlotsLoaded: (slots: ProviderSlots) => void;
  onSlotChange: (next: { officeId: number; slotStart: string }) => void;
  onChooseAnotherTime: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  const t = useTranslations('booking');
  const locale = useLocale();
  const errorText = useBookingErrorText();
  const { control, register, watch, clearErrors, formState } = useFormContext<
    BookingFormInput,
    unknown,
    BookingFormValues
  >();
  const { errors } = formState;
  const [officeId, visitType, notes] = watch(['officeId', 'visitType', 'notes']);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8" aria-labelledby="booking-step-heading">
      <div>
        <Controller
          control={control}
          name="slotStart"
          render={({ field }) => (
            <SlotField
              providerId={provider.id}
              offices={provider.offices}
              officeId={officeId}
              slotStart={field.value}
              onSlotsLoaded={onSlotsLoaded}
              onChange={(next) => {
                field.onChange(next.slotStart);
                if (next.slotStart) clearErrors('slotStart');
                onSlotChange(next);
              }}
              error={errorText(errors.slotStart?.message)}
            />
          )}
        />
        {overlapping ? <SlotOverlapNotice onChooseAnotherTime={onChooseAnotherTime} /> : null}
      </div>

      <Controller
        control={control}
        name="patient"
        render={({ field }) => (
          <PatientField
            value={field.value}
            onChange={field.onChange}
            user={user}
            error={errorText(errors.patient?.message)}
          />
        )}
      />

      <VisitTypeField
        value={visitType}
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
              className="size-5 accent-brand-700"
              {...register('patientType')}
            />
            {t(`patientType.${type}`)}
          </label>
        ))}
        <FieldError id={errors.patientType ? 'patient-type-error' : undefined}>
          {errorText(errors.patientType?.message)}
        </FieldError>
      </fieldset>

      <InsuranceField
        carriers={carriers.data}
        carriersPending={carriers.isPending}
        carriersFailed={carriers.isError}
        providerName={provider.displayName}
        inNetworkPlanIds={inNetworkPlanIds}
      />

      <NotesField
        value={notes}
        error={errorText(errors.notes?.message, MAX_NOTES_LENGTH)}
        register={register('notes')}
      />

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
            onBusyChange={onUploadingChange}
            error={errorText(errors.images?.message)}
          />
        )}
      />

      <CheckboxField
        label={
          <>
            {t('terms.before')}
            <a
              href="/terms-and-conditions"
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
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
  );
}

/** The spec's `alreadyBooked` message, said when the slot is chosen, with its way out on a line of its own. */
function SlotOverlapNotice({ onChooseAnotherTime }: { onChooseAnotherTime: () => void }) {
  const t = useTranslations();
  return (
    <div
      role="alert"
      className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      <p>{t('api.alreadyBooked')}</p>
      <button
        type="button"
        data-booking-field="chooseAnotherTime"
        onClick={onChooseAnotherTime}
        className="mt-2 font-semibold underline underline-offset-2"
      >
        {t('booking.chooseAnotherTime')}
      </button>
    </div>
  );
}
