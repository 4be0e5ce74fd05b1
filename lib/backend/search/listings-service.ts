import 'server-only';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_MILES,
  MAX_LIST_CANDIDATES,
  NEXT_SLOTS_LOOKAHEAD_DAYS,
  NEXT_SLOTS_PER_RESULT,
  type ListSort,
  type Slot,
} from '../../contracts/discovery';
import {
  distancesTo,
  findClinicCandidates,
  findClinicSummaries,
  findFilterIds,
  findOffices,
  findOfficeProviderSchedules,
  findOfficeSchedules,
  findProviderCandidates,
  findProviderCards,
  findProviderOffices,
  type ListFilters,
  type OfficeRow,
  type Point,
  type ProviderOfficeRow,
  type ScheduleFields,
} from './listings-repository';
import { tagsOf } from '../sql/listing-tags';
import { nextSlots, weekdaysBetween, type Interval } from '../scheduling/slots';
import { busyKey, loadBusyIntervals, windowFor, type ProviderAtOffice } from '../providers/slots-service';
import {
  iso,
  milesToMeters,
  officeLocation,
  providerCardOffice,
  providerIdentity,
  rating,
  specialtyRefs,
  toMiles,
} from './discovery-dto';
import type { Locale } from '../../i18n/languages';
import type { ProviderCard, ProviderListQuery, ProviderPage } from '../../contracts/providers';
import type { ClinicCard, ClinicListQuery, ClinicPage } from '../../contracts/clinics';

/*
 * Provider and clinic listings. Both read the nearest MAX_LIST_CANDIDATES matches through
 * PostgreSQL's GiST index of the points (provider_listings for providers, offices for clinics),
 * so sorting, the date filter and paging happen on that bounded set. Slots come from the same
 * function as the provider page, minus the same busy time.
 */

interface DateRange {
  from: string;
  to: string;
}

type Filterable = ProviderListQuery & { service?: string };

/** Slugs to ids (one query); undefined when a slug names nothing (the listing is then empty, not an error). */
async function resolveFilters(query: Filterable): Promise<ListFilters | undefined> {
  const filters: ListFilters = {
    carrierId: query.carrier,
    planId: query.plan,
    virtual: query.visitType === 'virtual',
    acceptsNewPatients: query.acceptsNewPatients === true,
    language: query.language,
  };
  if (query.specialty || query.visitReason || query.service) {
    const ids = await findFilterIds({
      specialty: query.specialty,
      visitReason: query.visitReason,
      service: query.service,
    });
    if (query.specialty && ids.specialty === undefined) return undefined;
    if (query.visitReason && ids.visitReason === undefined) return undefined;
    if (query.service && ids.service === undefined) return undefined;
    filters.specialtyId = ids.specialty;
    filters.visitReasonId = ids.visitReason;
    filters.serviceId = ids.service;
  }
  const range = dateRange(query);
  if (range) filters.weekdays = weekdaysBetween(range.from, range.to);
  return filters;
}

function dateRange(query: { from?: string; to?: string }): DateRange | undefined {
  return query.from ? { from: query.from, to: query.to ?? query.from } : undefined;
}

/** What slots are worked out from. */
type Schedule = Omit<ScheduleFields, 'working_days'> & { working_days: readonly number[] };

function scheduleOf(row: Schedule) {
  return { timeZone: row.time_zone, businessHours: row.business_hours, workingDays: row.working_days };
}

/** Busy time for every pair over the listing's look-ahead window (one call for the whole set). */
async function busyFor(pairs: ProviderAtOffice[], range: DateRange | undefined, now: Date) {
  const from = range?.from ?? new Date(now).toISOString().slice(0, 10);
  const to = range?.to ?? new Date(now.getTime() + NEXT_SLOTS_LOOKAHEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const window = windowFor(from, to);
  return loadBusyIntervals(pairs, window.start, window.end);
}

function slotsFor(
  schedule: Schedule,
  busy: Interval[] | undefined,
  range: DateRange | undefined,
  now: Date,
  limit: number,
): Slot[] {
  return nextSlots(scheduleOf(schedule), {
    now,
    limit,
    lookaheadDays: NEXT_SLOTS_LOOKAHEAD_DAYS,
    from: range?.from,
    to: range?.to,
    busy,
  });
}

/** A provider at an office within the radius that passes the filters (shaped as the listing ranks it). */
interface ListingCandidate {
  /** The provider. */
  id: number;
  officeId: number;
  meters: number;
  workingDays: readonly number[];
  rating: number;
  reviews: number;
  fee: number;
  /** Filled when a sort or filter needs it. */
  firstSlot?: string;
}

interface Rankable {
  meters: number;
  rating: number;
  reviews: number;
  fee: number | null;
  firstSlot?: string;
  id: number;
}

/** The spec's six sorts (section 9). Unrated results go last either way; ties go to the nearer. */
function compare(sort: ListSort) {
  return (a: Rankable, b: Rankable): number => {
    const byDistance = a.meters - b.meters || a.id - b.id;
    switch (sort) {
      case 'closest':
        return byDistance;
      case 'ratingDesc':
      case 'ratingAsc': {
        if ((a.reviews === 0) !== (b.reviews === 0)) return a.reviews === 0 ? 1 : -1;
        const diff = sort === 'ratingDesc' ? b.rating - a.rating : a.rating - b.rating;
        return diff || b.reviews - a.reviews || byDistance;
      }
      case 'feeAsc':
      case 'feeDesc': {
        if ((a.fee === null) !== (b.fee === null)) return a.fee === null ? 1 : -1;
        const diff = a.fee === null || b.fee === null ? 0 : sort === 'feeAsc' ? a.fee - b.fee : b.fee - a.fee;
        return diff || byDistance;
      }
      case 'availability': {
        if (!a.firstSlot !== !b.firstSlot) return a.firstSlot ? -1 : 1;
        // ISO instants of one format: plain string order is time order (and far cheaper than localeCompare).
        const x = a.firstSlot ?? '';
        const y = b.firstSlot ?? '';
        return (x < y ? -1 : x > y ? 1 : 0) || byDistance;
      }
    }
  };
}

function emptyPage(page: number, pageSize: number) {
  return { items: [], page, pageSize, total: 0, totalCapped: false };
}

// GET /v4/providers
export async function listProviders(query: ProviderListQuery, locale: Locale, now = new Date()): Promise<ProviderPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const sort = query.sort ?? 'closest';
  const filters = await resolveFilters(query);
  if (!filters) return emptyPage(page, pageSize);
  const range = dateRange(query);
  const rows: ListingCandidate[] = (
    await findProviderCandidates(
      { lat: query.lat, lng: query.lng },
      milesToMeters(query.radius ?? DEFAULT_RADIUS_MILES),
      { tags: tagsOf(filters), weekdays: filters.weekdays },
      MAX_LIST_CANDIDATES,
    )
  ).map((row) => ({
    id: row.provider_id,
    officeId: row.office_id,
    meters: Number(row.meters),
    workingDays: row.working_days,
    rating: Number(row.rating_average),
    reviews: Number(row.review_count),
    fee: row.teledental_fee_cents,
  }));

  // A provider with several offices in range is listed once, at the nearest one.
  const listed = new Set<number>();
  let candidates = rows.filter((c) => {
    if (listed.has(c.id)) return false;
    listed.add(c.id);
    return true;
  });

  if (sort === 'availability' || range) {
    // Only these need every candidate's first slot.
    const [busy, schedules] = await Promise.all([
      busyFor(
        candidates.map((c) => ({ providerId: c.id, officeId: c.officeId })),
        range,
        now,
      ),
      findOfficeSchedules([...new Set(candidates.map((c) => c.officeId))]),
    ]);
    for (const c of candidates) {
      const office = schedules.get(c.officeId);
      if (!office) continue; // removed meanwhile
      const intervals = busy.get(busyKey({ providerId: c.id, officeId: c.officeId }));
      c.firstSlot = slotsFor({ ...office, working_days: c.workingDays }, intervals, range, now, 1)[0]?.start;
    }
    if (range) candidates = candidates.filter((c) => c.firstSlot);
  }
  candidates.sort(compare(sort));
  const slice = candidates.slice((page - 1) * pageSize, page * pageSize);
  const items = await buildProviderCards(
    slice.map((c) => ({ providerId: c.id, officeId: c.officeId, meters: c.meters })),
    locale,
    { now, range },
  );
  return { items, page, pageSize, total: candidates.length, totalCapped: rows.length >= MAX_LIST_CANDIDATES };
}

/** Where the given providers work: their provider_offices rows, all their offices. */
export async function providerOffices(providerIds: readonly number[]): Promise<ProviderOfficeRow[]> {
  return findProviderOffices(providerIds);
}

/** The offices of these ids, as a provider's page shows them. */
export async function officesById(ids: readonly number[]): Promise<OfficeRow[]> {
  return findOffices(ids);
}

/** Metres from `center` to each office (for favourites, which are not found by distance). */
export async function officeDistances(center: Point, officeIds: readonly number[]): Promise<Map<number, number>> {
  return distancesTo(center, officeIds);
}

/**
 * Provider cards in the given order, each about one office (the listing's nearest, or the one
 * favourites chose), with that office's next slots.
 */
export async function buildProviderCards(
  entries: { providerId: number; officeId: number; meters: number | null }[],
  locale: Locale,
  options: { now: Date; range?: DateRange },
): Promise<ProviderCard[]> {
  if (!entries.length) return [];
  const [rows, busy] = await Promise.all([findProviderCards(entries), busyFor(entries, options.range, options.now)]);
  const byKey = new Map(rows.map((r) => [busyKey({ providerId: r.id, officeId: r.office.id }), r]));

  const cards: ProviderCard[] = [];
  for (const entry of entries) {
    const row = byKey.get(busyKey(entry));
    if (!row) continue; // removed meanwhile
    const schedule = {
      working_days: row.working_days,
      business_hours: row.office.business_hours,
      time_zone: row.office.time_zone,
    };
    cards.push({
      ...providerIdentity(row, locale),
      officeCount: row.office_count,
      office: providerCardOffice(row.office, {
        provider_id: row.id,
        office_id: row.office.id,
        working_days: row.working_days,
        accepts_new_patients: row.accepts_new_patients,
        offers_teledental: row.offers_teledental,
      }),
      distanceMiles: toMiles(entry.meters),
      nextSlots: slotsFor(schedule, busy.get(busyKey(entry)), options.range, options.now, NEXT_SLOTS_PER_RESULT).map(
        (slot) => ({ ...slot, officeId: row.office.id }),
      ),
      updatedAt: iso(row.updated_at),
    });
  }
  return cards;
}

// GET /v4/clinics
export async function listClinics(query: ClinicListQuery, locale: Locale, now = new Date()): Promise<ClinicPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const sort = query.sort ?? 'closest';
  const filters = await resolveFilters(query);
  if (!filters) return emptyPage(page, pageSize);
  const range = dateRange(query);
  const rows = await findClinicCandidates(
    { lat: query.lat, lng: query.lng },
    milesToMeters(query.radius ?? DEFAULT_RADIUS_MILES),
    filters,
    MAX_LIST_CANDIDATES,
    { aggregates: Boolean(range) || sort === 'availability' || sort === 'feeAsc' || sort === 'feeDesc' },
  );
  let candidates = rows.map((row) => ({
    row,
    id: row.office_id,
    meters: row.meters,
    rating: Number(row.rating_average),
    reviews: Number(row.review_count),
    fee: row.teledental_payment_ready ? row.min_fee : null,
    firstSlot: undefined as string | undefined,
  }));
  if (sort === 'availability' || range) {
    // Office-level: the union of the matching providers' days gives the earliest slot of any of them.
    for (const c of candidates) c.firstSlot = slotsFor(c.row, undefined, range, now, 1)[0]?.start;
    if (range) candidates = candidates.filter((c) => c.firstSlot);
  }
  candidates.sort(compare(sort));
  const slice = candidates.slice((page - 1) * pageSize, page * pageSize);
  const items = await buildClinicCards(
    slice.map((c) => ({ officeId: c.id, meters: c.meters })),
    locale,
    { now, range, filters },
  );
  return { items, page, pageSize, total: candidates.length, totalCapped: rows.length >= MAX_LIST_CANDIDATES };
}

/** Clinic cards in the given order, with the next slots of the (matching) providers there. */
export async function buildClinicCards(
  entries: { officeId: number; meters: number | null }[],
  locale: Locale,
  options: { now: Date; range?: DateRange; filters?: ListFilters },
): Promise<ClinicCard[]> {
  if (!entries.length) return [];
  const officeIds = entries.map((e) => e.officeId);
  const [summaries, schedules] = await Promise.all([
    findClinicSummaries(officeIds),
    findOfficeProviderSchedules(officeIds, options.filters ?? {}),
  ]);
  const busy = await busyFor(
    schedules.map((s) => ({ providerId: s.provider_id, officeId: s.office_id })),
    options.range,
    options.now,
  );
  const summaryById = new Map(summaries.map((s) => [s.id, s]));
  const cards: ClinicCard[] = [];
  for (const entry of entries) {
    const office = summaryById.get(entry.officeId);
    if (!office) continue;
    const slots = schedules
      .filter((s) => s.office_id === office.id)
      .flatMap((s) =>
        slotsFor(
          s,
          busy.get(busyKey({ providerId: s.provider_id, officeId: s.office_id })),
          options.range,
          options.now,
          NEXT_SLOTS_PER_RESULT,
        ).map((slot) => ({ ...slot, officeId: office.id, providerId: s.provider_id })),
      )
      .sort((a, b) => a.start.localeCompare(b.start) || a.providerId - b.providerId)
      .slice(0, NEXT_SLOTS_PER_RESULT);
    cards.push({
      id: office.id,
      name: office.name,
      phone: office.phone,
      photoUrl: office.photo_url,
      ...officeLocation(office),
      distanceMiles: toMiles(entry.meters),
      rating: rating(office),
      specialties: specialtyRefs(office.specialties, locale),
      providerCount: office.provider_count,
      acceptsNewPatients: office.any_accepting,
      teledentalAvailable: office.any_teledental && office.teledental_payment_ready,
      minTeledentalFeeCents: office.teledental_payment_ready ? office.min_fee : null,
      nextSlots: slots,
      updatedAt: iso(office.updated_at),
    });
  }
  return cards;
}
