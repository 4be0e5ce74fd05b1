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
import { useToast } from '@/components/ui/toast';
import { QueryProvider } from '@/components/providers/query-provider';
import { goToLogin } from './go-to-login';
import { HeartButton } from './heart-button';

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
    <HeartButton
      pressed={pressed}
      label={t('toggleLabel', { name })}
      onClick={() => void onClick()}
      className={className}
    />
  );
}
