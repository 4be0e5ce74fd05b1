import { getPathname } from '@/lib/i18n/navigation';
import { isLocale } from '@/lib/i18n/languages';

/** Same name as POST_LOGIN_REDIRECT_COOKIE in lib/bff/session-config.ts (not imported: that module is server-side). */
const REDIRECT_COOKIE = 'post_login_redirect';

/**
 * Sends a logged-out visitor to the login page, coming back here afterwards. The middleware
 * only saves the post-login redirect for protected paths, and this page is public; so the
 * page writes the same cookie itself (a plain cookie: it holds a path, nothing secret), which
 * POST /api/session reads, checks with safeRedirectPath and clears. A full navigation, so the
 * login page renders fresh.
 */
export function goToLogin(locale: string): void {
  const here = `${window.location.pathname}${window.location.search}`;
  document.cookie = `${REDIRECT_COOKIE}=${encodeURIComponent(here)}; path=/; max-age=3600; samesite=lax`;
  window.location.assign(getPathname({ href: '/login', locale: isLocale(locale) ? locale : 'en' }));
}
