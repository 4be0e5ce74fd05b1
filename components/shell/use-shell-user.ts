'use client';

import { useSyncExternalStore } from 'react';
import { useLocale } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@/lib/contracts/user';
import { countryByCode } from '@/lib/contracts/country-table';
import { displayName } from '@/lib/display/names';
import { meQueryOptions } from '@/lib/api-client/me';
import { hasSignedInHint } from '@/lib/api-client/signed-in-hint';
import type { ShellUser } from './shell-user';

export type ShellUserState = { status: 'pending' } | { status: 'guest' } | { status: 'user'; user: ShellUser };

/** The cookie only changes with a page load (login and logout are full navigations). */
const subscribe = () => () => {};

export function toShellUser(user: User, locale: string): ShellUser {
  const country = countryByCode(user.country);
  return {
    name: displayName(user),
    email: user.email,
    city: user.city,
    state: user.state,
    country: country ? (locale === 'es' ? country.nameEs : country.nameEn) : user.country,
    profileImage: user.profileImage,
  };
}

/**
 * Who the header is for, found in the browser so the pages themselves can be cached for
 * everyone (README "Decisions": cached public pages). `pending` while that is unknown: in the
 * server's HTML and until the answer arrives; pages that know the user on the server hydrate
 * it under the same query key (app/[locale]/@header/account-section) and skip that phase.
 * Without the signed-in hint nobody is asked: the visitor is a guest.
 */
export function useShellUser(): ShellUserState {
  const locale = useLocale();
  // null on the server and while hydrating; then whether the hint cookie is there.
  const hinted = useSyncExternalStore(subscribe, hasSignedInHint, () => null);
  const me = useQuery({ ...meQueryOptions, enabled: hinted === true });
  if (me.data) return { status: 'user', user: toShellUser(me.data, locale) };
  if (me.data === null || hinted === false || me.isError) return { status: 'guest' };
  return { status: 'pending' };
}
