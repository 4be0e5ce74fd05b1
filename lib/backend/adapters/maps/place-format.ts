import 'server-only';
import type { Locale } from '../../../i18n/languages';

/**
 * The spec's own example writes the United States as "USA" (section 3 country list, and
 * "Austin, TX, USA"); every other name comes from the runtime's CLDR data in the page's language.
 */
const OVERRIDES: Record<Locale, Record<string, string>> = {
  en: { US: 'USA' },
  es: {},
};

const displayNames = new Map<Locale, Intl.DisplayNames>();

export function countryName(code: string, locale: Locale): string {
  const override = OVERRIDES[locale][code];
  if (override) return override;
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Austin, TX, USA"; a region named like its city is left out ("Madrid, Spain", not "Madrid, Madrid, Spain"). */
export function joinAddress(parts: {
  city?: string | null;
  state?: string | null;
  postalcode?: string | null;
  country?: string | null;
}): string {
  const { city, state, postalcode, country } = parts;
  // Nor one named like its country ("San Juan, Puerto Rico", not "San Juan, Puerto Rico, Puerto Rico").
  const region = state && state !== city && state !== country ? state : null;
  // US style keeps the ZIP beside the state: "New York, NY 10001, USA".
  const regionWithZip = [region, postalcode].filter(Boolean).join(' ');
  return [city, regionWithZip, country].filter((p) => p && p.length > 0).join(', ');
}
