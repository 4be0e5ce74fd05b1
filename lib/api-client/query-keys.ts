/** Query keys shared by server prefetching and client hooks (STYLE.md habit 6). */
export const queryKeys = {
  me: ['me'] as const,
  countries: (locale: string) => ['countries', locale] as const,
  /** Every favourites query: invalidated together after a change. */
  favoritesRoot: ['favorites'] as const,
  favoriteIds: ['favorites', 'ids'] as const,
  search: (locale: string, text: string, lat?: number, lng?: number, country?: string) =>
    ['search', locale, text, lat ?? null, lng ?? null, country ?? null] as const,
};
