/** Query keys shared by server prefetching and client hooks (STYLE.md habit 6). */
export const queryKeys = {
  me: ['me'] as const,
  countries: (locale: string) => ['countries', locale] as const,
};
