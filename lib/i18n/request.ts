import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing } from './routing';

export default getRequestConfig(async ({ locale: explicit, requestLocale }) => {
  // An explicit locale (getTranslations({ locale })) must not touch requestLocale: before the
  // page's setRequestLocale ran (generateMetadata) that reads the request headers, which turns a
  // cached page (the provider and clinic pages) into a per-request one.
  const requested = explicit ?? (await requestLocale);
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    timeZone: 'America/New_York',
  };
});
