import type { User } from '@/lib/contracts/user';
import { countryByCode } from '@/lib/contracts/country-table';
import { displayName } from '@/lib/display/names';
import { ownImageUrl } from '@/lib/api-client/photo-url';

/**
 * What the header shows of the logged-in user (SPEC.md section 3: name, profileImage, email,
 * country, city, state). Plain strings only, so the server can hand it to the client header
 * without sending the whole profile to the browser.
 */
export interface ShellUser {
  name: string;
  /** The name fields themselves, for the avatar (lib/display/names.ts avatarInitial). */
  firstName: string;
  lastName: string;
  email: string;
  city: string;
  state: string;
  /** Country name in the page's language. */
  country: string;
  profileImage: string | null;
}

/** "city, state, country", skipping empty parts. */
export function shellUserPlace(user: ShellUser): string {
  return [user.city, user.state, user.country].filter(Boolean).join(', ');
}

/** The header's view of a `/v4` user, with the country named in the page's language. */
export function toShellUser(user: User, locale: string): ShellUser {
  const country = countryByCode(user.country);
  return {
    name: displayName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    city: user.city,
    state: user.state,
    country: country ? (locale === 'es' ? country.nameEs : country.nameEn) : user.country,
    profileImage: ownImageUrl(user.profileImage),
  };
}
