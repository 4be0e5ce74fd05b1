/**
 * A readable (not httpOnly) cookie that only says "a session cookie is probably there". The
 * session itself stays in its httpOnly cookie, out of reach of scripts; this one lets the
 * header skip GET /api/me for visitors who are not logged in, so the cached public pages cost
 * them no request and no 401 in the console (Lighthouse counts those as errors). It proves
 * nothing: the middleware sets it when it sees a live session and deletes it otherwise, and a
 * stale one just means one /api/me call that answers 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

export function hasSignedInHint(): boolean {
  return (
    typeof document !== 'undefined' && new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`).test(document.cookie)
  );
}
