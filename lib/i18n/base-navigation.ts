import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** next-intl's navigation; pages import lib/i18n/navigation.ts, whose Link prefetches on intent. */
export const { Link: LocaleLink, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
