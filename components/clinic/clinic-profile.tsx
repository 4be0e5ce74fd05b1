import { getTranslations } from 'next-intl/server';
import type { ClinicDetail } from '@/lib/contracts/clinics';
import type { Locale } from '@/lib/i18n/languages';
import { Link } from '@/lib/i18n/navigation';
import { Avatar } from '@/components/ui/avatar';
import { ProfileHeader } from '@/components/provider/profile-header';
import { ClientMessages } from '@/components/providers/client-messages';
import { FAVORITE_TOGGLE_MESSAGES } from '@/lib/i18n/client-messages';
import { BusinessHoursTable } from '@/components/provider/business-hours';
import { formatFee, weekdayName } from '@/components/provider/format';
import { GlobeIcon } from '@/components/ui/icons';
import { OfficeAddress } from '@/components/provider/office-address';
import { providerPath } from '@/components/provider/page-urls';
import { RatingStars } from '@/components/provider/rating-stars';
import { ReviewsList } from '@/components/provider/reviews-list';
import { ChipList, HalfSection, Section, SectionPair } from '@/components/provider/section';

/**
 * The clinic (dental office) page's content, all in the first HTML: description, hours in the
 * office's time zone, languages, technologies, procedures and services, amenities,
 * specialties, the providers who work there (each leading to their page and its slots), and
 * reviews. The heart is the only client part.
 */
export async function ClinicProfile({ clinic, locale }: { clinic: ClinicDetail; locale: Locale }) {
  const t = await getTranslations('clinic');
  const tp = await getTranslations('provider');
  const tc = await getTranslations('common');
  const acceptsNewPatients = clinic.providers.some((p) => p.acceptsNewPatients);
  const teledental = clinic.providers.some((p) => p.teledentalAvailable);

  return (
    <ClientMessages namespaces={FAVORITE_TOGGLE_MESSAGES}>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <ProfileHeader
          kind="clinic"
          id={clinic.id}
          name={clinic.name}
          avatarName={clinic.name}
          photoUrl={clinic.photoUrl}
          subtitle={t('kind', { city: clinic.city, state: clinic.state })}
          rating={clinic.rating}
          acceptsNewPatients={acceptsNewPatients}
          teledentalLabel={teledental ? tp('teledental') : null}
          locale={locale}
        />

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
          <div className="min-w-0 space-y-8">
            <Section id="about" title={t('about')}>
              <p className="max-w-prose leading-relaxed text-slate-800">{clinic.description}</p>
            </Section>

            <Section id="providers" title={t('providers')}>
              {clinic.providers.length ? (
                <ul className="grid gap-4 sm:grid-cols-2">
                  {clinic.providers.map((p) => (
                    <li key={p.id} className="flex gap-4 rounded-2xl border border-slate-200 p-4">
                      <Avatar name={{ firstName: p.firstName, lastName: p.lastName }} src={p.photoUrl} size={56} />
                      <div className="min-w-0 space-y-1">
                        <h3 className="font-semibold">
                          <Link href={providerPath(p.id)} className="text-brand-800 underline underline-offset-2">
                            {p.displayName}
                          </Link>
                        </h3>
                        <p className="text-sm text-slate-800">
                          {p.title}
                          {p.specialties.length ? ` · ${p.specialties.map((s) => s.name).join(', ')}` : null}
                        </p>
                        <RatingStars
                          average={p.rating.average}
                          count={p.rating.count}
                          locale={locale}
                          size="sm"
                          labels={{
                            rated: tp('rated'),
                            reviews: tp('reviewCount', { count: p.rating.count }),
                            noReviews: tp('noReviews'),
                          }}
                        />
                        <p className="text-sm text-slate-700">
                          {t('worksOn', { days: p.workingDays.map((d) => weekdayName(d, locale)).join(', ') })}
                        </p>
                        <p className="text-sm text-slate-700">
                          {p.acceptsNewPatients ? tp('acceptingNewPatients') : tp('notAcceptingNewPatients')}
                          {p.teledentalAvailable
                            ? ` · ${tp('teledentalFee', { fee: formatFee(p.teledentalFeeCents, locale) })}`
                            : null}
                        </p>
                        <Link
                          href={providerPath(p.id)}
                          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2"
                        >
                          {t('seeTimes')}
                          <span className="sr-only"> ({p.displayName})</span>
                        </Link>
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-800">{t('noProviders')}</p>
              )}
            </Section>

            <Section id="services" title={t('services')}>
              <ChipList items={clinic.services.map((s) => s.name)} />
            </Section>

            <Section id="specialties" title={t('specialties')}>
              <ChipList items={clinic.specialties.map((s) => s.name)} />
            </Section>

            <SectionPair>
              <HalfSection id="technologies" title={t('technologies')}>
                <ul className="list-disc space-y-1 pl-5 text-slate-800">
                  {clinic.technologies.map((item) => (
                    <li key={item.code}>{item.name}</li>
                  ))}
                </ul>
              </HalfSection>
              <HalfSection id="amenities" title={t('amenities')}>
                <ul className="list-disc space-y-1 pl-5 text-slate-800">
                  {clinic.amenities.map((item) => (
                    <li key={item.code}>{item.name}</li>
                  ))}
                </ul>
              </HalfSection>
            </SectionPair>

            <Section id="reviews" title={t('reviews')}>
              <ReviewsList reviews={clinic.reviews} locale={locale} />
            </Section>
          </div>

          <aside aria-label={t('contact')} className="space-y-6">
            <div className="space-y-5 rounded-2xl border border-slate-200 p-5 shadow-sm">
              <OfficeAddress place={clinic} />
              {clinic.website ? (
                <p>
                  <a
                    href={clinic.website}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-2"
                  >
                    <GlobeIcon className="size-5 shrink-0" />
                    {t('website')}
                    <span className="sr-only"> {tc('opensInNewTab')}</span>
                  </a>
                </p>
              ) : null}
              <div>
                <h2 className="mb-1 text-lg font-semibold text-slate-900">{tp('hours')}</h2>
                <BusinessHoursTable hours={clinic.businessHours} timeZone={clinic.timeZone} locale={locale} />
              </div>
              <div>
                <h2 className="text-lg font-semibold text-slate-900">{tp('languages')}</h2>
                <p className="mt-1 text-slate-800">{clinic.languages.map((l) => l.name).join(', ')}</p>
              </div>
            </div>
          </aside>
        </div>
      </main>
    </ClientMessages>
  );
}
