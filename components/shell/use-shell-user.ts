'use client';

import { useState, useSyncExternalStore } from 'react';
import { hasSignedInHint } from '@/lib/api-client/signed-in-hint';
import type { ShellUser } from './shell-user';

export type ShellUserState = { status: 'pending' } | { status: 'guest' } | { status: 'user'; user: ShellUser };

/** The cookie only changes with a page load (login and logout are full navigations). */
const subscribe = () => () => {};

/**
 * Who the header is for, found in the browser so the pages themselves can be cached for
 * everyone (README "Decisions": cached public pages). `pending` while that is unknown: in the
 * server's HTML and until the answer arrives. Without the signed-in hint nobody is asked: the
 * visitor is a guest, and no query code is loaded. With it, the header mounts <MeWatcher>
 * (loaded on demand, with React Query), which reports the user through `report`; the user then
 * follows the shared `me` query, so a profile change shows in the header at once. A page that
 * knows the user on the server passes it as `initialUser` and skips the pending phase
 * (app/[locale]/@header/account-section).
 */
export function useShellUser(initialUser?: ShellUser): {
  state: ShellUserState;
  /** Whether <MeWatcher> should be mounted. */
  watch: boolean;
  report: (state: ShellUserState) => void;
} {
  // null on the server and while hydrating; then whether the hint cookie is there.
  const hinted = useSyncExternalStore(subscribe, hasSignedInHint, () => null);
  const [watched, report] = useState<ShellUserState>({ status: 'pending' });
  const watch = hinted === true || Boolean(initialUser);
  let state: ShellUserState;
  if (watched.status !== 'pending') state = watched;
  else if (initialUser) state = { status: 'user', user: initialUser };
  else if (hinted === false) state = { status: 'guest' };
  else state = { status: 'pending' };
  return { state, watch, report };
}
