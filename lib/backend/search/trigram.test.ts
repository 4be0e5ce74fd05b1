import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { similarity, trigrams } from './trigram';

const database = useTestDatabase();

/** Folded text as discovery_fold() writes it: a-z0-9 words, single spaces. */
const foldedText = fc
  .array(fc.stringMatching(/^[a-z0-9]{1,9}$/), { minLength: 0, maxLength: 4 })
  .map((words) => words.join(' '));

describe('trigram similarity', () => {
  it("answers exactly what pg_trgm's similarity() answers", async () => {
    const fixed: [string, string][] = [
      ['ana nunez', 'ana nunez'],
      ['smith', 'smtih'],
      ['rodriguez', 'rodrigz'],
      ['maria rodriguez', 'rodriguez maria'],
      ['a', 'a'],
      ['', 'smith'],
      ['', ''],
      ['fresno smile studio', 'fresno smile'],
      ['periodontics', 'periodontist'],
      ['o brien', 'obrien'],
      ['dental 42', '42 dental'],
    ];
    const random = fc.sample(fc.tuple(foldedText, foldedText), { numRuns: 300, seed: 20261122 });
    const pairs = [...fixed, ...random];
    const rows = await queryRows<{ sim: number }>(
      database.db,
      sql`select similarity(x ->> 0, x ->> 1)::float8 as sim
            from json_array_elements(${JSON.stringify(pairs)}::json) with ordinality as t(x, n) order by n`,
    );
    pairs.forEach(([a, b], i) => expect(similarity(a, b), `${a} / ${b}`).toBe(Number(rows[i]!.sim)));
  });

  it('counts each trigram once and pads words as pg_trgm does', () => {
    expect(trigrams('aaa aaa').length).toBe(trigrams('aaa').length);
    // "  a", " a " for a one-letter word.
    expect(trigrams('a').length).toBe(2);
    expect(similarity('smith', 'smith')).toBe(1);
    expect(similarity('abc', 'xyz')).toBe(0);
  });
});
