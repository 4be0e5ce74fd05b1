'use client';

import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useLocale } from 'next-intl';
import { GENDERS } from '@/lib/contracts/user';
import { useCountries } from '@/lib/api-client/countries';
import { useErrorText } from '@/components/ui/form-errors';
import { PROFILE_FIELD_NAMES, type ProfileFormInput } from './profile-form-schema';
import { ProfileFieldsView } from './profile-fields-view';

/**
 * The patient fields of SPEC.md section 3, shared by sign-up and the profile editor, bound to
 * the surrounding react-hook-form. Fields are registered in reading order, so react-hook-form
 * focuses the first invalid one on submit. `afterName` slots in what sign-up adds between the
 * name and the phone (the email).
 */
export function ProfileFields({ afterName }: { afterName?: ReactNode }) {
  const locale = useLocale();
  const countries = useCountries(locale);
  const errorText = useErrorText();
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProfileFormInput>();
  const texts = Object.fromEntries(PROFILE_FIELD_NAMES.map((name) => [name, errorText(errors[name]?.message)]));
  return (
    <ProfileFieldsView
      field={(name) => register(name)}
      errors={texts}
      countries={countries}
      genders={GENDERS}
      phoneCountry={watch('phoneCountry')}
      afterName={afterName}
    />
  );
}
