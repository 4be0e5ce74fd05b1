import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { providerListQuerySchema } from '@/lib/contracts/providers';
import { clinicListQuerySchema } from '@/lib/contracts/clinics';
import {
  LAST_LISTING_PAGE,
  activeFilterCount,
  applyListingChanges,
  careListingFilters,
  clearedFilters,
  hasLocation,
  listingHref,
  listingSearchParams,
  pageCount,
  pageRange,
  pageWindow,
  parseListingQuery,
  startsFromSavedInsurance,
  toClinicListQuery,
  toProviderListQuery,
  withSavedInsurance,
  type ListingFilters,
} from './listing-query';

/** YYYY-MM-DD `days` from today (UTC): the contract refuses dates in the past. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('listing URL query -> filters', () => {
  it('reads every filter and the sort', () => {
    const filters = parseListingQuery(
      new URLSearchParams(
        `kind=clinics&lat=40.75&lng=-73.98&radius=10&specialty=orthodontist&visitReason=dental-cleaning&service=invisalign` +
          `&carrier=3&plan=12&visitType=virtual&acceptsNewPatients=true&language=es&from=${day(1)}&to=${day(3)}&sort=feeAsc&page=2`,
      ),
    );
    expect(filters).toEqual({
      kind: 'clinics',
      lat: 40.75,
      lng: -73.98,
      radius: 10,
      specialty: 'orthodontist',
      visitReason: 'dental-cleaning',
      service: 'invisalign',
      carrier: 3,
      plan: 12,
      visitType: 'virtual',
      acceptsNewPatients: true,
      language: 'es',
      from: day(1),
      to: day(3),
      sort: 'feeAsc',
      page: 2,
    });
  });

  it('accepts the record form of Next.js searchParams, taking the first of repeated values', () => {
    expect(parseListingQuery({ kind: ['clinics', 'providers'], sort: 'closest', specialty: undefined })).toEqual({
      kind: 'clinics',
      sort: 'closest',
    });
  });

  it('drops bad values instead of failing', () => {
    const filters = parseListingQuery(
      new URLSearchParams(
        'kind=doctors&lat=200&lng=1&radius=1000&specialty=Ortho%20Dontist&carrier=abc&plan=-1&visitType=home' +
          '&acceptsNewPatients=maybe&language=xx&from=2020-01-01&to=tomorrow&sort=best&page=0&pageSize=500&evil=%3Cscript%3E',
      ),
    );
    expect(filters).toEqual({ kind: 'providers' });
  });

  it('needs both coordinates', () => {
    expect(parseListingQuery(new URLSearchParams('lat=40.7'))).toEqual({ kind: 'providers' });
    expect(hasLocation(parseListingQuery(new URLSearchParams('lat=40.7&lng=-74')))).toBe(true);
  });

  it('keeps the service filter for practices only', () => {
    expect(parseListingQuery(new URLSearchParams('service=invisalign'))).toEqual({ kind: 'providers' });
  });

  it('narrows date ranges /v4 would refuse', () => {
    expect(parseListingQuery(new URLSearchParams(`to=${day(2)}`))).toEqual({ kind: 'providers', from: day(2) });
    expect(parseListingQuery(new URLSearchParams(`from=${day(5)}&to=${day(2)}`))).toEqual({
      kind: 'providers',
      from: day(5),
    });
    expect(parseListingQuery(new URLSearchParams(`from=${day(1)}&to=${day(60)}`))).toEqual({
      kind: 'providers',
      from: day(1),
    });
    expect(parseListingQuery(new URLSearchParams(`from=${day(1)}&to=${day(1)}`))).toEqual({
      kind: 'providers',
      from: day(1),
    });
  });

  it('treats page 1 and acceptsNewPatients=false as absent, and caps the page', () => {
    expect(parseListingQuery(new URLSearchParams('page=1&acceptsNewPatients=false'))).toEqual({ kind: 'providers' });
    expect(parseListingQuery(new URLSearchParams('page=299')).page).toBe(LAST_LISTING_PAGE);
  });

  it('whatever the URL holds, the /v4 query built from it is valid', () => {
    const values = fc.oneof(
      fc.string(),
      fc.constantFrom('1', '10', '0', '-5', 'true', 'virtual', 'clinics', day(1), day(40), 'x-y'),
    );
    const keys = fc.constantFrom(
      'kind',
      'lat',
      'lng',
      'radius',
      'specialty',
      'visitReason',
      'service',
      'carrier',
      'plan',
      'visitType',
      'acceptsNewPatients',
      'language',
      'from',
      'to',
      'sort',
      'page',
      'other',
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, values), { maxLength: 20 }), (pairs) => {
        const filters = { ...parseListingQuery(new URLSearchParams(pairs)), lat: 40, lng: -74 };
        expect(providerListQuerySchema.safeParse(toProviderListQuery(filters)).success).toBe(true);
        expect(clinicListQuerySchema.safeParse(toClinicListQuery(filters)).success).toBe(true);
      }),
    );
  });
});

describe('filters -> listing URL', () => {
  it('writes a stable, short query that reads back the same', () => {
    const filters = parseListingQuery(
      new URLSearchParams('lng=-73.98&sort=closest&visitReason=dental-cleaning&lat=40.75&carrier=1'),
    );
    expect(listingSearchParams(filters).toString()).toBe(
      'visitReason=dental-cleaning&carrier=1&sort=closest&lat=40.75&lng=-73.98',
    );
    expect(parseListingQuery(listingSearchParams(filters))).toEqual(filters);
    expect(listingHref({ kind: 'providers' })).toBe('/search-listing');
    expect(listingHref({ kind: 'clinics', page: 3 })).toBe('/search-listing?kind=clinics&page=3');
  });

  it('round-trips any parsed query', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('kind', 'radius', 'sort', 'page', 'carrier', 'service'),
            fc.constantFrom('clinics', '5', 'ratingAsc', '4', 'abc', 'invisalign'),
          ),
        ),
        (pairs) => {
          const filters = parseListingQuery(new URLSearchParams(pairs));
          expect(parseListingQuery(listingSearchParams(filters))).toEqual(filters);
        },
      ),
    );
  });
});

describe('changing filters', () => {
  const base = parseListingQuery(
    new URLSearchParams('kind=clinics&lat=1&lng=2&carrier=3&plan=4&service=invisalign&page=5&sort=ratingDesc'),
  );

  it('goes back to page 1 on any change but a page change', () => {
    expect(applyListingChanges(base, { sort: 'closest' }).page).toBeUndefined();
    expect(applyListingChanges(base, { page: 6 }).page).toBe(6);
    expect(applyListingChanges(base, { page: 1 }).page).toBeUndefined();
  });

  it('drops the plan with its carrier, and the service when switching to providers', () => {
    expect(applyListingChanges(base, { carrier: 7 })).not.toHaveProperty('plan');
    expect(applyListingChanges(base, { carrier: undefined })).not.toHaveProperty('carrier');
    expect(applyListingChanges(base, { plan: 9 }).carrier).toBe(3);
    expect(applyListingChanges(base, { kind: 'providers' })).not.toHaveProperty('service');
  });

  it('clears filters but keeps kind, location and sort', () => {
    // With an insurance filter, clearing leaves "any insurance", so the insurance on file stays away.
    expect(clearedFilters(base)).toEqual({ kind: 'clinics', lat: 1, lng: 2, sort: 'ratingDesc', insurance: 'any' });
    expect(clearedFilters({ kind: 'providers', lat: 1, lng: 2, radius: 5 })).toEqual({
      kind: 'providers',
      lat: 1,
      lng: 2,
    });
    expect(activeFilterCount(base)).toBe(3);
    expect(activeFilterCount(clearedFilters(base))).toBe(0);
  });

  it('maps a typeahead choice to its listing', () => {
    expect(careListingFilters({ kind: 'visitReason', slug: 'dental-cleaning' }, { lat: 1, lng: 2 })).toEqual({
      kind: 'providers',
      visitReason: 'dental-cleaning',
      lat: 1,
      lng: 2,
    });
    expect(careListingFilters({ kind: 'service', slug: 'invisalign' })).toEqual({
      kind: 'clinics',
      service: 'invisalign',
    });
  });
});

describe('the insurance on file', () => {
  const saved = { carrierId: 12, planId: 34 };
  const at = 'lat=30.2672&lng=-97.7431';

  it('is where the filter starts when the URL says nothing about insurance', () => {
    const filters = withSavedInsurance(parseListingQuery(new URLSearchParams(`${at}&specialty=orthodontics`)), saved);
    expect(filters).toMatchObject({ carrier: 12, plan: 34, specialty: 'orthodontics' });
    // Shown as a filter like any other (counted, and in every link built from it).
    expect(activeFilterCount(filters)).toBe(3);
    expect(listingSearchParams(filters).get('carrier')).toBe('12');
    expect(toProviderListQuery(filters as ListingFilters & { lat: number; lng: number })).toMatchObject({
      carrier: '12',
      plan: '34',
    });
  });

  it.each([
    ['a carrier', 'carrier=5', { carrier: 5 }],
    ['a plan', 'plan=8', { plan: 8 }],
    ['a carrier and plan', 'carrier=5&plan=8', { carrier: 5, plan: 8 }],
    ['any insurance', 'insurance=any', { insurance: 'any' }],
  ])('gives way to %s in the URL', (_name, query, expected) => {
    const filters = parseListingQuery(new URLSearchParams(`${at}&${query}`));
    expect(startsFromSavedInsurance(filters)).toBe(false);
    const applied = withSavedInsurance(filters, saved);
    expect(applied).toEqual(filters);
    expect(applied).toMatchObject(expected);
  });

  it('changes nothing without insurance on file', () => {
    const filters = parseListingQuery(new URLSearchParams(at));
    expect(startsFromSavedInsurance(filters)).toBe(true);
    expect(withSavedInsurance(filters, undefined)).toEqual(filters);
  });

  it('stays cleared: clearing the carrier writes insurance=any, which the next page load keeps', () => {
    const started = withSavedInsurance(parseListingQuery(new URLSearchParams(at)), saved);
    const cleared = applyListingChanges(started, { carrier: undefined });
    expect(cleared).not.toHaveProperty('carrier');
    expect(cleared).not.toHaveProperty('plan');
    expect(listingSearchParams(cleared).get('insurance')).toBe('any');
    const reloaded = withSavedInsurance(parseListingQuery(listingSearchParams(cleared)), saved);
    expect(reloaded).not.toHaveProperty('carrier');
    expect(reloaded.insurance).toBe('any');
    // "Any insurance" is no filter: not counted, never sent to /v4.
    expect(activeFilterCount(reloaded)).toBe(0);
    expect(toProviderListQuery(reloaded as ListingFilters & { lat: number; lng: number })).not.toHaveProperty(
      'insurance',
    );
    expect(
      toClinicListQuery({ ...(reloaded as ListingFilters & { lat: number; lng: number }), kind: 'clinics' }),
    ).not.toHaveProperty('insurance');
  });

  it('choosing a carrier again drops "any insurance"', () => {
    const cleared = parseListingQuery(new URLSearchParams(`${at}&insurance=any`));
    expect(applyListingChanges(cleared, { carrier: 5 })).toMatchObject({ carrier: 5 });
    expect(applyListingChanges(cleared, { carrier: 5 })).not.toHaveProperty('insurance');
    // A carrier in the URL beside it wins.
    expect(parseListingQuery(new URLSearchParams(`${at}&insurance=any&carrier=5`))).not.toHaveProperty('insurance');
  });

  it('ignores other values of insurance', () => {
    expect(parseListingQuery(new URLSearchParams(`${at}&insurance=none`))).not.toHaveProperty('insurance');
  });
});

describe('pagination', () => {
  it('counts results of a page', () => {
    expect(pageRange(1, 10, 57)).toEqual({ first: 1, last: 10 });
    expect(pageRange(6, 10, 57)).toEqual({ first: 51, last: 57 });
    expect(pageRange(1, 10, 0)).toEqual({ first: 0, last: 0 });
    expect(pageCount(57, 10)).toBe(6);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(300, 10)).toBe(30);
  });

  it('shows a window of page numbers with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 30)).toEqual([1, null, 4, 5, 6, 7, 8, null, 30]);
    expect(pageWindow(30, 30)).toEqual([1, null, 28, 29, 30]);
  });
});

describe('a reschedule with another provider (rescheduleOf)', () => {
  const id = '5b0f3c1e-8d2a-4c7e-9f10-2a3b4c5d6e7f';

  it('is kept through filter changes and clearing, in the URL, and never sent to /v4', () => {
    const filters = parseListingQuery(
      new URLSearchParams({ lat: '40.7', lng: '-74', rescheduleOf: id, visitReason: 'toothache' }),
    );
    expect(filters.rescheduleOf).toBe(id);
    expect(applyListingChanges(filters, { sort: 'ratingDesc' }).rescheduleOf).toBe(id);
    expect(clearedFilters(filters).rescheduleOf).toBe(id);
    expect(listingHref(filters)).toContain(`rescheduleOf=${id}`);
    if (!hasLocation(filters)) throw new Error('location expected');
    expect(toProviderListQuery(filters)).not.toHaveProperty('rescheduleOf');
    expect(toClinicListQuery(filters)).not.toHaveProperty('rescheduleOf');
    expect(providerListQuerySchema.safeParse(toProviderListQuery(filters)).success).toBe(true);
  });

  it('drops anything that is not an appointment id', () => {
    expect(parseListingQuery(new URLSearchParams({ rescheduleOf: 'x' })).rescheduleOf).toBeUndefined();
    expect(parseListingQuery(new URLSearchParams({ rescheduleOf: `${id}0` })).rescheduleOf).toBeUndefined();
  });
});
