/**
 * Name helpers of SPEC.md section 3 ("Display helpers"). They take whatever the API gave (possibly
 * empty or padded) and never throw, because they run while rendering.
 */

/** Splits on any run of whitespace and drops empty parts. */
function words(text: string | null | undefined): string[] {
  return (text ?? '').trim().split(/\s+/u).filter(Boolean);
}

/** The first user-perceived character, so an initial never cuts a surrogate pair in half. */
function firstCharacter(text: string): string {
  return Array.from(text)[0] ?? '';
}

/** "First Last" from a person's name parts, or the text itself with its whitespace tidied. */
export function displayName(
  person: { firstName?: string | null; lastName?: string | null } | string | null | undefined,
): string {
  if (typeof person === 'string' || person == null) return words(person).join(' ');
  return words(`${person.firstName ?? ''} ${person.lastName ?? ''}`).join(' ');
}

/** The first word of a text ("Ana Maria Lopez" -> "Ana"); empty when there is none. */
export function firstWord(text: string | null | undefined): string {
  return words(text)[0] ?? '';
}

/** The upper-case first letter of a text, optionally followed by a period ("lopez" -> "L."). */
export function firstInitial(text: string | null | undefined, options: { period?: boolean } = {}): string {
  const initial = firstCharacter(firstWord(text)).toLocaleUpperCase();
  if (!initial) return '';
  return options.period ? `${initial}.` : initial;
}

/** A person by their own name fields, or the name of a place (a clinic) as one text. */
export type AvatarSubject = { firstName?: string | null; lastName?: string | null } | string | null | undefined;

/**
 * The words an avatar is drawn from (SPEC.md section 3 "Display helpers"). For a person these
 * are their name fields, first name then last name, never a display string: "Dr. Ashley
 * Castillo" and "Dra. Ashley Castillo" carry a title that differs by language and would make
 * "Dr." the first word. A last name is one word however many parts it has ("García Márquez"),
 * and so is a first name ("Ana María"), so the second word is the family name.
 */
function avatarWords(subject: AvatarSubject): string[] {
  if (typeof subject === 'string' || subject == null) return words(subject);
  return [words(subject.firstName).join(' '), words(subject.lastName).join(' ')].filter(Boolean);
}

/**
 * The letter an avatar without a picture shows: the first letter of the second word when there is
 * one (the family name of "Ana Lopez"), otherwise of the first word.
 */
export function avatarInitial(subject: AvatarSubject): string {
  const [first, second] = avatarWords(subject);
  return firstCharacter(second ?? first ?? '').toLocaleUpperCase();
}

/** What an avatar's colour is keyed on: the same words, so initial and colour always agree. */
export function avatarKey(subject: AvatarSubject): string {
  return avatarWords(subject).join(' ');
}
