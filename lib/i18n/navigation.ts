// The app's navigation helpers: next-intl's API (locale-prefixed links, router and redirects) over
// Next's own, without next-intl's client navigation (issue 10: ~2 kB on every public page), with a
// Link that prefetches on intent (./intent-link).
export { redirect, getPathname } from './locale-path';
export { usePathname, useRouter } from './locale-router';
export { Link } from './intent-link';
