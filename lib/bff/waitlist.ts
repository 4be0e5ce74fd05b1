import 'server-only';
import { currentToken } from './session';
import { callV4, type V4Result } from './v4-client';
import type { WaitlistOffer } from '../contracts/waitlist';
import type { Locale } from '../i18n/languages';

/**
 * GET /v4/waitlistOffers/{id} for the offer page, as lib/bff/appointments.ts does:
 * `undefined` when nobody is logged in, a 401 result when the /v4 session is gone.
 */
export async function getWaitlistOffer(id: string, locale: Locale): Promise<V4Result<WaitlistOffer> | undefined> {
  const token = await currentToken();
  if (!token) return undefined;
  return callV4<WaitlistOffer>('getWaitlistOffer', { locale, token, params: { id } });
}
