import 'server-only';
import { cache } from 'react';
import { getCurrentUser } from '@/lib/bff/user';
import { countryByCode } from '@/lib/contracts/countries';
import { displayName } from '@/lib/display/names';
import type { Locale } from '@/lib/i18n/languages';
import type { ShellUser } from './shell-user';

/**
 * The header's user, loaded once per request (React `cache`) however many server components
 * ask. An expired session yields no user: the middleware and the protected pages deal with it.
 */
export const getShellUser = cache(async (locale: Locale): Promise<ShellUser | undefined> => {
  const { user } = await getCurrentUser(locale);
  if (!user) return undefined;
  const country = countryByCode(user.country);
  return {
    name: displayName(user),
    email: user.email,
    city: user.city,
    state: user.state,
    country: country ? (locale === 'es' ? country.nameEs : country.nameEn) : user.country,
    profileImage: user.profileImage,
  };
});
