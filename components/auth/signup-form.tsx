'use client';

import type { Country } from '@/lib/contracts/countries';
import type { GENDERS } from '@/lib/contracts/user';
import { ProfileFieldsView } from '@/components/account/profile-fields-view';
import { useDeferredForm } from './deferred-form';
import { SignUpFormView } from './signup-form-view';

// The validation (react-hook-form, zod, the contract, libphonenumber, React Query) comes on the
// first reach for the form.
const loadValidated = () => import('./signup-form-validated').then((m) => m.ValidatedSignUpForm);

/** What the plain form shows before the visitor changes anything (the validated form's defaults). */
const INITIAL_PHONE_COUNTRY = 'US';

export function SignUpForm({
  countries,
  serverCountries,
  genders,
}: {
  /** The country list for the selects: the server's, or the contract's table if it failed. */
  countries: readonly Country[];
  /** The server's list when it answered, handed to the validated form's query cache. */
  serverCountries?: Country[];
  genders: typeof GENDERS;
}) {
  const { loaded, plainProps } = useDeferredForm(loadValidated);
  if (loaded) return <loaded.Form serverCountries={serverCountries} resume={loaded.resume} />;
  return (
    <SignUpFormView
      formProps={plainProps}
      field={(name) => ({ name })}
      profileFields={(afterName) => (
        <ProfileFieldsView
          field={(name) => (name === 'phoneCountry' ? { name, defaultValue: INITIAL_PHONE_COUNTRY } : { name })}
          errors={{}}
          countries={countries}
          genders={genders}
          phoneCountry={INITIAL_PHONE_COUNTRY}
          afterName={afterName}
        />
      )}
    />
  );
}
