/*
 * Kept apart from geo.ts (its zod schemas) so the location search box can cap its input
 * without bringing zod into the location dialog's chunk (the page's JavaScript budget).
 */

export const GEO_QUERY_MAX_LENGTH = 100;
export const GEO_PLACE_ID_MAX_LENGTH = 300;
