import {
  DEFAULT_PAGE_SIZE,
  LIST_SORTS,
  MAX_LIST_CANDIDATES,
  daysBetween,
  MAX_FILTER_RANGE_DAYS,
  type ListSort,
} from '@/lib/contracts/discovery';
import { clinicListQuerySchema, type ClinicListQueryInput } from '@/lib/contracts/clinics';
import type { ProviderListQueryInput } from '@/lib/contracts/providers';
import { FILTER_KEYS, type ListingFilters, type ListingKind } from './listing-href';
import '@/lib/contracts/zod-config';
import type { z } from 'zod';

/*
 * The /search-listing URL query <-> the listing's filters (every filter and sort lives
 * in the URL, so a search is shareable and the back button walks through it). Parsing uses the
 * /v4 contract's own field schemas, one field at a time: a bad value is dropped, never an error
 * page, and whatever survives is something /v4 accepts.
 */

export { LISTING_KINDS, careListingFilters, listingHref, listingSearchParams } from './listing-href';
export type { ListingFilters } from './listing-href';
export const LISTING_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** /v4 ranks at most MAX_LIST_CANDIDATES results, so pages past this hold nothing. */
export const LAST_LISTING_PAGE = Math.ceil(MAX_LIST_CANDIDATES / LISTING_PAGE_SIZE);
/** Radius choices of the filter menu (miles); the API takes any whole number 1 to 100. */
export const RADIUS_CHOICES = [5, 10, 25, 50, 100] as const;
/** When no sort is given /v4 sorts closest first; the menu shows that. */
export const DEFAULT_SORT: ListSort = 'closest';
export { LIST_SORTS };

export type RawQuery = URLSearchParams | Record<string, string | string[] | undefined>;

function first(query: RawQuery, name: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

const shape = clinicListQuerySchema.shape;

function field<K extends keyof typeof shape>(query: RawQuery, name: K): z.output<(typeof shape)[K]> | undefined {
  const raw = first(query, name);
  if (raw === undefined || raw === '') return undefined;
  const parsed = shape[name].safeParse(raw);
  return parsed.success ? (parsed.data as z.output<(typeof shape)[K]>) : undefined;
}

/** lat and lng of a page's URL query, both valid or neither (home and featured search). */
export function centerFromQuery(query: RawQuery): { lat: number; lng: number } | null {
  const lat = field(query, 'lat');
  const lng = field(query, 'lng');
  return lat !== undefined && lng !== undefined ? { lat, lng } : null;
}

/** Reads the listing's filters from a URL query, dropping whatever /v4 would refuse. */
export function parseListingQuery(query: RawQuery): ListingFilters {
  const kind: ListingKind = first(query, 'kind') === 'clinics' ? 'clinics' : 'providers';
  const lat = field(query, 'lat');
  const lng = field(query, 'lng');
  const filters: ListingFilters = {
    kind,
    // Both or neither: a lone coordinate is no location.
    lat: lat !== undefined && lng !== undefined ? lat : undefined,
    lng: lat !== undefined && lng !== undefined ? lng : undefined,
    radius: field(query, 'radius'),
    specialty: field(query, 'specialty'),
    visitReason: field(query, 'visitReason'),
    service: kind === 'clinics' ? field(query, 'service') : undefined,
    carrier: field(query, 'carrier'),
    plan: field(query, 'plan'),
    insurance: first(query, 'insurance') === 'any' ? 'any' : undefined,
    visitType: field(query, 'visitType'),
    acceptsNewPatients: field(query, 'acceptsNewPatients') ? true : undefined,
    language: field(query, 'language'),
    sort: field(query, 'sort'),
    rescheduleOf: appointmentIdParam(first(query, 'rescheduleOf')),
  };
  let from = field(query, 'from');
  let to = field(query, 'to');
  // /v4 wants `from` with any `to`, to on or after from, at most 31 days: a range it would refuse
  // is narrowed to what was clearly meant (a lone `to` becomes a one-day range).
  if (from === undefined && to !== undefined) [from, to] = [to, undefined];
  if (from !== undefined && to !== undefined) {
    const span = daysBetween(from, to);
    if (span < 0 || span >= MAX_FILTER_RANGE_DAYS) to = undefined;
  }
  filters.from = from;
  filters.to = to === from ? undefined : to;
  const page = field(query, 'page');
  filters.page = page !== undefined && page > 1 ? Math.min(page, LAST_LISTING_PAGE) : undefined;
  // A chosen carrier or plan says more than "any insurance".
  if (filters.carrier !== undefined || filters.plan !== undefined) filters.insurance = undefined;
  return withoutUndefined(filters);
}

/** A carrier and plan on file (the patient's own insurance, GET /v4/insurance). */
export interface SavedInsurance {
  carrierId: number;
  planId: number;
}

/**
 * True when the URL says nothing about insurance: no carrier, no plan, and not "any insurance".
 * Only then does the listing start from the insurance on file (and only then is it looked up).
 */
export function startsFromSavedInsurance(filters: ListingFilters): boolean {
  return filters.carrier === undefined && filters.plan === undefined && filters.insurance === undefined;
}

/**
 * "the chosen insurance is what the listing's insurance filter starts from". A
 * patient with insurance on file whose URL says nothing about insurance sees the listing
 * filtered by their carrier and plan, shown in the filter like any choice of theirs, so they
 * can clear it; clearing writes `insurance=any` (applyListingChanges), which then sticks.
 */
export function withSavedInsurance(filters: ListingFilters, saved: SavedInsurance | undefined): ListingFilters {
  if (!saved || !startsFromSavedInsurance(filters)) return filters;
  return { ...filters, carrier: saved.carrierId, plan: saved.planId };
}

/** An appointment id (a UUID) or nothing: /v4 decides at booking whether it is the patient's. */
function appointmentIdParam(value: string | undefined): string | undefined {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value.toLowerCase()
    : undefined;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export type ListingChanges = Partial<{ [K in keyof ListingFilters]: ListingFilters[K] | undefined }>;

/**
 * The filters after a change. Any change but a page change goes back to page 1 (the old page
 * number means nothing in a new result set); a plan belongs to its carrier; the service filter
 * exists for clinics only.
 */
export function applyListingChanges(filters: ListingFilters, changes: ListingChanges): ListingFilters {
  const next: ListingFilters = { ...filters, ...changes } as ListingFilters;
  if (!('page' in changes)) delete next.page;
  if ('carrier' in changes && changes.carrier !== filters.carrier && !('plan' in changes)) delete next.plan;
  // Clearing the carrier is a choice too: "any insurance" keeps the insurance on file from
  // coming back (withSavedInsurance); choosing one makes the marker moot.
  if ('carrier' in changes) {
    if (next.carrier === undefined) next.insurance = 'any';
    else delete next.insurance;
  }
  if (next.kind !== 'clinics') delete next.service;
  if (next.page !== undefined && next.page <= 1) delete next.page;
  return withoutUndefined(next);
}

/** Everything the person chose removed; kind, location and sort stay (and a reschedule under way). */
export function clearedFilters(filters: ListingFilters): ListingFilters {
  const { kind, lat, lng, sort, rescheduleOf } = filters;
  // An insurance filter removed stays removed, though it may have come from the insurance on file.
  const insurance =
    filters.carrier !== undefined || filters.plan !== undefined || filters.insurance ? 'any' : undefined;
  return withoutUndefined({ kind, lat, lng, sort, rescheduleOf, insurance });
}

/** How many filters are set (the "Filters (3)" badge). A date range counts once. */
export function activeFilterCount(filters: ListingFilters): number {
  return FILTER_KEYS.filter((key) => key !== 'to' && filters[key] !== undefined).length;
}

type ApiQuery = Record<string, string | undefined>;

function apiQuery(filters: ListingFilters & { lat: number; lng: number }): ApiQuery {
  const { kind: _kind, rescheduleOf: _rescheduleOf, insurance: _insurance, ...rest } = filters;
  const query: ApiQuery = { pageSize: String(LISTING_PAGE_SIZE) };
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) query[key] = String(value);
  return query;
}

/** GET /v4/providers query (strings) of a listing with a location. */
export function toProviderListQuery(filters: ListingFilters & { lat: number; lng: number }): ProviderListQueryInput {
  const { service: _service, ...rest } = filters;
  return apiQuery(rest) as ProviderListQueryInput;
}

/** GET /v4/clinics query (strings) of a listing with a location. */
export function toClinicListQuery(filters: ListingFilters & { lat: number; lng: number }): ClinicListQueryInput {
  return apiQuery(filters) as ClinicListQueryInput;
}

export function hasLocation(filters: ListingFilters): filters is ListingFilters & { lat: number; lng: number } {
  return filters.lat !== undefined && filters.lng !== undefined;
}

/** "Showing 11–20 of 57": the first and last result numbers of a page. */
export function pageRange(page: number, pageSize: number, total: number): { first: number; last: number } {
  if (total === 0) return { first: 0, last: 0 };
  const firstItem = (page - 1) * pageSize + 1;
  return { first: Math.min(firstItem, total), last: Math.min(page * pageSize, total) };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.min(LAST_LISTING_PAGE, Math.ceil(total / pageSize)));
}

/**
 * Page links to show around the current one: first, last, and two either side, with `null`
 * where numbers are skipped ("1 … 4 5 6 7 8 … 30").
 */
export function pageWindow(current: number, count: number): (number | null)[] {
  const pages = new Set([1, count]);
  for (let p = current - 2; p <= current + 2; p += 1) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}
