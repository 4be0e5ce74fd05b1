/**
 * Tag codes and map cells of provider_listings (lib/db/schema.ts, migration 0004), mirrored
 * here for queries. The SQL side (discovery_listing_source, discovery_cell) fills the rows; this
 * side builds what a query looks for. Both compute cells with the same IEEE double arithmetic,
 * so a row and a query agree on the cell of a point (listing-tags.test.ts checks both sides).
 */

export const TAG_BASE = {
  specialty: 1_000_000,
  visitReason: 2_000_000,
  plan: 3_000_000,
  carrier: 4_000_000,
  language: 5_000_000,
} as const;
export const ACCEPTS_NEW_PATIENTS_TAG = 6_000_001;
export const TELEDENTAL_TAG = 6_000_002;

/** A two-letter language code (ISO 639-1, as lib/contracts/discovery-catalog.ts holds them). */
export function languageTag(code: string): number {
  return TAG_BASE.language + code.charCodeAt(0) * 256 + code.charCodeAt(1);
}

export interface TagFilters {
  specialtyId?: number;
  visitReasonId?: number;
  carrierId?: number;
  planId?: number;
  /** Teledental: offered by the provider at an office with payment set up. */
  virtual?: boolean;
  acceptsNewPatients?: boolean;
  language?: string;
}

/** The tags a listing row must all carry to pass these filters. */
export function tagsOf(f: TagFilters): number[] {
  const tags: number[] = [];
  if (f.specialtyId !== undefined) tags.push(TAG_BASE.specialty + f.specialtyId);
  if (f.visitReasonId !== undefined) tags.push(TAG_BASE.visitReason + f.visitReasonId);
  if (f.planId !== undefined) tags.push(TAG_BASE.plan + f.planId);
  if (f.carrierId !== undefined) tags.push(TAG_BASE.carrier + f.carrierId);
  if (f.language) tags.push(languageTag(f.language));
  if (f.acceptsNewPatients) tags.push(ACCEPTS_NEW_PATIENTS_TAG);
  if (f.virtual) tags.push(TELEDENTAL_TAG);
  return tags;
}

// ---- map cells: 0.2 x 0.2 degrees, as discovery_cell() ----

const CELL_DEGREES = 0.2;
const LAT_CELLS = 900;
const LNG_CELLS = 1800;
/** area code = tag * 2^21 + cell (cells stay below 900 * 2048). */
const CELL_FACTOR = 2_097_152;

function latIndex(lat: number): number {
  return Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
}

function lngIndex(lng: number): number {
  return ((Math.floor((lng + 180) / CELL_DEGREES) % LNG_CELLS) + LNG_CELLS) % LNG_CELLS;
}

export function cellOf(lat: number, lng: number): number {
  return latIndex(lat) * 2048 + lngIndex(lng);
}

/** Radius of the sphere earthdistance's ll_to_earth() puts points on (its earth() function). */
export const EARTH_RADIUS_METERS = 6_378_168;
const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180;

/** Cells that overlap the box around a circle (so every point of the circle is in one of them). */
export function cellsAround(center: { lat: number; lng: number }, radiusMeters: number): number[] {
  // A little margin: a point on a cell border belongs to one side only.
  const dLat = radiusMeters / METERS_PER_DEGREE + 0.001;
  const maxLat = Math.min(89.9, Math.abs(center.lat) + dLat);
  const dLng = Math.min(180, radiusMeters / (METERS_PER_DEGREE * Math.max(Math.cos((maxLat * Math.PI) / 180), 0.01)) + 0.001);
  const rows: number[] = [];
  for (let i = latIndex(center.lat - dLat); i <= latIndex(center.lat + dLat); i++) rows.push(i);
  const columns = new Set<number>();
  const first = Math.floor((center.lng - dLng + 180) / CELL_DEGREES);
  const last = Math.floor((center.lng + dLng + 180) / CELL_DEGREES);
  for (let j = first; j <= last && columns.size < LNG_CELLS; j++) columns.add(((j % LNG_CELLS) + LNG_CELLS) % LNG_CELLS);
  return rows.flatMap((i) => [...columns].map((j) => i * 2048 + j));
}

/** area_tags codes of one tag in these cells (tag 0: the cells themselves). */
export function areaCodes(tag: number, cells: readonly number[]): number[] {
  return cells.map((cell) => tag * CELL_FACTOR + cell);
}

// ---- distances: the GiST index orders by straight-line (chord) distance between ll_to_earth points ----

/** A point on the sphere ll_to_earth() uses, as x, y, z metres (earthdistance's cube). */
export function earthXyz(point: { lat: number; lng: number }): [number, number, number] {
  const lat = (point.lat * Math.PI) / 180;
  const lng = (point.lng * Math.PI) / 180;
  return [
    EARTH_RADIUS_METERS * Math.cos(lat) * Math.cos(lng),
    EARTH_RADIUS_METERS * Math.cos(lat) * Math.sin(lng),
    EARTH_RADIUS_METERS * Math.sin(lat),
  ];
}

export function chordOf(meters: number): number {
  return 2 * EARTH_RADIUS_METERS * Math.sin(Math.min(meters, Math.PI * EARTH_RADIUS_METERS) / (2 * EARTH_RADIUS_METERS));
}

/** Great-circle metres of a chord: what earth_distance() answers for the same two points. */
export function metersOfChord(chord: number): number {
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, chord / (2 * EARTH_RADIUS_METERS)));
}
