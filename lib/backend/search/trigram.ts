/*
 * pg_trgm's similarity() for folded text (discovery_fold: a-z, 0-9 and single spaces), worked
 * out in the process so the typeahead's name index (./name-index.ts) ranks exactly as the
 * database would. As in pg_trgm, each word is padded with two spaces in front and one behind,
 * its three-letter windows are the trigrams, and similarity is shared / (all distinct of both),
 * in single precision (float4). trigram.test.ts checks it against the SQL function.
 */
import 'server-only';

const ALPHABET = ' abcdefghijklmnopqrstuvwxyz0123456789';
const CODE = new Map([...ALPHABET].map((c, i) => [c, i]));
const BASE = ALPHABET.length;

/** One trigram as a number (only folded text's 37 characters occur). */
function code(a: string, b: string, c: string): number {
  return ((CODE.get(a) ?? 0) * BASE + (CODE.get(b) ?? 0)) * BASE + (CODE.get(c) ?? 0);
}

/** The distinct trigrams of folded text, sorted. */
export function trigrams(folded: string): Int32Array {
  const codes: number[] = [];
  for (const word of folded.split(' ')) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) codes.push(code(padded[i]!, padded[i + 1]!, padded[i + 2]!));
  }
  codes.sort((a, b) => a - b);
  const unique: number[] = [];
  for (const c of codes) if (unique[unique.length - 1] !== c) unique.push(c);
  return Int32Array.from(unique);
}

/** similarity() of two trigram sets (as trigrams() returns them). */
export function trigramSimilarity(a: Int32Array, b: Int32Array): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! === b[j]!) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  const union = a.length + b.length - shared;
  // float4, as pg_trgm answers (binary64 then binary32 rounds the same as binary32 alone here).
  return union === 0 ? 0 : Math.fround(shared / union);
}

export function similarity(a: string, b: string): number {
  return trigramSimilarity(trigrams(a), trigrams(b));
}
