import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// next-intl's navigation over next/link and next/navigation, with the routing of ./routing
// (English at the spec's own paths, Spanish under /es): links, redirects and the router add the
// locale's prefix, and usePathname answers without it. The app imports it through ./navigation.
export const localeNavigation = createNavigation(routing);
