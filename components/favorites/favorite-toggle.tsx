'use client';

import { useSyncExternalStore } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  favoriteIdsQueryOptions,
  isFavorite,
  useSetFavorite,
  type FavoriteIds,
  type FavoriteKind,
} from '@/lib/api-client/favorites';
import { apiErrorMessage, isSessionLost } from '@/lib/api-client/error-message';
import { hasSignedInHint } from '@/lib/api-client/signed-in-hint';
import { getPathname } from '@/lib/i18n/navigation';
import { isLocale } from '@/lib/i18n/languages';
import { HeartIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { QueryProvider } from '@/components/providers/query-provider';

/** Same name as POST_LOGIN_REDIRECT_COOKIE in lib/bff/session-config.ts (not imported: that module is server-side). */
const REDIRECT_COOKIE = 'post_login_redirect';

/**
 * Sends a logged-out visitor to the login page, coming back here afterwards. The middleware
 * only saves the post-login redirect for protected paths, and this page is public; so the
 * page writes the same cookie itself (a plain cookie: it holds a path, nothing secret), which
 * POST /api/session reads, checks with safeRedirectPath and clears. A full navigation, so the
 * login page renders fresh.
 */
function goToLogin(locale: string): void {
  const here = `${window.location.pathname}${window.location.search}`;
  document.cookie = `${REDIRECT_COOKIE}=${encodeURIComponent(here)}; path=/; max-age=3600; samesite=lax`;
  window.location.assign(getPathname({ href: '/login', locale: isLocale(locale) ? locale : 'en' }));
}

/** The hint cookie only changes with a page load (login and logout are full navigations). */
const subscribe = () => () => {};

/**
 * The heart on provider and clinic cards and pages: a toggle button (aria-pressed) whose name
 * says what it does ("Save Dr. Ana Núñez to favorites"). State comes from one shared query of
 * the user's favourite ids, so every heart of the same provider agrees; changes are optimistic
 * and roll back with an error toast. Logged out, a click leads to login and back.
 * Its texts are in the "favorites" message namespace: a page using it passes that namespace
 * to the browser (<ClientMessages namespaces={FAVORITE_TOGGLE_MESSAGES}>, lib/i18n/client-messages.ts).
 */
export function FavoriteToggle(props: { kind: FavoriteKind; id: number; name: string; className?: string }) {
  // Loaded after the page (the cached pages have no React Query of their own): it brings it.
  return (
    <QueryProvider>
      <FavoriteToggleButton {...props} />
    </QueryProvider>
  );
}

function FavoriteToggleButton({
  kind,
  id,
  name,
  className = '',
}: {
  kind: FavoriteKind;
  id: number;
  name: string;
  className?: string;
}) {
  const t = useTranslations('favorites');
  const locale = useLocale();
  const toast = useToast();
  const queryClient = useQueryClient();
  // Visitors without the signed-in hint are not asked anything (the provider and clinic pages
  // are cached and public: no request, no 401 for the many who are logged out).
  const hinted = useSyncExternalStore(subscribe, hasSignedInHint, () => null);
  const { data: ids } = useQuery({ ...favoriteIdsQueryOptions, enabled: hinted === true });
  const setFavorite = useSetFavorite();
  const pressed = isFavorite(ids, kind, id);

  async function onClick() {
    let known: FavoriteIds | null | undefined = hinted === false ? null : ids;
    if (known === undefined) known = await queryClient.fetchQuery(favoriteIdsQueryOptions).catch(() => undefined);
    if (known === null) {
      goToLogin(locale);
      return;
    }
    const next = !isFavorite(known, kind, id);
    setFavorite.mutate(
      { kind, id, favorite: next },
      {
        onSuccess: () => toast.info(t(next ? 'saved' : 'removed', { name })),
        onError: (error) => {
          if (isSessionLost(error)) {
            goToLogin(locale);
            return;
          }
          toast.error(apiErrorMessage(error, { offline: t('offline'), generic: t('toggleFailed') }));
        },
      },
    );
  }

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={t('toggleLabel', { name })}
      title={t('toggleLabel', { name })}
      onClick={() => void onClick()}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-700 hover:bg-brand-50 aria-pressed:border-brand-700 ${className}`}
    >
      <HeartIcon className="size-6" fill={pressed ? 'currentColor' : 'none'} />
    </button>
  );
}
