import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CheckCircleIcon, ShieldIcon, UsersIcon } from '@/components/ui/icons';
import { ClientMessages } from '@/components/providers/client-messages';
import { PracticeForm } from '@/components/practice/practice-form';
import { callV4 } from '@/lib/bff/v4-client';
import type { Country } from '@/lib/contracts/countries';
import type { NamedRef } from '@/lib/contracts/discovery';
import { fallbackCountries } from '@/lib/api-client/countries';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { FORM_NAMESPACES } from '@/lib/i18n/client-messages';
import type { Metadata } from 'next';

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: pageLocale(locale), namespace: 'practice' });
  return { title: t('title'), description: t('intro') };
}

const CLAIMS = [
  { id: 'payPerBooking', icon: CheckCircleIcon },
  { id: 'noMonthlyFee', icon: CheckCircleIcon },
  { id: 'noContract', icon: CheckCircleIcon },
  { id: 'plans', icon: ShieldIcon },
  { id: 'newPatients', icon: UsersIcon },
] as const;

/**
 * "List your practice" (SPEC.md sections 1-3): the marketing claims, then the listing request.
 * Public; the server renders the form plain and its validation arrives on the first reach for it.
 */
export default async function ListYourPracticePage({ params }: LocalePageProps) {
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('practice');
  // The countries and the seeded specialties ride in with the page (STYLE.md habit 6).
  const [countries, specialties] = await Promise.all([
    callV4<Country[]>('countries', { locale }),
    callV4<NamedRef[]>('specialties', { locale }),
  ]);
  const countryList = countries.ok ? countries.data : fallbackCountries(locale);
  const specialtyList = specialties.ok ? specialties.data : [];
  return (
    <main id="main" className="flex-1">
      <section aria-labelledby="practice-title" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 id="practice-title" className="text-center text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t('heading')}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-center text-lg text-slate-700">{t('intro')}</p>
          <h2 className="sr-only">{t('claimsHeading')}</h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {CLAIMS.map(({ id, icon: Icon }) => (
              <li key={id} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <Icon className="size-6 shrink-0 text-brand-700" />
                <span className="font-semibold text-slate-900">{t(`claims.${id}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="practice-form-title" className="px-4 pb-12 sm:px-6">
        <div className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 id="practice-form-title" className="text-2xl font-semibold text-slate-900">
            {t('formHeading')}
          </h2>
          <p className="mt-2 text-slate-700">{t('formIntro')}</p>
          <div className="mt-6">
            <ClientMessages namespaces={['practice', ...FORM_NAMESPACES]}>
              <PracticeForm countries={countryList} specialties={specialtyList} />
            </ClientMessages>
          </div>
        </div>
      </section>
    </main>
  );
}
