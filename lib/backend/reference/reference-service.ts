import 'server-only';
import { listCountries } from './reference-repository';
import type { Country } from '../../contracts/countries';
import type { Locale } from '../../i18n/languages';

export async function countries(locale: Locale): Promise<Country[]> {
  const rows = await listCountries();
  return rows.map((row) => ({
    code: row.code as Country['code'],
    name: locale === 'es' ? row.nameEs : row.nameEn,
    dialCode: row.dialCode,
    maxPhoneLength: row.maxPhoneLength,
  }));
}
