/**
 * What the two versions of the type-of-care search share: the plain form the server renders
 * (care-search-block.tsx) and the typeahead that replaces it (care-search.tsx). Not in the
 * client module: a server component importing a value from a 'use client' file gets a reference,
 * not the value.
 */
export const CARE_FIELD = 'care';
export const LOCATION_FIELD = 'location';
export const CARE_SEARCH_FORM_CLASS = 'grid items-start gap-4 text-left md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]';
/** Under the Search button, level with the fields (their labels are above them). */
export const CARE_SEARCH_SUBMIT_CLASS = 'md:mt-6';
