import type { Country } from '@/lib/contracts/countries';
import type { GENDERS } from '@/lib/contracts/user';
import { ProfileFieldsView } from '@/components/account/profile-fields-view';
import { PlainPasswordField } from '@/components/ui/password-field-markup';
import { SignUpFormView } from './signup-form-view';

/** What the plain form shows before the visitor changes anything (the validated form's default). */
const INITIAL_PHONE_COUNTRY = 'US';

/** Sign-up's plain form, rendered by the server until the validated one arrives (signup-form.tsx). */
export function PlainSignUpForm({ countries, genders }: { countries: readonly Country[]; genders: typeof GENDERS }) {
  return (
    <SignUpFormView
      field={(name) => ({ name })}
      PasswordField={PlainPasswordField}
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
