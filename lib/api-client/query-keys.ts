/** Query keys shared by server prefetching and client hooks (STYLE.md habit 6). */
export const queryKeys = {
  me: ['me'] as const,
  countries: (locale: string) => ['countries', locale] as const,
  /** Every favourites query: invalidated together after a change. */
  favoritesRoot: ['favorites'] as const,
  favoriteIds: ['favorites', 'ids'] as const,
  search: (locale: string, text: string, lat?: number, lng?: number, country?: string) =>
    ['search', locale, text, lat ?? null, lng ?? null, country ?? null] as const,
  // Booking (issue 12)
  family: ['family'] as const,
  cards: ['cards'] as const,
  visitReasons: (locale: string) => ['visit-reasons', locale] as const,
  insuranceCarriers: (locale: string) => ['insurance-carriers', locale] as const,
  /** Every appointments query (list pages and details): invalidated together after a booking. */
  appointmentsRoot: ['appointments'] as const,
  appointment: (id: string) => ['appointments', 'detail', id] as const,
};
