'use client';

import { useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Appointment } from '@/lib/contracts/appointments';
import { useDeleteAccount, useUpcomingForDeletion } from '@/lib/api-client/account';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { getPathname } from '@/lib/i18n/navigation';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormAlert } from '@/components/ui/form-alert';
import { formatFee, formatInstantTime, formatLocalDate } from '@/components/provider/format';

/**
 * "Delete account" at the end of the My Profile tab (SPEC.md section 4 "Account deletion"; issue
 * 13): first the upcoming appointments that deleting cancels, each with the refund rule applied
 * (the appointment's own cancelPolicy, as its cancel button uses), then explicit consent, then
 * PUT /v4/deleteFadAccount?consent=true. The session ends with it: the browser goes to login,
 * where logging in within 30 days restores the account.
 */
export function DeleteAccountSection() {
  const t = useTranslations('deleteAccount');
  const te = useTranslations('errors');
  const locale = useLocale();
  const upcoming = useUpcomingForDeletion();
  const remove = useDeleteAccount();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const consentId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(undefined);
    if (!consent) {
      setConsentError(t('consentRequired'));
      document.getElementById(consentId)?.querySelector('input')?.focus();
      return;
    }
    try {
      await remove.mutateAsync();
      setLeaving(true);
      // A full navigation: every server-rendered part forgets the user, whose session is gone.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a client navigation would keep them
      window.location.assign(`${getPathname({ href: '/login', locale })}?deleted=1`);
    } catch (error) {
      if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
      setAlert(apiErrorMessage(error, { offline: te('offline'), generic: t('failed') }));
    }
  }

  const items = upcoming.data?.items ?? [];
  const busy = remove.isPending || leaving;
  return (
    <section aria-labelledby="delete-account-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h3 id="delete-account-heading" className="text-lg font-semibold text-slate-900">
        {t('heading')}
      </h3>
      <p className="text-slate-700">{t('intro')}</p>
      {upcoming.isPending ? (
        <p className="text-slate-700">{t('loading')}</p>
      ) : upcoming.isError ? (
        <p className="text-red-800">{t('loadFailed')}</p>
      ) : items.length === 0 ? (
        <p className="text-slate-700">{t('noAppointments')}</p>
      ) : (
        <div>
          <h4 id="delete-account-appointments" className="font-semibold text-slate-900">
            {t('appointmentsHeading')}
          </h4>
          <ul aria-labelledby="delete-account-appointments" className="mt-2 space-y-2">
            {items.map((appointment) => (
              <li key={appointment.id} className="rounded-lg border border-slate-300 p-3">
                <p className="text-slate-900">
                  {t('appointment', {
                    provider: appointment.provider.displayName,
                    office: appointment.office.name,
                    date: formatLocalDate(appointment.localDate, locale, {
                      year: 'numeric',
                      month: 'long',
                      day: 'numeric',
                    }),
                    time: formatInstantTime(appointment.start, appointment.timeZone, locale),
                  })}
                </p>
                <p className="text-sm text-slate-700">{refundLine(appointment, t, locale)}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form method="post" noValidate onSubmit={submit} className="space-y-4">
        <FormAlert>{alert}</FormAlert>
        <div id={consentId}>
          <CheckboxField
            label={t('consent')}
            checked={consent}
            isRequired
            error={consentError}
            onChange={(event) => {
              setConsent(event.target.checked);
              if (event.target.checked) setConsentError(undefined);
            }}
          />
        </div>
        {/* Only once the patient has seen what deleting cancels. */}
        <Button type="submit" disabled={!upcoming.isSuccess || busy}>
          {busy ? t('submitting') : t('submit')}
        </Button>
      </form>
    </section>
  );
}

function refundLine(
  appointment: Appointment,
  t: ReturnType<typeof useTranslations<'deleteAccount'>>,
  locale: string,
): string {
  const policy = appointment.cancelPolicy;
  if (!policy.cancelable) return t('notCancelable');
  if (appointment.feeCents === 0 || !appointment.payment) return t('nothingPaid');
  if (policy.refundEligible) return t('refund', { amount: formatFee(policy.refundAmountCents, locale) });
  return t('noRefund');
}
