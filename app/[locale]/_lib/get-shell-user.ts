import 'server-only';
import { cache } from 'react';
import { getCurrentUser } from '@/lib/bff/user';
import type { Locale } from '@/lib/i18n/languages';
import { toShellUser, type ShellUser } from '@/components/shell/shell-user';

/**
 * The header's user, loaded once per request (React `cache`) however many server components
 * ask. An expired session yields no user: the middleware and the protected pages deal with it.
 */
export const getShellUser = cache(async (locale: Locale): Promise<ShellUser | undefined> => {
  const { user } = await getCurrentUser(locale);
  if (!user) return undefined;
  return toShellUser(user, locale);
});
