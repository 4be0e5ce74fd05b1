import { localeNavigation } from './locale-navigation';

export { Link } from './link';
export const { redirect, usePathname, useRouter, getPathname } = localeNavigation;
