import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { ACCEPTS_NEW_PATIENTS_TAG, TELEDENTAL_TAG, languageTag, tagsOf } from './listing-tags';

/* The query side of provider_listings (listing-tags.ts) must agree with the SQL side. */

const database = useTestDatabase();

describe('provider_listings codes', () => {
  it('encodes filters as the tags the database gives a listing row', async () => {
    expect(
      tagsOf({
        specialtyId: 5,
        visitReasonId: 7,
        planId: 12,
        carrierId: 3,
        language: 'es',
        acceptsNewPatients: true,
        virtual: true,
      }),
    ).toEqual([
      1_000_005,
      2_000_007,
      3_000_012,
      4_000_003,
      languageTag('es'),
      ACCEPTS_NEW_PATIENTS_TAG,
      TELEDENTAL_TAG,
    ]);
    const [row] = await queryRows<{ tag: number }>(
      database.db,
      sql`select 5000000 + ascii(substr(l, 1, 1)) * 256 + ascii(substr(l, 2, 1)) as tag from (select 'zh'::text as l) x`,
    );
    expect(Number(row!.tag)).toBe(languageTag('zh'));
  });
});
