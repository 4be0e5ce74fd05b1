// The app's navigation helpers: next-intl's, with a Link that prefetches on intent (./intent-link).
export { redirect, usePathname, useRouter, getPathname } from './base-navigation';
export { Link } from './intent-link';
