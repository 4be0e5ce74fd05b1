/*
 * Intl formatters, each built once per locale and options. Building one costs about a quarter
 * of a millisecond (ICU loads the locale's data and the zone's rules), using one a few
 * microseconds, and a listing, a slot picker, an appointment list or an email formats dozens of
 * times. Keys are few (two locales, a handful of option sets, the offices' time zones); the
 * bound only stops a flood of distinct zones from growing the cache without end. A zone that
 * does not exist throws while building, so it is never kept. Client-safe: the slot picker uses
 * it in the browser.
 */

const MAX_ENTRIES = 1_000;
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let format = cache.get(key);
  if (!format) {
    format = build();
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, `${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}
