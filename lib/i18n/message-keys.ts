import type en from '../../messages/en.json';

/** Dotted paths of every message in a catalogue (`api.emailTaken`, `login.title`, ...). */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * A key of messages/en.json (and so of es.json: lib/i18n/messages.test.ts keeps them equal).
 * Server code that translates (API errors, emails) takes this type, so a missing key fails the
 * type check, as next-intl's AppConfig does for pages and components.
 */
export type MessageKey = Leaves<typeof en>;
