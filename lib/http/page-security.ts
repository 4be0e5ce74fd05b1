import 'server-only';
import { contentSecurityPolicy, PERSONAL_PAGE } from './security-headers.mjs';

/** Request header by which a page's server components read the nonce (Next's documented name). */
export const NONCE_HEADER = 'x-nonce';

/**
 * The Content-Security-Policy of a page, decided per request in the middleware because the
 * maps key and the payment script are run-time configuration. A page that shows personal data
 * gets a fresh nonce: it is written into the request's own `Content-Security-Policy` and
 * `x-nonce` headers, where Next's renderer finds it and puts it on every script it writes.
 * A client's own values of those headers are dropped on every other page.
 */
export function preparePageSecurity(requestHeaders: Headers, pathname: string): string {
  const base = {
    mapsKey: Boolean(process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY),
    paymentScriptUrl: process.env.PAYMENT_SCRIPT_URL || undefined,
    dev: process.env.NODE_ENV === 'development',
  };
  if (!PERSONAL_PAGE.test(pathname)) {
    requestHeaders.delete(NONCE_HEADER);
    requestHeaders.delete('content-security-policy');
    return contentSecurityPolicy(base);
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = contentSecurityPolicy({ ...base, nonce });
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set('content-security-policy', policy);
  return policy;
}
