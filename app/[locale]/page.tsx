import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { CalendarIcon, HeartIcon, ShieldIcon, ToothIcon, UserIcon } from '@/components/ui/icons';
import { getShellUser } from '@/app/[locale]/_lib/get-shell-user';
import { CareSearchBlock } from '@/components/search/care-search-block';
import { NearbyDentists } from '@/app/[locale]/_components/nearby-dentists';
import { centerFromQuery } from '@/components/search/listing-query';
import { firstWord } from '@/lib/display/names';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { Link } from '@/lib/i18n/navigation';
import { rememberedLocation } from '@/lib/bff/chosen-location';

const FEATURES = [
  { id: 'inOffice', icon: ToothIcon },
  { id: 'teledental', icon: UserIcon },
  { id: 'insurance', icon: ShieldIcon },
] as const;

/**
 * Home (SPEC.md section 2: type-of-care search, location field, nearby dentists). Rendered on
 * the server; the search form is the one client island. The nearby list follows the URL's lat
 * and lng, which the location wrapper writes, so choosing a place re-renders it here.
 */
export default async function HomePage({ params, searchParams }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('home');
  // Same cached call the layout made for the header: no second round trip.
  const user = await getShellUser(locale);
  // Without lat and lng in the URL, the place remembered from an earlier page or visit.
  const center = centerFromQuery(await searchParams) ?? (await rememberedLocation());

  return (
    <main id="main" className="flex-1">
      <section aria-labelledby="home-title" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-5xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <h1 id="home-title" className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t('title')}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700 sm:text-xl">{t('pitch')}</p>
          <div className="mx-auto mt-10 max-w-4xl rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:p-6">
            <h2 className="sr-only">{t('searchHeading')}</h2>
            <CareSearchBlock />
          </div>
          {user ? (
            <div className="mt-10">
              {/* A heading, as it looks (axe best practice p-as-heading). */}
              <h2 className="text-xl font-semibold text-slate-900">{t('welcome', { name: firstWord(user.name) })}</h2>
              <p className="mt-1 text-slate-700">{t('welcomeBody')}</p>
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                <Link href="/all-appointments" className={buttonClass('primary')}>
                  <CalendarIcon className="size-5" />
                  {t('myAppointments')}
                </Link>
                <Link href="/favorites" className={buttonClass('secondary')}>
                  <HeartIcon className="size-5" />
                  {t('favorites')}
                </Link>
              </div>
            </div>
          ) : (
            <div className="mt-10 flex flex-col items-center gap-4">
              <Link href="/signup" className={buttonClass('primary', 'px-8 text-lg')}>
                {t('signup')}
              </Link>
              <p className="text-slate-700">
                {t('haveAccount')}{' '}
                <Link href="/login" className="font-semibold text-brand-800 underline underline-offset-2">
                  {t('login')}
                </Link>
              </p>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="home-nearby" className="mx-auto w-full max-w-5xl px-4 pt-14 sm:px-6">
        <h2 id="home-nearby" className="text-2xl font-semibold text-slate-900">
          {t('nearbyHeading')}
        </h2>
        <div className="mt-2">
          <NearbyDentists center={center} headingId="home-nearby" page="home" />
          <p className="mt-3">
            <Link href="/featured-search" className="font-semibold text-brand-800 underline underline-offset-2">
              {t('nearbyFeatured')}
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="home-features" className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <h2 id="home-features" className="text-center text-2xl font-semibold text-slate-900">
          {t('featuresHeading')}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {FEATURES.map(({ id, icon: Icon }) => (
            <li key={id} className="rounded-2xl border border-slate-200 p-6">
              <Icon className="size-8 text-brand-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`features.${id}.title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`features.${id}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
