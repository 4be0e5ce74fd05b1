/*
 * Kept apart from discovery.ts (its zod schemas) so the home page's search box can cap its input
 * without bringing zod into its first load (the page's JavaScript budget), as geo-limits.ts does.
 */

export const MAX_SEARCH_TEXT_LENGTH = 100;
