import { getTranslations } from 'next-intl/server';
import { MAX_SEARCH_TEXT_LENGTH } from '@/lib/contracts/discovery-limits';
import { GEO_QUERY_MAX_LENGTH } from '@/lib/contracts/geo-limits';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/languages';
import { ClientMessages } from '@/components/providers/client-messages';
import { buttonClass } from '@/components/ui/button';
import { controlClass, labelClass } from '@/components/ui/field-help';
import { CARE_FIELD, CARE_SEARCH_FORM_CLASS, CARE_SEARCH_SUBMIT_CLASS, LOCATION_FIELD } from './care-search-fields';
import { CareSearchHost, CareSearchLocationHint } from './care-search-host';

const CARE_ID = 'care-search-care';
const LOCATION_ID = 'care-search-location';

/** A text field with its label, as the typeahead's comboboxes are before they open; its hint is `${id}-hint`. */
function PlainCombobox({ id, name, label, placeholder, maxLength }: { id: string; name: string; label: string; placeholder: string; maxLength: number }) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="list"
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        className={controlClass}
      />
    </>
  );
}

/**
 * The type-of-care search of the home and featured-search pages (SPEC.md section 2 "Home"), as
 * the server renders it: the same labels, hints and combobox roles as the typeahead
 * (care-search.tsx) that replaces it on the first reach for it, native inputs and no script of
 * its own. Should the typeahead not arrive (offline), the browser sends the form to the listing.
 */
export async function CareSearchBlock({ locale }: { locale: Locale }) {
  const [t, tl] = await Promise.all([getTranslations('search'), getTranslations('location')]);
  return (
    <ClientMessages namespaces={['search']}>
      <CareSearchHost>
        <form
          role="search"
          aria-label={t('formLabel')}
          action={getPathname({ href: '/search-listing', locale })}
          className={CARE_SEARCH_FORM_CLASS}
        >
          <div className="relative">
            <PlainCombobox id={CARE_ID} name={CARE_FIELD} label={t('careLabel')} placeholder={t('carePlaceholder')} maxLength={MAX_SEARCH_TEXT_LENGTH} />
            <p id={`${CARE_ID}-hint`} className="mt-1 text-sm text-slate-600">
              {t('careHint')}
            </p>
            <p role="status" className="sr-only" />
          </div>
          <div>
            <PlainCombobox id={LOCATION_ID} name={LOCATION_FIELD} label={t('locationLabel')} placeholder={tl('searchPlaceholder')} maxLength={GEO_QUERY_MAX_LENGTH} />
            <CareSearchLocationHint id={`${LOCATION_ID}-hint`} />
          </div>
          <button type="submit" className={buttonClass('primary', CARE_SEARCH_SUBMIT_CLASS)}>
            {t('submit')}
          </button>
        </form>
      </CareSearchHost>
    </ClientMessages>
  );
}
