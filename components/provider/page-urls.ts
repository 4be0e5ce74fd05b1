import type { Locale } from '@/lib/i18n/languages';

/*
 * Addresses of the provider and clinic pages, shared by links, metadata (canonical, hreflang),
 * JSON-LD and the sitemap. English lives at the spec's paths, Spanish under /es
 * (lib/i18n/routing.ts, localePrefix 'as-needed').
 */

export const providerPath = (id: number) => `/provider-details/${id}`;
export const clinicPath = (id: number) => `/clinic-details/${id}`;

export function localizedPath(path: string, locale: Locale): string {
  return locale === 'en' ? path : `/es${path}`;
}

export function absoluteUrl(origin: string, path: string, locale: Locale): string {
  return `${origin.replace(/\/$/, '')}${localizedPath(path, locale)}`;
}

/** hreflang alternates: each language's address, and English as the default for the rest. */
export function languageAlternates(origin: string, path: string): Record<'en' | 'es' | 'x-default', string> {
  return {
    en: absoluteUrl(origin, path, 'en'),
    es: absoluteUrl(origin, path, 'es'),
    'x-default': absoluteUrl(origin, path, 'en'),
  };
}

/**
 * The booking page with a chosen slot. `rescheduleOf`: the patient is rebooking that appointment
 * of theirs with another provider (SPEC.md section 4), and the booking cancels it. `reason`: the
 * visit reason's slug the patient already named (the assistant's search), chosen on arrival.
 */
export function bookingHref(
  providerId: number,
  officeId: number,
  slotStart: string,
  extra: { rescheduleOf?: string; reason?: string } = {},
): string {
  const query = new URLSearchParams({ provider: String(providerId), office: String(officeId), slot: slotStart });
  if (extra.reason) query.set('reason', extra.reason);
  if (extra.rescheduleOf) query.set('rescheduleOf', extra.rescheduleOf);
  return `/book-new-appointment?${query}`;
}
