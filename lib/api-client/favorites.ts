import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';
import type { FavoriteStatus } from '../contracts/favorites';

/*
 * Favourites through the BFF. No zod parsing here on purpose: the heart toggle sits on the
 * public provider and clinic pages, whose JavaScript budget is tight, and the BFF
 * relays the /v4 contract unchanged.
 */

export type FavoriteKind = 'provider' | 'clinic';

/** Which providers and clinics the user saved; `null` when nobody is logged in. */
export interface FavoriteIds {
  providerIds: number[];
  clinicIds: number[];
}

/** GET /api/favorites/ids - the toggles' state; `null` means logged out. */
export async function getFavoriteIds(signal?: AbortSignal): Promise<FavoriteIds | null> {
  const answer = await apiFetch<FavoriteIds & { signedIn: boolean }>('/favorites/ids', { signal });
  return answer.signedIn ? { providerIds: answer.providerIds, clinicIds: answer.clinicIds } : null;
}

export const favoriteIdsQueryOptions = queryOptions({
  queryKey: queryKeys.favoriteIds,
  queryFn: ({ signal }) => getFavoriteIds(signal),
  staleTime: 60_000,
  retry: false,
});

// PUT or DELETE /api/favorites/{providers|clinics}/{id} - idempotent
export function setFavorite(kind: FavoriteKind, id: number, favorite: boolean): Promise<FavoriteStatus> {
  return apiFetch<FavoriteStatus>(`/favorites/${kind === 'provider' ? 'providers' : 'clinics'}/${id}`, {
    method: favorite ? 'PUT' : 'DELETE',
  });
}

export function isFavorite(ids: FavoriteIds | null | undefined, kind: FavoriteKind, id: number): boolean {
  if (!ids) return false;
  return (kind === 'provider' ? ids.providerIds : ids.clinicIds).includes(id);
}

/** The ids with one entry added or removed (pure, for the optimistic update). */
export function withFavorite(ids: FavoriteIds, kind: FavoriteKind, id: number, favorite: boolean): FavoriteIds {
  const key = kind === 'provider' ? 'providerIds' : 'clinicIds';
  const rest = ids[key].filter((x) => x !== id);
  return { ...ids, [key]: favorite ? [...rest, id] : rest };
}

interface SetFavoriteVariables {
  kind: FavoriteKind;
  id: number;
  favorite: boolean;
}

/**
 * Adds or removes a favourite optimistically: every toggle of that provider or clinic flips at
 * once, and flips back if the server refuses (the caller shows the error toast). The lists are
 * refetched afterwards so /favorites shows the truth after a change elsewhere.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, favorite }: SetFavoriteVariables) => setFavorite(kind, id, favorite),
    onMutate: async ({ kind, id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.favoriteIds });
      const previous = queryClient.getQueryData<FavoriteIds | null>(queryKeys.favoriteIds);
      if (previous) queryClient.setQueryData(queryKeys.favoriteIds, withFavorite(previous, kind, id, favorite));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(queryKeys.favoriteIds, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.favoritesRoot }),
  });
}
