export interface CspOptions {
  mapsKey?: boolean;
  paymentScriptUrl?: string;
  /** A per-request nonce: scripts need it ('strict-dynamic'), and 'unsafe-inline' is dropped. */
  nonce?: string;
  /** `next dev`: adds 'unsafe-eval', which React's development build needs. */
  dev?: boolean;
}
export function contentSecurityPolicy(options?: CspOptions): string;
export const STATIC_SECURITY_HEADERS: [string, string][];
export const PERSONAL_PAGE: RegExp;
