/**
 * Tag codes of provider_listings (lib/db/schema.ts, migrations 0004 and 0009), mirrored here
 * for queries: the SQL side (discovery_listing_source) fills the rows, this side builds what a
 * listing looks for. And earthdistance's geometry, which the in-memory indexes measure with as
 * PostgreSQL would (listing-tags.test.ts checks both sides).
 */
import 'server-only';

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

// ---- distances: earthdistance's sphere and the straight-line (chord) distance it orders by ----

/** Radius of the sphere earthdistance's ll_to_earth() puts points on (its earth() function). */
export const EARTH_RADIUS_METERS = 6_378_168;

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

/** The chord of a great-circle distance in metres. */
export function chordOf(meters: number): number {
  return 2 * EARTH_RADIUS_METERS * Math.sin(Math.min(meters, Math.PI * EARTH_RADIUS_METERS) / (2 * EARTH_RADIUS_METERS));
}

/** Great-circle metres of a chord: what earth_distance() answers for the same two points. */
export function metersOfChord(chord: number): number {
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, chord / (2 * EARTH_RADIUS_METERS)));
}
