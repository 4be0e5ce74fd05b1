import { z } from 'zod';
import './zod-config';
import { latitudeParam, longitudeParam } from './coordinates';
import { SPOKEN_LANGUAGE_CODES } from './discovery-catalog';
import { ISO_DATE_PATTERN, charCount, parseIsoDate } from './validation';
export { MAX_SEARCH_TEXT_LENGTH } from './discovery-limits';

/*
 * What the discovery contracts share: limits, query parameter atoms and response atoms.
 * Each resource has its own file: providers.ts, clinics.ts, search.ts, favorites.ts, reviews.ts,
 * reference.ts, sitemap.ts, discovery-changes.ts. Query parameters arrive as strings;
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
export function shortText(max: number) {
  return z
    .string()
    .refine((v) => charCount(v) <= max, { message: 'validation.tooLong', params: { max } })
    .meta({ maxLength: max });
}
export const countryText = shortText(60);

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
 * The days slots are listed and booked for: from yesterday (UTC, for time zones behind it) to
 * MAX_DAYS_AHEAD days ahead. One rule for the slot listing's dates and a booking's office-local
 * day, so nothing can be booked that the listing would never offer.
 */
export function withinDateWindow(isoDate: string, now: Date = new Date()): boolean {
  const day = parseIsoDate(isoDate)?.getTime() ?? Number.NaN;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return day >= today - DAY_MS && day <= today + MAX_DAYS_AHEAD * DAY_MS;
}

/**
 * YYYY-MM-DD, a real calendar day, no further back than yesterday (time zones) nor a year
 * ahead. The document carries the pattern (month 01-12, day 01-31: `0000-00-00` is refused by
 * it too) and `format: date` (the calendar); the window is in the description, since it moves.
 */
export const isoDateParam = z
  .string()
  .regex(ISO_DATE_PATTERN, { message: 'validation.invalidDateFormat', abort: true })
  .refine((v) => parseIsoDate(v) !== undefined, { message: 'validation.invalidDate', abort: true })
  .refine((v) => withinDateWindow(v), 'validation.outOfRange')
  .meta({ format: 'date' });

export function dateNote(what: string, maxDays: number): string {
  return (
    `${what} YYYY-MM-DD, from yesterday (UTC) to ${MAX_DAYS_AHEAD} days ahead. ` +
    `\`to\` needs \`from\`, is not before it, and the range covers at most ${maxDays} days.`
  );
}

/** Whole days from `from` to `to`, both YYYY-MM-DD (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to)!.getTime() - parseIsoDate(from)!.getTime()) / DAY_MS);
}

export function checkDateRange(maxDays: number) {
  return (value: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
    if (value.to !== undefined && value.from === undefined) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
    } else if (
      value.from !== undefined &&
      value.to !== undefined &&
      parseIsoDate(value.from) &&
      parseIsoDate(value.to)
    ) {
      const span = daysBetween(value.from, value.to);
      if (span < 0 || span >= maxDays)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRangeInvalid' });
    }
  };
}

// ---- Listings ----

export const listFilters = {
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
  to: isoDateParam
    .describe(dateNote('Available until this office-local date (default `from`):', MAX_FILTER_RANGE_DAYS))
    .optional(),
  sort: z.enum(LIST_SORTS, { error: 'validation.invalid' }).optional(),
  page: intParam(1, MAX_LIST_CANDIDATES)
    .describe(`Page number; listings rank at most the ${MAX_LIST_CANDIDATES} nearest matches.`)
    .optional(),
  pageSize: intParam(1, MAX_PAGE_SIZE).describe(`Results per page (default ${DEFAULT_PAGE_SIZE}).`).optional(),
};

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

/** Where an office is, without its time zone: what an appointment and an address block show. */
export const officeAddressSchema = officeLocationSchema.omit({ timeZone: true });

/** An office as its address block and structured data show it: name, phone and where it is. */
export type OfficePlace = z.infer<typeof officeAddressSchema> & { name: string; phone: string };

export function pageOf<T extends z.ZodType>(item: T) {
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
