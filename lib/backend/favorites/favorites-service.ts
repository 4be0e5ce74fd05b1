import 'server-only';
import { NOT_FOUND_MESSAGE_KEY } from '../../contracts/discovery';
import { ApiError } from '../errors';
import { addFavorite, listFavorites, removeFavorite, type FavoriteKind } from './favorites-repository';
import { buildClinicCards, buildProviderCards, officeDistances, providerOffices } from '../search/listings-service';
import type { AuthenticatedSession } from '../auth/auth-service';
import type { Point } from '../search/listings-repository';
import type { Locale } from '../../i18n/languages';
import type { FavoriteIds, FavoriteStatus, Favorites } from '../../contracts/favorites';

// PUT /v4/favorites/{providers|clinics}/{id}
export async function addToFavorites(
  session: AuthenticatedSession,
  kind: FavoriteKind,
  id: number,
): Promise<FavoriteStatus> {
  if (!(await addFavorite(session.userId, kind, id))) throw new ApiError('notFound', NOT_FOUND_MESSAGE_KEY);
  return { kind, id, favorite: true };
}

// DELETE /v4/favorites/{providers|clinics}/{id} - removing what is not there is fine (idempotent)
export async function removeFromFavorites(
  session: AuthenticatedSession,
  kind: FavoriteKind,
  id: number,
): Promise<FavoriteStatus> {
  await removeFavorite(session.userId, kind, id);
  return { kind, id, favorite: false };
}

/** A user's favourite providers and clinics, newest first (also what global search may be limited to). */
export async function favoriteIdsOf(userId: string): Promise<FavoriteIds> {
  const rows = await listFavorites(userId);
  return {
    providerIds: rows.flatMap((r) => (r.provider_id === null ? [] : [r.provider_id])),
    clinicIds: rows.flatMap((r) => (r.office_id === null ? [] : [r.office_id])),
  };
}

// GET /v4/favorites/ids
export async function favoriteIds(session: AuthenticatedSession): Promise<FavoriteIds> {
  return favoriteIdsOf(session.userId);
}

// GET /v4/favorites
export async function favorites(
  session: AuthenticatedSession,
  locale: Locale,
  center: Point | undefined,
  now = new Date(),
): Promise<Favorites> {
  const { providerIds, clinicIds } = await favoriteIds(session);

  // Each provider card is about one office: the nearest to the given point, else the first.
  const links = await providerOffices(providerIds);
  const meters = center
    ? await officeDistances(center, [...new Set([...links.map((l) => l.office_id), ...clinicIds])])
    : new Map<number, number>();
  const providerEntries = providerIds.flatMap((providerId) => {
    const options = links.filter((l) => l.provider_id === providerId);
    options.sort(
      (a, b) => (meters.get(a.office_id) ?? 0) - (meters.get(b.office_id) ?? 0) || a.office_id - b.office_id,
    );
    const chosen = options[0];
    return chosen ? [{ providerId, officeId: chosen.office_id, meters: meters.get(chosen.office_id) ?? null }] : [];
  });
  const [providers, clinics] = await Promise.all([
    buildProviderCards(providerEntries, locale, { now }),
    buildClinicCards(
      clinicIds.map((officeId) => ({ officeId, meters: meters.get(officeId) ?? null })),
      locale,
      { now },
    ),
  ]);
  return { providerIds, clinicIds, providers, clinics };
}
