import NextLink from 'next/link';
import { locale as rootLocale } from 'next/root-params';
import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { pageLocale } from '@/lib/i18n/page-props';
import { getPathname } from '@/lib/i18n/navigation';

/**
 * The 404 of provider and clinic pages, and a way back home. A clinic's has SPEC.md section 8's
 * text, "Either this office doesn't exists or it is not available in your region." (kept word
 * for word, as the /v4 API answers it); a provider's says that the dentist is not there, not an
 * office.
 *
 * Next renders a segment's not-found.tsx along with the page, before the page has called
 * setRequestLocale; asked for the request's locale then, next-intl reads the request headers,
 * which makes the cached provider and clinic pages dynamic (a 500 on their first render). So
 * the locale comes from the [locale] root segment itself. The link home is next/link to the
 * locale's own address: next-intl's Link given a `locale` always prefixes it (`/en`), which is
 * not an English address here.
 */
export async function OfficeNotFound({ kind = 'office' }: { kind?: 'office' | 'provider' }) {
  const locale = pageLocale((await rootLocale()) ?? '');
  const t = await getTranslations({ locale, namespace: 'api' });
  const tn = await getTranslations({ locale, namespace: 'notFound' });
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center"
    >
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl">
        {t(kind === 'provider' ? 'providerNotFound' : 'officeNotFound')}
      </h1>
      <NextLink href={getPathname({ href: '/', locale })} className={buttonClass('primary', 'mt-8')}>
        {tn('home')}
      </NextLink>
    </main>
  );
}
