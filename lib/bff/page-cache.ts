import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { revalidateTag, unstable_cache } from 'next/cache';
import { parseEntityId } from '../contracts/discovery';
import { getClinicDetail, getDiscoveryChanges, getProviderDetail } from './discovery';
import type { ClinicDetail } from '../contracts/clinics';
import type { ProviderDetail } from '../contracts/providers';
import type { Locale } from '../i18n/languages';
import type { V4Result } from './v4-client';

/*
 * The provider and clinic pages are rendered once per id and language and served from Next's
 * cache (README "Decisions": cached public pages). Their data is read through unstable_cache
 * with tags, which Next also attaches to the cached page; syncDiscoveryPages() below drops the
 * pages whose data changed (the database notes every change), and the next visitor gets a fresh
 * page. The hour is a safety net for when that sync cannot run: after it, the next visitor still
 * gets the cached page at once and a new one is rendered in the background.
 */

/** Seconds a provider or clinic page (and its data) is served before a background re-render. */
export const PAGE_REVALIDATE_SECONDS = 3600;

/** Every provider and clinic page and its data. */
export const DISCOVERY_TAG = 'discovery';
export const providerTag = (id: number) => `provider:${id}`;
export const clinicTag = (id: number) => `clinic:${id}`;

/**
 * Thrown inside unstable_cache for an id that names nothing, so that the answer is not kept:
 * one cache entry per random id anyone asks for would push real pages out.
 */
class UnknownId extends Error {}

/** The data, or UnknownId for a 404; anything else is thrown too, so the last good page stays. */
function orNotFound<T>(result: V4Result<T>, what: string): T {
  if (result.ok) return result.data;
  if (result.status === 404) throw new UnknownId(what);
  throw new Error(`${what}: /v4 answered ${result.status} (${result.error.errorCode})`);
}

async function nullIfUnknown<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof UnknownId) return null;
    throw error;
  }
}

/** The provider page's data, or null for an id that names no provider (the page answers 404). */
export function cachedProviderDetail(id: string, locale: Locale): Promise<ProviderDetail | null> {
  const numeric = parseEntityId(id);
  // Malformed ids never reach /v4 nor the cache: one entry per random string would be waste.
  if (numeric === undefined) return Promise.resolve(null);
  return nullIfUnknown(
    unstable_cache(
      async () => orNotFound(await getProviderDetail(String(numeric), locale), `provider ${numeric}`),
      ['provider-detail', String(numeric), locale],
      { tags: [DISCOVERY_TAG, providerTag(numeric)], revalidate: PAGE_REVALIDATE_SECONDS },
    ),
  );
}

/** The clinic page's data, or null for an id that names no office. */
export function cachedClinicDetail(id: string, locale: Locale): Promise<ClinicDetail | null> {
  const numeric = parseEntityId(id);
  if (numeric === undefined) return Promise.resolve(null);
  return nullIfUnknown(
    unstable_cache(
      async () => orNotFound(await getClinicDetail(String(numeric), locale), `clinic ${numeric}`),
      ['clinic-detail', String(numeric), locale],
      { tags: [DISCOVERY_TAG, clinicTag(numeric)], revalidate: PAGE_REVALIDATE_SECONDS },
    ),
  );
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

/*
 * Keeping the cached pages in step with the database. Every write to what these pages show
 * (whoever makes it: this app, the seed CLI, psql, another deployment of /v4) is noted by
 * database triggers (migration 0006) and read back through GET /v4/discoveryChanges. The
 * launcher (lib/custom-server/start.ts) asks for a sync every few seconds (POST /api/page-cache), and
 * each sync drops exactly the pages that changed. The cursor is kept beside Next's cache in the
 * build folder, so a restart neither forgets changes made while the server was down nor drops
 * pages for nothing; a fresh build starts with an empty cache and the current cursor.
 */

function cursorFile(): string {
  // One cursor per server process (by its port): processes sharing a build folder each hold
  // their own page cache, and each must see every change, not only those another one missed.
  const port = process.env.PORT || '3000';
  return path.resolve(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'cache', `discovery-changes-cursor-${port}`);
}

function readCursor(): number | undefined {
  try {
    const value = Number(fs.readFileSync(cursorFile(), 'utf8').trim());
    return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeCursor(cursor: number): void {
  fs.mkdirSync(path.dirname(cursorFile()), { recursive: true });
  // Write then rename: a crash mid-write leaves the old cursor, never half a number.
  const temporary = `${cursorFile()}.${process.pid}`;
  fs.writeFileSync(temporary, String(cursor));
  fs.renameSync(temporary, cursorFile());
}

export interface PageSync {
  cursor: number;
  /** Tags revalidated (`discovery` when every page was). */
  revalidated: string[];
}

/** One sync: reads the changes since the saved cursor and revalidates their pages. */
export async function syncDiscoveryPages(): Promise<PageSync> {
  const after = readCursor();
  const result = await getDiscoveryChanges(after);
  if (!result.ok) throw new Error(`discovery changes: /v4 answered ${result.status} (${result.error.errorCode})`);
  const changes = result.data;
  const revalidated: string[] = [];
  if (after !== undefined) {
    if (changes.everything) {
      revalidateDiscoveryPages();
      revalidated.push(DISCOVERY_TAG);
    } else if (changes.providerIds.length || changes.clinicIds.length) {
      revalidateDiscoveryPages({ providerIds: changes.providerIds, clinicIds: changes.clinicIds });
      revalidated.push(...changes.providerIds.map(providerTag), ...changes.clinicIds.map(clinicTag));
    }
  }
  // Saved only after revalidating: a failure above retries the same changes next time.
  if (changes.cursor !== after) writeCursor(changes.cursor);
  return { cursor: changes.cursor, revalidated };
}
