import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { foldLocally } from './search-repository';

const database = useTestDatabase();

describe('foldLocally', () => {
  it('agrees with discovery_fold() wherever it answers', async () => {
    const latin = Array.from({ length: 0x24f - 0xa0 }, (_, i) => String.fromCodePoint(0xa0 + i));
    const texts = [
      'Núñez',
      'JOSÉ ÁLVAREZ',
      "O'Brien",
      'Dr. García-López',
      'smtih',
      '  Zoë  Renée ',
      'Ñandú 42',
      'İstanbul',
      'Çelik',
      'Müller',
      'Straße',
      'Ærø',
      'e\u0301',
      'ﬁne',
      'Łódź',
      'Đorđe',
      'Ωmega',
      '東京',
      'a_b%c',
      ...latin.map((c) => `x${c}y`),
    ];
    const rows = await queryRows<{ folded: string }>(
      database.db,
      sql`select discovery_fold(t) as folded from json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as x(t, n) order by n`,
    );
    let local = 0;
    texts.forEach((text, i) => {
      const folded = foldLocally(text);
      if (folded === undefined) return;
      local += 1;
      expect(folded, JSON.stringify(text)).toBe(rows[i]!.folded);
    });
    expect(local).toBeGreaterThan(100);
  });
});
