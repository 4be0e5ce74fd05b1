/**
 * Tag codes of provider_listings (lib/db/schema.ts, migrations 0004, 0009 and 0023), mirrored
 * here for queries: the SQL side (discovery_listing_source) fills the rows, this side builds what
 * a listing looks for (listing-tags.test.ts checks both sides).
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
