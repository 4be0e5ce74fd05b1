import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { LatLng } from '../../contracts/geo';

/** Shared pieces of the discovery and search repositories' raw SQL. */

/** The earthdistance point of a latitude and longitude (what the GiST `geo` columns hold). */
export function earthPoint(point: LatLng): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
}
