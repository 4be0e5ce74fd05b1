import type { Country } from '@/lib/contracts/countries';
import type { NamedRef } from '@/lib/contracts/discovery';
import type { PracticeType } from '@/lib/contracts/practice-requests';
import { PracticeFormView } from './practice-form-view';

/** What the plain form shows before the visitor changes anything (the validated form's default). */
export const INITIAL_PHONE_COUNTRY = 'US';

/** The listing request's plain form, rendered by the server until the validated one arrives (practice-form.tsx). */
export function PlainPracticeForm({
  countries,
  specialties,
  practiceTypes,
}: {
  countries: readonly Country[];
  specialties: readonly NamedRef[];
  practiceTypes: readonly PracticeType[];
}) {
  return (
    <PracticeFormView
      field={(name) =>
        name === 'phoneCountry' || name === 'mobileCountry' ? { name, defaultValue: INITIAL_PHONE_COUNTRY } : { name }
      }
      choice={(name, value) => ({ name, value })}
      countries={countries}
      specialties={specialties}
      practiceTypes={practiceTypes}
      phoneCountry={INITIAL_PHONE_COUNTRY}
      mobileCountry={INITIAL_PHONE_COUNTRY}
    />
  );
}
