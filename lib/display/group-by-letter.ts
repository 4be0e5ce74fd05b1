/**
 * Lists grouped by the first letter of a name (SPEC.md section 3): digits share the group '0-9',
 * accents fold into their base letter (Á under A) except Ñ, which Spanish alphabets keep apart,
 * and anything else that is not a letter goes under '#'.
 */
export const DIGIT_GROUP = '0-9';
export const OTHER_GROUP = '#';

export interface LetterGroup<T> {
  letter: string;
  items: T[];
}

export function groupLetter(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  if (!first) return OTHER_GROUP;
  if (/\p{Nd}/u.test(first)) return DIGIT_GROUP;
  const upper = first.toLocaleUpperCase();
  if (upper === 'Ñ') return upper;
  const base = upper.normalize('NFD').replace(/\p{M}/gu, '');
  return /\p{L}/u.test(base) ? base : OTHER_GROUP;
}

function groupOrder(letter: string): number {
  if (letter === DIGIT_GROUP) return 0;
  if (letter === OTHER_GROUP) return 2;
  return 1;
}

/**
 * Groups in alphabetical order ('0-9' first, '#' last); items keep the order they came in, so a
 * caller that sorted them (by name, distance, rating) keeps that order inside each group.
 */
export function groupByFirstLetter<T>(
  items: readonly T[],
  nameOf: (item: T) => string | null | undefined,
  locale = 'en',
): LetterGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const letter = groupLetter(nameOf(item));
    const list = groups.get(letter);
    if (list) list.push(item);
    else groups.set(letter, [item]);
  }
  const collator = new Intl.Collator(locale);
  return [...groups.entries()]
    .map(([letter, list]) => ({ letter, items: list }))
    .sort((a, b) => groupOrder(a.letter) - groupOrder(b.letter) || collator.compare(a.letter, b.letter));
}
