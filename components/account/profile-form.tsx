'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import type { User } from '@/lib/contracts/user';
import { useUpdateProfile } from '@/lib/api-client/me';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { useToast } from '@/components/ui/toast';
import { ProfileFields } from './profile-fields';
import { PROFILE_FIELD_NAMES, profileFormSchema } from './profile-form-schema';
import '@/lib/contracts/zod-config';
import type { z } from 'zod';

type Input = z.input<typeof profileFormSchema>;
type Output = z.output<typeof profileFormSchema>;

function formValues(user: User): Input {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneCountry: user.phoneCountry,
    phoneNumber: user.phoneNumber,
    gender: user.gender,
    dateOfBirth: user.dateOfBirth,
    streetAddress: user.streetAddress,
    suite: user.suite ?? '',
    city: user.city,
    state: user.state,
    zip: user.zip,
    country: user.country,
  };
}

/** The sign-up fields minus email, password and terms (PUT /api/me). */
export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const t = useTranslations('account.profile');
  const te = useTranslations('errors');
  const locale = useLocale();
  const router = useRouter();
  const toast = useToast();
  const update = useUpdateProfile();
  const [alert, setAlert] = useState<string>();
  const { formRef, onInvalid, focusFirst } = useFocusFirstInvalid();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(profileFormSchema),
    shouldFocusError: false,
    defaultValues: formValues(user),
  });
  const {
    handleSubmit,
    setError,
    setFocus,
    formState: { isSubmitting },
  } = form;

  useEffect(() => setFocus('firstName'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setAlert(undefined);
    try {
      await update.mutateAsync(values);
      toast.success(t('saved'));
      // Server-rendered parts (the header's name and place) read the profile too.
      router.refresh();
      onDone();
    } catch (error) {
      if (isSessionLost(error)) {
        window.location.assign(sessionExpiredUrl(locale));
        return;
      }
      const fields = applyServerFieldErrors(error, setError, PROFILE_FIELD_NAMES);
      if (fields.length) return focusFirst(fields);
      setAlert(apiErrorMessage(error, { offline: te('offline'), generic: te('editDetailsFailed') }));
    }
  }, onInvalid);

  return (
    <FormProvider {...form}>
      <h3 className="mb-4 text-lg font-semibold text-slate-900">{t('editHeading')}</h3>
      <FormAlert>{alert}</FormAlert>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <ProfileFields />
        <div className="flex flex-wrap gap-3 pt-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('saving') : t('save')}
          </Button>
          <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
