import { z } from 'zod';
import './zod-config';
import { bothOrNeither, pairNote } from './pair-rule';
import { latitudeParam, longitudeParam } from './discovery';
import { providerCardSchema } from './providers';
import { clinicCardSchema } from './clinics';

/** Favourites contracts: GET /v4/favorites, /v4/favorites/ids, PUT and DELETE of one favourite. */

// ---- Favourites ----

// GET /v4/favorites?lat&lng - distances when a point is given
export const favoritesQuerySchema = z
  .strictObject({
    lat: latitudeParam.describe(`Latitude for distances, in degrees. ${pairNote('lng')}`).optional(),
    lng: longitudeParam.describe(`Longitude for distances, in degrees. ${pairNote('lat')}`).optional(),
  })
  .superRefine(bothOrNeither('lat', 'lng'));
export const favoritesSchema = z.object({
  providerIds: z.array(z.number().int()),
  clinicIds: z.array(z.number().int()),
  providers: z.array(providerCardSchema),
  clinics: z.array(clinicCardSchema),
});
export type Favorites = z.infer<typeof favoritesSchema>;

// GET /v4/favorites/ids - only the ids, for heart toggles (cheap: no cards, no slots)
export const favoriteIdsSchema = z.object({
  providerIds: z.array(z.number().int()),
  clinicIds: z.array(z.number().int()),
});
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

// PUT / DELETE /v4/favorites/providers/{id} and /v4/favorites/clinics/{id} (idempotent)
export const favoriteStatusSchema = z.object({
  kind: z.enum(['provider', 'clinic']),
  id: z.number().int(),
  favorite: z.boolean(),
});
export type FavoriteStatus = z.infer<typeof favoriteStatusSchema>;
