/**
 * The request mixes `npm run bench` sends ("Speed"). Deterministic: the same list in
 * the same order on every run and at every database size, so runs and sizes compare.
 */

export interface BenchRequest {
  path: string;
  headers?: Record<string, string>;
}

/** Seeded metros (lib/db/seed/discovery-data.ts), from the densest down, plus a few abroad. */
const PLACES = [
  { name: 'Midtown Manhattan', lat: 40.7549, lng: -73.984 },
  { name: 'Brooklyn', lat: 40.6782, lng: -73.9442 },
  { name: 'Jersey City', lat: 40.7178, lng: -74.0431 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'Pasadena', lat: 34.1478, lng: -118.1445 },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298 },
  { name: 'Houston', lat: 29.7604, lng: -95.3698 },
  { name: 'Miami', lat: 25.7617, lng: -80.1918 },
  { name: 'Phoenix', lat: 33.4484, lng: -112.074 },
  { name: 'Seattle', lat: 47.6062, lng: -122.3321 },
  { name: 'Atlanta', lat: 33.749, lng: -84.388 },
  { name: 'Boston', lat: 42.3601, lng: -71.0589 },
  { name: 'Denver', lat: 39.7392, lng: -104.9903 },
  { name: 'Mexico City', lat: 19.4326, lng: -99.1332 },
  { name: 'Madrid', lat: 40.4168, lng: -3.7038 },
  { name: 'Toronto', lat: 43.6532, lng: -79.3832 },
  { name: 'London', lat: 51.5074, lng: -0.1278 },
] as const;

/**
 * What people type in the typeahead: whole and partial names, names with a title, typos,
 * specialties, visit reasons and services in English and Spanish, clinic names, accents
 * typed and left out.
 */
const SEARCH_TEXTS = [
  'Smith',
  'smi',
  'Dr. Garcia',
  'maria',
  'Maria Rodriguez',
  'rodrigz',
  'jonson',
  'smtih',
  'Nguyen',
  'kim',
  'Li',
  'Patel',
  'Sarah Lee',
  'Michael',
  'O\u2019Brien',
  'Núñez',
  'nunez',
  'Hernandez',
  'gonzales',
  'wang',
  'orthodontist',
  'ortho',
  'endodoncista',
  'pediatric',
  'oral surgeon',
  'periodontist',
  'implant',
  'root canal',
  'toothache',
  'dolor de muelas',
  'limpieza dental',
  'cleaning',
  'emergency',
  'wisdom teeth',
  'braces',
  'whitening',
  'blanqueamiento',
  'veneers',
  'invisalign',
  'dentures',
  'crown',
  'Midtown Dental',
  'family dentistry',
  'smile studio',
  'clinica dental',
  'sonrisas',
  'Brickell',
  'dental implants',
  'sedation',
  'denist',
  'orthodontis',
  'Chen Wei',
  'Jessica T',
] as const;

/** Deterministic shuffle (mulberry32), so the mix interleaves places and kinds of query. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** GET /v4/globalSearch with the spec's headers (searchText percent-encoded: headers are Latin-1). */
export function globalSearchRequests(): BenchRequest[] {
  const list = SEARCH_TEXTS.map((text, i) => {
    const place = PLACES[i % PLACES.length]!;
    return {
      path: '/v4/globalSearch',
      headers: {
        searchText: encodeURIComponent(text),
        latitude: String(place.lat),
        longitude: String(place.lng),
        ...(i % 7 === 3 ? { Language: 'sp' } : {}),
      },
    };
  });
  return shuffled(list, 1);
}

/** A date `days` from today (UTC), YYYY-MM-DD, for the date-range filter. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * GET /v4/providers: filters and sorts as a patient combines them in the listing, from none to
 * three at once (a plan plus a specialty in Manhattan is the most selective the mix holds).
 */
export function providerListRequests(): BenchRequest[] {
  const filters: Record<string, string>[] = [
    {},
    { sort: 'ratingDesc' },
    { specialty: 'general-dentist' },
    { specialty: 'orthodontist' },
    { specialty: 'pedodontist', acceptsNewPatients: 'true' },
    { specialty: 'endodontist', sort: 'ratingDesc' },
    { specialty: 'oral-surgeon', radius: '10' },
    { visitReason: 'toothache' },
    { visitReason: 'dental-cleaning', sort: 'availability' },
    { visitReason: 'root-canal', carrier: '10' },
    { visitReason: 'braces', acceptsNewPatients: 'true' },
    { carrier: '9' },
    { carrier: '18', acceptsNewPatients: 'true', sort: 'ratingDesc' },
    { plan: '5' },
    { plan: '100', specialty: 'general-dentist' },
    { plan: '5', specialty: 'endodontist' },
    { visitType: 'virtual', sort: 'feeAsc' },
    { visitType: 'virtual', specialty: 'orthodontist' },
    { language: 'es' },
    { language: 'es', specialty: 'pedodontist' },
    { language: 'zh', visitReason: 'toothache' },
    { from: day(1), to: day(3) },
    { from: day(2), specialty: 'general-dentist', sort: 'availability' },
    { acceptsNewPatients: 'true', sort: 'closest', page: '2' },
    { radius: '50', sort: 'feeDesc' },
    { specialty: 'periodontist', page: '3' },
  ];
  const list: BenchRequest[] = [];
  filters.forEach((filter, i) => {
    // Each filter set in two places: one of the three densest, and one further down the list.
    for (const place of [PLACES[i % 3]!, PLACES[3 + (i % (PLACES.length - 3))]!]) {
      const query = new URLSearchParams({ lat: String(place.lat), lng: String(place.lng), ...filter });
      list.push({ path: `/v4/providers?${query}` });
    }
  });
  return shuffled(list, 2);
}

export const BENCH_PLACES = PLACES;
