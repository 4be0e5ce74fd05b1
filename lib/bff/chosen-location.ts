import 'server-only';
import { cookies } from 'next/headers';
import { LOCATION_COOKIE, latLngFromCookie } from '@/components/location/location-params';
import type { LatLng } from '../contracts/geo';

/**
 * The place the visitor chose on an earlier page or visit (the location wrapper's cookie), for
 * pages whose URL has no lat and lng: the server renders the nearby list and the results with it
 * at once, and the wrapper then writes it into the URL.
 */
export async function rememberedLocation(): Promise<LatLng | null> {
  return latLngFromCookie((await cookies()).get(LOCATION_COOKIE)?.value);
}
