import { getPathname } from './navigation';
import type { Metadata } from 'next';
import type { Locale } from './languages';

/**
 * Metadata of a public page search engines may list (the legal pages, login, sign-up, forgot
 * password): its title and description, its canonical URL in its own language and the other
 * language's as an alternate. Paths are resolved against the layout's `metadataBase`.
 */
export function indexedPageMetadata(page: {
  locale: Locale;
  path: string;
  title: string;
  description: string;
}): Metadata {
  const { locale, path, title, description } = page;
  const en = getPathname({ href: path, locale: 'en' });
  return {
    title,
    description,
    alternates: {
      canonical: getPathname({ href: path, locale }),
      languages: { en, es: getPathname({ href: path, locale: 'es' }), 'x-default': en },
    },
  };
}
