'use client';

import { useFormContext } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { InsuranceCarrierList } from '@/lib/contracts/reference';
import { SelectField } from '@/components/ui/select-field';
import { isOutOfNetwork } from './booking-checks';
import { useBookingErrorText } from './use-booking-error-text';
import type { BookingFormInput, BookingFormValues } from './booking-form-schema';

type Carrier = InsuranceCarrierList[number];

/**
 * Self-pay or a carrier and plan. A plan the provider does not list as in network is said at
 * once, with self-pay a click away: the patient may still book with it (SPEC.md lists in-network
 * insurances on the provider; nothing forbids booking out of network), but should know first.
 */
export function InsuranceField({
  carriers,
  carriersPending,
  carriersFailed,
  providerName,
  inNetworkPlanIds,
}: {
  carriers: readonly Carrier[] | undefined;
  carriersPending: boolean;
  carriersFailed: boolean;
  providerName: string;
  inNetworkPlanIds: ReadonlySet<number>;
}) {
  const t = useTranslations('booking');
  const errorText = useBookingErrorText();
  const { register, setValue, watch, formState } = useFormContext<BookingFormInput, unknown, BookingFormValues>();
  const { errors } = formState;
  const [mode, carrierId, planId] = watch(['insuranceMode', 'carrierId', 'insurancePlanId']);
  const carrier = carriers?.find((c) => c.id === carrierId);
  const plan = carrier?.plans.find((p) => p.id === planId);
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold text-slate-900">{t('insurance.legend')}</legend>
      {(['selfPay', 'insurance'] as const).map((value, index) => (
        <label key={value} className="flex items-center gap-3 text-slate-900">
          <input
            type="radio"
            value={value}
            data-booking-field={index === 0 ? 'insuranceMode' : undefined}
            className="size-5 accent-brand-700"
            {...register('insuranceMode')}
          />
          {t(`insurance.${value}`)}
        </label>
      ))}
      {mode === 'insurance' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('insurance.carrier')}
            placeholder={carriersPending ? t('insurance.loading') : t('insurance.selectCarrier')}
            options={(carriers ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
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
            {...register('insurancePlanId', {
              setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)),
            })}
          />
          {carriersFailed ? <p className="text-sm text-red-700 sm:col-span-2">{t('insurance.failed')}</p> : null}
          {plan && isOutOfNetwork(inNetworkPlanIds, plan.id) ? (
            <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:col-span-2">
              <p>{t('insurance.outOfNetwork', { provider: providerName, plan: `${carrier!.name} - ${plan.name}` })}</p>
              <button
                type="button"
                onClick={() => setValue('insuranceMode', 'selfPay', { shouldDirty: true })}
                className="mt-2 font-semibold text-brand-800 underline underline-offset-2"
              >
                {t('insurance.useSelfPay')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
