import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';
import { parseEntityId, type ClinicDetail, type ProviderDetail } from '../contracts/discovery';
import type { Locale } from '../i18n/languages';
import { getClinicDetail, getProviderDetail } from './discovery';
import type { V4Result } from './v4-client';

/*
 * The provider and clinic pages are rendered once per id and language and served from Next's
 * cache (README "Decisions": cached public pages). Their data is read through unstable_cache
 * with tags, which Next also attaches to the cached page, so whatever changes a provider or an
 * office calls revalidateDiscoveryPages() and the next visitor gets a fresh page. The hour is a
 * safety net for changes made where that call cannot reach (a seed run by hand, another
 * deployment of /v4): after it, the next visitor still gets the cached page at once and a new
 * one is rendered in the background.
 */

/** Seconds a provider or clinic page (and its data) is served before a background re-render. */
export const PAGE_REVALIDATE_SECONDS = 3600;

/** Every provider and clinic page and its data. */
export const DISCOVERY_TAG = 'discovery';
export const providerTag = (id: number) => `provider:${id}`;
export const clinicTag = (id: number) => `clinic:${id}`;

/** A 404 (unknown or malformed id) is an answer worth caching; anything else is thrown, so the last good page stays. */
function orNotFound<T>(result: V4Result<T>, what: string): T | null {
  if (result.ok) return result.data;
  if (result.status === 404) return null;
  throw new Error(`${what}: /v4 answered ${result.status} (${result.error.errorCode})`);
}

/** The provider page's data, or null for an id that names no provider (the page answers 404). */
export function cachedProviderDetail(id: string, locale: Locale): Promise<ProviderDetail | null> {
  const numeric = parseEntityId(id);
  // Malformed ids never reach /v4 nor the cache: one entry per random string would be waste.
  if (numeric === undefined) return Promise.resolve(null);
  return unstable_cache(
    async () => orNotFound(await getProviderDetail(String(numeric), locale), `provider ${numeric}`),
    ['provider-detail', String(numeric), locale],
    { tags: [DISCOVERY_TAG, providerTag(numeric)], revalidate: PAGE_REVALIDATE_SECONDS },
  )();
}

/** The clinic page's data, or null for an id that names no office. */
export function cachedClinicDetail(id: string, locale: Locale): Promise<ClinicDetail | null> {
  const numeric = parseEntityId(id);
  if (numeric === undefined) return Promise.resolve(null);
  return unstable_cache(
    async () => orNotFound(await getClinicDetail(String(numeric), locale), `clinic ${numeric}`),
    ['clinic-detail', String(numeric), locale],
    { tags: [DISCOVERY_TAG, clinicTag(numeric)], revalidate: PAGE_REVALIDATE_SECONDS },
  )();
}

/**
 * Call after changing what a provider or clinic page shows (profile, offices, hours, reviews,
 * ratings), from a route handler or server action, with every id whose page shows the change:
 * an office's change shows on its clinic page and on the page of each provider working there.
 * No ids: every such page (after a re-seed). Slots are not on the cached pages (the browser
 * fetches them), so bookings need no call.
 */
export function revalidateDiscoveryPages(
  changed: { providerIds?: readonly number[]; clinicIds?: readonly number[] } = {},
): void {
  const tags = [...(changed.providerIds ?? []).map(providerTag), ...(changed.clinicIds ?? []).map(clinicTag)];
  // expire 0: the next visitor gets the new page (rendered for them), never the old one. A
  // patient who just changed something must see it on reload.
  for (const tag of tags.length ? tags : [DISCOVERY_TAG]) revalidateTag(tag, { expire: 0 });
}
