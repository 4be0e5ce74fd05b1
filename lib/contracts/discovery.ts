import { z } from 'zod';
import './zod-config';
import { SPOKEN_LANGUAGE_CODES } from './discovery-catalog';
import { bothOrNeither, pairNote } from './pair-rule';
import { ISO_DATE_PATTERN, charCount, parseIsoDate } from './validation';

/*
 * Discovery contracts (issue 3): global search, provider and clinic listings and pages, slots,
 * favourites, filter reference lists and sitemap pages. Query parameters arrive as strings;
 * each `*QuerySchema` parses them (z.input is the string form a client sends, z.output the
 * typed values the backend uses). Unknown query parameters are refused with 400 like unknown
 * body fields. Error messages are message keys (STYLE.md habit 8).
 */

// ---- Limits (client-safe: the UI shows the same bounds the API enforces) ----

/** SPEC.md section 9: slot length. */
export const SLOT_MINUTES = 60;
export const DEFAULT_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 100;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/**
 * Listings rank the nearest matching results, at most this many; `total` stops counting here
 * and `totalCapped` says so ("300+"). Keeps every listing query's cost independent of how
 * many providers the database holds (README "Decisions").
 */
export const MAX_LIST_CANDIDATES = 300;
/** A filter date range covers at most this many days (from and to included). */
export const MAX_FILTER_RANGE_DAYS = 31;
/** GET .../slots answers at most this many days at once. */
export const MAX_SLOT_RANGE_DAYS = 14;
export const DEFAULT_SLOT_RANGE_DAYS = 7;
/** Listings look this far ahead for each result's next slots. */
export const NEXT_SLOTS_LOOKAHEAD_DAYS = 14;
export const NEXT_SLOTS_PER_RESULT = 3;
/** Dates further ahead than this are refused. */
export const MAX_DAYS_AHEAD = 365;
export const SEARCH_GROUP_LIMIT = 5;
export { MAX_SEARCH_TEXT_LENGTH } from './discovery-limits';
import { MAX_SEARCH_TEXT_LENGTH } from './discovery-limits';
export const MAX_SITEMAP_PAGE_SIZE = 50_000;
export const DEFAULT_SITEMAP_PAGE_SIZE = 10_000;
export const REVIEWS_ON_DETAIL = 10;

export const LIST_SORTS = ['ratingDesc', 'ratingAsc', 'closest', 'availability', 'feeDesc', 'feeAsc'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
/** Spec section 3: virtual is shown as Teledentistry / Teledental, inOffice as 'In-office'. */
export const VISIT_TYPES = ['inOffice', 'virtual'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** The 404 of provider and clinic ids, unknown or of the wrong shape (SPEC.md section 8). */
export const NOT_FOUND_MESSAGE_KEY = 'api.officeNotFound';

// ---- Query parameter atoms (strings in) ----

import { latitudeParam, longitudeParam } from './coordinates';

export { latitudeParam, longitudeParam };

const DAY_MS = 86_400_000;

export function intParam(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,10}$/, 'validation.invalid')
    .transform(Number)
    .pipe(z.number().int().min(min, 'validation.outOfRange').max(max, 'validation.outOfRange'));
}

export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'validation.invalid' })
  .transform((v) => v === 'true' || v === '1');

/** Free text of at most `max` characters (code points, as the document's maxLength counts them). */
function shortText(max: number) {
  return z
    .string()
    .refine((v) => charCount(v) <= max, 'validation.tooLong')
    .meta({ maxLength: max });
}
const countryText = shortText(60);

export const slugParam = z
  .string()
  .max(64, 'validation.tooLong')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.invalid');

/** Provider and clinic ids: positive 32-bit integers. Anything else is a 404, not a 400. */
export const MAX_ID = 2_147_483_647;
export function parseEntityId(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}
export const idParam = intParam(1, MAX_ID);

/** Path parameters of provider and clinic pages; any other id answers 404 (parseEntityId). */
export const entityIdPathSchema = z.object({
  id: idParam.describe('Provider or clinic id. Ids of another shape answer 404, like unknown ones.'),
});

/**
 * YYYY-MM-DD, a real calendar day, no further back than yesterday (time zones) nor a year
 * ahead. The document carries the pattern (month 01-12, day 01-31: `0000-00-00` is refused by
 * it too) and `format: date` (the calendar); the window is in the description, since it moves.
 */
export const isoDateParam = z
  .string()
  .regex(ISO_DATE_PATTERN, { message: 'validation.invalidDateFormat', abort: true })
  .refine((v) => parseIsoDate(v) !== undefined, { message: 'validation.invalidDate', abort: true })
  .refine((v) => {
    const day = parseIsoDate(v)?.getTime() ?? Number.NaN;
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    return day >= today - DAY_MS && day <= today + MAX_DAYS_AHEAD * DAY_MS;
  }, 'validation.outOfRange')
  .meta({ format: 'date' });

function dateNote(what: string, maxDays: number): string {
  return (
    `${what} YYYY-MM-DD, from yesterday (UTC) to ${MAX_DAYS_AHEAD} days ahead. ` +
    `\`to\` needs \`from\`, is not before it, and the range covers at most ${maxDays} days.`
  );
}

/** Whole days from `from` to `to`, both YYYY-MM-DD (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to)!.getTime() - parseIsoDate(from)!.getTime()) / DAY_MS);
}

function checkDateRange(maxDays: number) {
  return (value: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
    if (value.to !== undefined && value.from === undefined) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
    } else if (value.from !== undefined && value.to !== undefined && parseIsoDate(value.from) && parseIsoDate(value.to)) {
      const span = daysBetween(value.from, value.to);
      if (span < 0 || span >= maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRangeInvalid' });
    }
  };
}

// ---- Listings ----

const listFilters = {
  lat: latitudeParam.describe('Latitude of the search centre in degrees.'),
  lng: longitudeParam.describe('Longitude of the search centre in degrees.'),
  /** Miles; 1 to 100, default 25. */
  radius: intParam(1, MAX_RADIUS_MILES).describe(`Miles (default ${DEFAULT_RADIUS_MILES}).`).optional(),
  /** Specialty slug (GET /v4/specialties). */
  specialty: slugParam.optional(),
  /** Visit reason slug (GET /v4/visitReasons). */
  visitReason: slugParam.optional(),
  /** Insurance carrier id: any of its plans in network. */
  carrier: idParam.optional(),
  /** Insurance plan id: this plan in network. */
  plan: idParam.optional(),
  /** virtual: offers teledental at an office with teledental payment set up. */
  visitType: z.enum(VISIT_TYPES, { error: 'validation.invalid' }).optional(),
  /** true: only where new patients are accepted; false is the same as leaving it out. */
  acceptsNewPatients: booleanParam.optional(),
  /** Spoken language code (lib/contracts/discovery-catalog.ts). */
  language: z.enum(SPOKEN_LANGUAGE_CODES, { error: 'validation.invalid' }).optional(),
  /** Available on at least one day from `from` to `to` (office local dates; `to` defaults to `from`). */
  from: isoDateParam.describe(dateNote('Available from this office-local date:', MAX_FILTER_RANGE_DAYS)).optional(),
  to: isoDateParam.describe(dateNote('Available until this office-local date (default `from`):', MAX_FILTER_RANGE_DAYS)).optional(),
  sort: z.enum(LIST_SORTS, { error: 'validation.invalid' }).optional(),
  page: intParam(1, MAX_LIST_CANDIDATES)
    .describe(`Page number; listings rank at most the ${MAX_LIST_CANDIDATES} nearest matches.`)
    .optional(),
  pageSize: intParam(1, MAX_PAGE_SIZE).describe(`Results per page (default ${DEFAULT_PAGE_SIZE}).`).optional(),
};

// GET /v4/providers - providers near a point
export const providerListQuerySchema = z.strictObject(listFilters).superRefine(checkDateRange(MAX_FILTER_RANGE_DAYS));
export type ProviderListQueryInput = z.input<typeof providerListQuerySchema>;
export type ProviderListQuery = z.output<typeof providerListQuerySchema>;

// GET /v4/clinics - dental offices near a point; `service` is a service slug (GET /v4/services)
export const clinicListQuerySchema = z
  .strictObject({ ...listFilters, service: slugParam.optional() })
  .superRefine(checkDateRange(MAX_FILTER_RANGE_DAYS));
export type ClinicListQueryInput = z.input<typeof clinicListQuerySchema>;
export type ClinicListQuery = z.output<typeof clinicListQuerySchema>;

// ---- Response atoms ----

export const namedRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;
/** A catalogue entry (language, technology, amenity) with its label in the request's language. */
export const codeLabelSchema = z.object({ code: z.string(), name: z.string() });
export type CodeLabel = z.infer<typeof codeLabelSchema>;
export const ratingSchema = z.object({ average: z.number(), count: z.number().int() });
/** Local wall-clock opening hours; weekday 0 = Sunday ... 6 = Saturday. */
export const businessHoursSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  opens: z.string(),
  closes: z.string(),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** One 60-minute slot: instants in UTC (ISO 8601 with Z) plus the office's local date and time. */
export const slotSchema = z.object({
  start: z.string(),
  end: z.string(),
  localDate: z.string(),
  localTime: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

export const officeLocationSchema = z.object({
  addressLine: z.string(),
  suite: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  countryCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** IANA time zone; slots and hours are in it. */
  timeZone: z.string(),
});

export const providerCardSchema = z.object({
  id: z.number().int(),
  /** "Dr. Ana Núñez" / "Dra. Ana Núñez" in the request's language. */
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Degree: DDS, DMD, ... */
  title: z.string(),
  gender: z.enum(['male', 'female']),
  photoUrl: z.string().nullable(),
  /** Primary specialty first. */
  specialties: z.array(namedRefSchema),
  languages: z.array(codeLabelSchema),
  rating: ratingSchema,
  teledentalFeeCents: z.number().int(),
  officeCount: z.number().int(),
  /** The office this result is about: the nearest matching one. */
  office: officeLocationSchema.extend({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    acceptsNewPatients: z.boolean(),
    offersTeledental: z.boolean(),
    /** offersTeledental and the office can take teledental payments (SPEC.md section 5). */
    teledentalAvailable: z.boolean(),
  }),
  distanceMiles: z.number().nullable(),
  /** The next few slots at `office` (within the filter's dates when given). */
  nextSlots: z.array(slotSchema.extend({ officeId: z.number().int() })),
  updatedAt: z.string(),
});
export type ProviderCard = z.infer<typeof providerCardSchema>;

export const clinicCardSchema = officeLocationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  photoUrl: z.string().nullable(),
  distanceMiles: z.number().nullable(),
  rating: ratingSchema,
  /** Specialties of the providers practising here. */
  specialties: z.array(namedRefSchema),
  providerCount: z.number().int(),
  acceptsNewPatients: z.boolean(),
  teledentalAvailable: z.boolean(),
  minTeledentalFeeCents: z.number().int().nullable(),
  /** The next few slots of any provider here. */
  nextSlots: z.array(slotSchema.extend({ officeId: z.number().int(), providerId: z.number().int() })),
  updatedAt: z.string(),
});
export type ClinicCard = z.infer<typeof clinicCardSchema>;

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Matching results, counted up to MAX_LIST_CANDIDATES. */
    total: z.number().int(),
    /** True when more than MAX_LIST_CANDIDATES matched: show "300+". */
    totalCapped: z.boolean(),
  });
}
export const providerPageSchema = pageOf(providerCardSchema);
export type ProviderPage = z.infer<typeof providerPageSchema>;
export const clinicPageSchema = pageOf(clinicCardSchema);
export type ClinicPage = z.infer<typeof clinicPageSchema>;

// ---- Provider and clinic pages ----

export const reviewSchema = z.object({
  id: z.number().int(),
  patientDisplayName: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  reviewedAt: z.string(),
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  officeResponse: z.object({ text: z.string(), respondedAt: z.string().nullable() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const insuranceGroupSchema = z.object({
  carrierId: z.number().int(),
  carrierName: z.string(),
  plans: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const providerOfficeSchema = officeLocationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  businessHours: z.array(businessHoursSchema),
  /** Weekdays (0 = Sunday) this provider works at this office. */
  workingDays: z.array(z.number().int().min(0).max(6)),
  acceptsNewPatients: z.boolean(),
  offersTeledental: z.boolean(),
  teledentalPaymentReady: z.boolean(),
  teledentalAvailable: z.boolean(),
});

// GET /v4/providers/{id}
export const providerDetailSchema = z.object({
  id: z.number().int(),
  npi: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  gender: z.enum(['male', 'female']),
  photoUrl: z.string().nullable(),
  /** In the request's language. */
  biography: z.string(),
  education: z.array(z.object({ degree: z.string(), institution: z.string(), year: z.number().int() })),
  experienceYears: z.number().int(),
  awards: z.array(z.object({ title: z.string(), year: z.number().int() })),
  specialties: z.array(namedRefSchema),
  visitReasons: z.array(namedRefSchema),
  /** In-network plans grouped by carrier. */
  insurance: z.array(insuranceGroupSchema),
  languages: z.array(codeLabelSchema),
  teledentalFeeCents: z.number().int(),
  rating: ratingSchema,
  /** At one office at least. */
  acceptsNewPatients: z.boolean(),
  teledentalAvailable: z.boolean(),
  offices: z.array(providerOfficeSchema),
  /** The latest REVIEWS_ON_DETAIL; GET /v4/providers/{id}/reviews pages through all. */
  reviews: z.array(reviewSchema),
  /** Changes when the provider, their offices or reviews change (cache revalidation). */
  updatedAt: z.string(),
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

export const clinicProviderSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  gender: z.enum(['male', 'female']),
  photoUrl: z.string().nullable(),
  specialties: z.array(namedRefSchema),
  languages: z.array(codeLabelSchema),
  rating: ratingSchema,
  teledentalFeeCents: z.number().int(),
  workingDays: z.array(z.number().int().min(0).max(6)),
  acceptsNewPatients: z.boolean(),
  offersTeledental: z.boolean(),
  teledentalAvailable: z.boolean(),
});

// GET /v4/clinics/{id}
export const clinicDetailSchema = officeLocationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  /** In the request's language. */
  description: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  photoUrl: z.string().nullable(),
  businessHours: z.array(businessHoursSchema),
  languages: z.array(codeLabelSchema),
  technologies: z.array(codeLabelSchema),
  amenities: z.array(codeLabelSchema),
  /** Procedures and services. */
  services: z.array(namedRefSchema),
  specialties: z.array(namedRefSchema),
  teledentalPaymentReady: z.boolean(),
  rating: ratingSchema,
  providers: z.array(clinicProviderSchema),
  reviews: z.array(reviewSchema),
  updatedAt: z.string(),
});
export type ClinicDetail = z.infer<typeof clinicDetailSchema>;

// GET /v4/providers/{id}/reviews and /v4/clinics/{id}/reviews
export const reviewListQuerySchema = z.strictObject({
  page: intParam(1, 10_000).optional(),
  pageSize: intParam(1, MAX_PAGE_SIZE).optional(),
});
export const reviewPageSchema = z.object({
  items: z.array(reviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

// ---- Slots ----

// GET /v4/providers/{id}/slots?officeId&from&to
export const slotsQuerySchema = z
  .strictObject({
    /** Defaults to the provider's first office. */
    officeId: idParam.optional(),
    /** Office-local dates; from defaults to today there, to to from + 6 days; at most 14 days. */
    from: isoDateParam.describe(dateNote('First office-local day (default today there):', MAX_SLOT_RANGE_DAYS)).optional(),
    to: isoDateParam.describe(dateNote('Last office-local day (default `from` + 6):', MAX_SLOT_RANGE_DAYS)).optional(),
  })
  .superRefine(checkDateRange(MAX_SLOT_RANGE_DAYS));
export type SlotsQueryInput = z.input<typeof slotsQuerySchema>;
export type SlotsQuery = z.output<typeof slotsQuerySchema>;

export const slotDaySchema = z.object({
  /** Office-local date. */
  date: z.string(),
  weekday: z.number().int().min(0).max(6),
  /** Slots starting before 12:00 local time. */
  morning: z.array(slotSchema),
  afternoon: z.array(slotSchema),
});
export type SlotDay = z.infer<typeof slotDaySchema>;

export const providerSlotsSchema = z.object({
  providerId: z.number().int(),
  officeId: z.number().int(),
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  from: z.string(),
  to: z.string(),
  acceptsNewPatients: z.boolean(),
  teledentalAvailable: z.boolean(),
  /** Every day of the range, with empty lists when nothing is free. */
  days: z.array(slotDaySchema),
});
export type ProviderSlots = z.infer<typeof providerSlotsSchema>;

// ---- Global search ----

/**
 * GET /v4/globalSearch (SPEC.md section 7): query userId, favorite; headers searchText,
 * latitude, longitude, country. searchText may be sent percent-encoded (encodeURIComponent)
 * since header values are Latin-1; it is also accepted as a query parameter.
 */
export const globalSearchQuerySchema = z.strictObject({
  /** Must be the logged-in user's id when given (x-auth-token required). */
  userId: z.uuid({ error: 'validation.invalid' }).optional(),
  /** true: only the logged-in user's favourite providers and clinics (x-auth-token required). */
  favorite: booleanParam.optional(),
  searchText: shortText(MAX_SEARCH_TEXT_LENGTH)
    .describe('The text typed; the header of the same name wins when both are sent.')
    .optional(),
  latitude: latitudeParam.describe(`Latitude in degrees. ${pairNote('longitude')} The header wins.`).optional(),
  longitude: longitudeParam.describe(`Longitude in degrees. ${pairNote('latitude')} The header wins.`).optional(),
  country: countryText.optional(),
});
export const globalSearchHeadersSchema = z.object({
  searchText: z
    .string()
    .describe(
      `The text typed, at most ${MAX_SEARCH_TEXT_LENGTH} characters once decoded; percent-encode it (encodeURIComponent) beyond Latin-1.`,
    )
    .optional(),
  latitude: latitudeParam.describe(`Latitude in degrees. ${pairNote('longitude')}`).optional(),
  longitude: longitudeParam.describe(`Longitude in degrees. ${pairNote('latitude')}`).optional(),
  /** ISO code (US) or a country name of the spec's list (USA, Spain, España, ...); others are ignored. */
  country: countryText.optional(),
});

export const searchProviderSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  title: z.string(),
  photoUrl: z.string().nullable(),
  specialty: z.string().nullable(),
  officeName: z.string().nullable(),
  city: z.string().nullable(),
  distanceMiles: z.number().nullable(),
});
export const searchClinicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  countryCode: z.string(),
  distanceMiles: z.number().nullable(),
});
export const globalSearchResponseSchema = z.object({
  clinics: z.array(searchClinicSchema),
  /** Visit reasons. */
  dentalConditions: z.array(namedRefSchema),
  providers: z.array(searchProviderSchema),
  services: z.array(namedRefSchema),
  speciality: z.array(namedRefSchema),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;

/**
 * GET /api/search (the BFF's typeahead for the browser): the same search with everything in
 * the query string; the BFF sends /v4 the spec's headers.
 */
export const searchRequestSchema = z.strictObject({
  searchText: shortText(MAX_SEARCH_TEXT_LENGTH),
  lat: latitudeParam.optional(),
  lng: longitudeParam.optional(),
  country: countryText.optional(),
  /** true: only the logged-in user's favourites (401 when logged out). */
  favorite: booleanParam.optional(),
}).superRefine(bothOrNeither('lat', 'lng'));
export type SearchRequestInput = z.input<typeof searchRequestSchema>;

// ---- Favourites ----

// GET /v4/favorites?lat&lng - distances when a point is given
export const favoritesQuerySchema = z
  .strictObject({
    lat: latitudeParam.describe(`Latitude for distances, in degrees. ${pairNote('lng')}`).optional(),
    lng: longitudeParam.describe(`Longitude for distances, in degrees. ${pairNote('lat')}`).optional(),
  })
  .superRefine(bothOrNeither('lat', 'lng'));
export const favoritesSchema = z.object({
  providerIds: z.array(z.number().int()),
  clinicIds: z.array(z.number().int()),
  providers: z.array(providerCardSchema),
  clinics: z.array(clinicCardSchema),
});
export type Favorites = z.infer<typeof favoritesSchema>;

// GET /v4/favorites/ids - only the ids, for heart toggles (cheap: no cards, no slots)
export const favoriteIdsSchema = z.object({
  providerIds: z.array(z.number().int()),
  clinicIds: z.array(z.number().int()),
});
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

// PUT / DELETE /v4/favorites/providers/{id} and /v4/favorites/clinics/{id} (idempotent)
export const favoriteStatusSchema = z.object({
  kind: z.enum(['provider', 'clinic']),
  id: z.number().int(),
  favorite: z.boolean(),
});
export type FavoriteStatus = z.infer<typeof favoriteStatusSchema>;

// ---- Reference lists for the filters (names in the request's language) ----

export const namedRefListSchema = z.array(namedRefSchema);
export const insuranceCarrierListSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), plans: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
);
export type InsuranceCarrierList = z.infer<typeof insuranceCarrierListSchema>;

// ---- Sitemap ----

// GET /v4/sitemap/providers and /v4/sitemap/clinics
export const sitemapQuerySchema = z.strictObject({
  page: intParam(1, 10_000).optional(),
  pageSize: intParam(1, MAX_SITEMAP_PAGE_SIZE).optional(),
});
/**
 * Page k lists the ids (k-1)*pageSize+1 .. k*pageSize that exist, so a sitemap file keeps its
 * URL set as rows come and go (and may hold fewer ids where some were deleted). Pages 1 to
 * lastPage cover every id; use the same pageSize for all of them.
 */
export const sitemapPageSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), updatedAt: z.string() })),
  page: z.number().int(),
  pageSize: z.number().int(),
  lastPage: z.number().int(),
});
export type SitemapPage = z.infer<typeof sitemapPageSchema>;

// ---- Page cache feed ----

// GET /v4/discoveryChanges
export const discoveryChangesQuerySchema = z.strictObject({
  /** The cursor of the previous answer; without it the answer only says where the feed is now. */
  after: intParam(0, 9_999_999_999).optional(),
});
/**
 * What changed on provider and clinic pages since `after` (whoever wrote it: this API, a seed,
 * psql). `everything`: too much changed, a reference list changed, or the reader fell behind
 * the kept log; every page is stale. Read again with `after = cursor`.
 */
export const discoveryChangesSchema = z.object({
  cursor: z.number().int(),
  everything: z.boolean(),
  providerIds: z.array(z.number().int()),
  clinicIds: z.array(z.number().int()),
});
export type DiscoveryChanges = z.infer<typeof discoveryChangesSchema>;

/** Builds a query string from typed values, leaving out undefined ones (for /v4 and /api callers). */
export function toQueryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
