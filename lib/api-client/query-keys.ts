/** Query keys shared by server prefetching and client hooks (STYLE.md habit 6). */
export const queryKeys = {
  me: ['me'] as const,
  countries: (locale: string) => ['countries', locale] as const,
  /** Every favourites query: invalidated together after a change. */
  favoritesRoot: ['favorites'] as const,
  favoriteIds: ['favorites', 'ids'] as const,
  /** Every appointments query: invalidated together after a cancel or reschedule. */
  appointmentsRoot: ['appointments'] as const,
  /** A page of one tab; the locale is part of the key because names and reasons come translated. */
  appointmentList: (locale: string, tab: string, page: number) => ['appointments', 'list', locale, tab, page] as const,
  appointment: (locale: string, id: string) => ['appointments', 'detail', locale, id] as const,
  search: (locale: string, text: string, lat?: number, lng?: number, country?: string) =>
    ['search', locale, text, lat ?? null, lng ?? null, country ?? null] as const,
  // Booking
  family: ['family'] as const,
  cards: ['cards'] as const,
  visitReasons: (locale: string) => ['visit-reasons', locale] as const,
  insuranceCarriers: (locale: string) => ['insurance-carriers', locale] as const,
};
