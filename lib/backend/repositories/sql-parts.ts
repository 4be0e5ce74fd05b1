import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

/** Shared pieces of the discovery and search repositories' raw SQL. */

interface LatLng {
  lat: number;
  lng: number;
}

/** The earthdistance point of a latitude and longitude (what the GiST `geo` columns hold). */
export function earthPoint(point: LatLng): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
}

/**
 * The point as an init plan, worked out once per statement. In a generic plan (the prepared
 * statements) `geo <-> ll_to_earth($1, $2)` counts the function on every row a nearest-first
 * scan reads, so that plan looked twice as dear as a custom one and was never kept; the GiST
 * scan orders by an init plan's value just as by a constant.
 */
export function onceEarthPoint(point: LatLng): SQL {
  return sql`(select ${earthPoint(point)})`;
}

/**
 * A row count from the code's own constants, written into the text: a generic plan takes a
 * `LIMIT $n` for a tenth of the table, and with the number in the text it knows it as a custom
 * plan does.
 */
export function limitOf(n: number): SQL {
  return sql.raw(String(Math.max(0, Math.trunc(n))));
}
