/*
 * Display formats of the discovery pages, shared by server and client components. Plain Intl
 * with explicit time zones: a slot is shown in its office's zone (SPEC.md section 9),
 * whatever zone the server or the browser runs in.
 */

function intlLocale(locale: string): string {
  return locale === 'es' ? 'es-US' : 'en-US';
}

/** Distances in miles (SPEC.md section 9), one decimal. */
export function formatMiles(miles: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(miles);
}

/** Fees arrive in cents; the product charges in US dollars. */
export function formatFee(cents: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export function formatRating(average: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    average,
  );
}

/** "Mon, Nov 23, 7:00 AM" in the office's time zone. */
export function formatSlot(startIso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(startIso));
}

/** The provider page with an office and a slot preselected (the provider page reads both). */
export function slotHref(providerId: number, officeId: number, startIso: string, rescheduleOf?: string): string {
  const query = new URLSearchParams({ office: String(officeId), slot: startIso });
  if (rescheduleOf) query.set('rescheduleOf', rescheduleOf);
  return `/provider-details/${providerId}?${query}`;
}

export function formatList(items: string[], locale: string): string {
  return new Intl.ListFormat(intlLocale(locale), { style: 'long', type: 'conjunction' }).format(items);
}
