import { getTranslations } from 'next-intl/server';
import type { ProviderDetail } from '@/lib/contracts/providers';
import type { Locale } from '@/lib/i18n/languages';
import { Link } from '@/lib/i18n/navigation';
import { ClientMessages } from '@/components/providers/client-messages';
import { FAVORITE_TOGGLE_MESSAGES } from '@/lib/i18n/client-messages';
import { SlotPickerLoader } from '@/components/slots/slot-picker-loader';
import { timeZoneLabel } from '@/lib/display/time-zone-label';
import { CheckCircleIcon, VideoIcon } from '@/components/ui/icons';
import { BusinessHoursTable } from './business-hours';
import { formatFee } from './format';
import { ProfileHeader } from './profile-header';
import { OfficeAddress } from './office-address';
import { clinicPath } from './page-urls';
import { RatingStars } from './rating-stars';
import { ReviewsList } from './reviews-list';
import { Badge, ChipList, HalfSection, Section, SectionPair } from './section';

/**
 * The provider page's content (everything in the first HTML for search engines).
 * Server components throughout; the only client parts are the slot picker (live data) and the
 * heart (per user), which load their messages through <ClientMessages>.
 */
export async function ProviderProfile({ provider, locale }: { provider: ProviderDetail; locale: Locale }) {
  const t = await getTranslations('provider');
  const ts = await getTranslations('slots');
  const ratingLabels = {
    rated: t('rated'),
    reviews: t('reviewCount', { count: provider.rating.count }),
    noReviews: t('noReviews'),
  };
  const primary = provider.specialties[0];

  return (
    <ClientMessages namespaces={['slots', ...FAVORITE_TOGGLE_MESSAGES]}>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        {/* Header, booking, details in the DOM (and on phones); on wide screens the booking
            box is a column of its own beside both. */}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-10">
          <ProfileHeader
            kind="provider"
            id={provider.id}
            name={provider.displayName}
            avatarName={{ firstName: provider.firstName, lastName: provider.lastName }}
            photoUrl={provider.photoUrl}
            subtitle={primary ? `${provider.title} · ${primary.name}` : provider.title}
            rating={provider.rating}
            acceptsNewPatients={provider.acceptsNewPatients}
            teledentalLabel={
              provider.teledentalAvailable
                ? t('teledentalFee', { fee: formatFee(provider.teledentalFeeCents, locale) })
                : null
            }
            locale={locale}
            className="lg:col-start-1"
          />

          <aside aria-labelledby="book-heading" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <div className="rounded-2xl border border-slate-200 p-5 shadow-sm lg:sticky lg:top-6">
              <h2 id="book-heading" className="text-xl font-semibold text-slate-900">
                {ts('heading')}
              </h2>
              <div className="mt-4">
                {provider.offices.length ? (
                  <SlotPickerLoader
                    providerId={provider.id}
                    offices={provider.offices.map((o) => ({
                      id: o.id,
                      name: o.name,
                      timeZone: o.timeZone,
                      timeZoneLabel: timeZoneLabel(o.timeZone, locale),
                      acceptsNewPatients: o.acceptsNewPatients,
                    }))}
                  />
                ) : (
                  <p className="text-slate-800">{ts('noOffice')}</p>
                )}
              </div>
            </div>
          </aside>

          <div className="min-w-0 space-y-8 lg:col-start-1">
            <Section id="about" title={t('about', { name: provider.displayName })}>
              <p className="max-w-prose leading-relaxed text-slate-800">{provider.biography}</p>
            </Section>

            <Section id="specialties" title={t('specialties')}>
              <ChipList items={provider.specialties.map((s) => s.name)} />
            </Section>

            <SectionPair>
              <HalfSection id="education" title={t('education')}>
                <ul className="space-y-2 text-slate-800">
                  {provider.education.map((e) => (
                    <li key={`${e.degree}-${e.year}`}>
                      <span className="font-semibold">{e.degree}</span>, {e.institution} ({e.year})
                    </li>
                  ))}
                </ul>
              </HalfSection>
              <HalfSection id="experience" title={t('experience')}>
                <p className="text-slate-800">{t('experienceYears', { years: provider.experienceYears })}</p>
                <h3 className="mt-5 font-semibold text-slate-900">{t('languages')}</h3>
                <p className="mt-1 text-slate-800">{provider.languages.map((l) => l.name).join(', ')}</p>
              </HalfSection>
            </SectionPair>

            {provider.awards.length ? (
              <Section id="awards" title={t('awards')}>
                <ul className="list-disc space-y-1 pl-5 text-slate-800">
                  {provider.awards.map((a) => (
                    <li key={`${a.title}-${a.year}`}>
                      {a.title} ({a.year})
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}

            <Section id="insurance" title={t('insurance')}>
              {provider.insurance.length ? (
                <ul className="grid gap-4 sm:grid-cols-2">
                  {provider.insurance.map((group) => (
                    <li key={group.carrierId} className="rounded-xl border border-slate-200 p-4">
                      <h3 className="font-semibold text-slate-900">{group.carrierName}</h3>
                      <ul className="mt-2 space-y-1 text-sm text-slate-800">
                        {group.plans.map((plan) => (
                          <li key={plan.id}>{plan.name}</li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-800">{t('noInsurance')}</p>
              )}
            </Section>

            <Section id="offices" title={t('offices')}>
              <ul className="space-y-6">
                {provider.offices.map((office) => (
                  <li key={office.id} className="rounded-2xl border border-slate-200 p-5">
                    <h3 className="text-lg font-semibold">
                      <Link href={clinicPath(office.id)} className="text-brand-800 underline underline-offset-2">
                        {office.name}
                      </Link>
                    </h3>
                    <div className="mt-2 flex flex-wrap gap-2">
                      {office.acceptsNewPatients ? (
                        <Badge tone="good" icon={<CheckCircleIcon className="size-4" />}>
                          {t('acceptingNewPatients')}
                        </Badge>
                      ) : (
                        <Badge>{t('notAcceptingNewPatients')}</Badge>
                      )}
                      {office.teledentalAvailable ? (
                        <Badge icon={<VideoIcon className="size-4" />}>{t('teledental')}</Badge>
                      ) : null}
                    </div>
                    <div className="mt-4 grid gap-5 md:grid-cols-2">
                      <OfficeAddress place={office} />
                      <div>
                        <h4 className="mb-1 font-semibold text-slate-900">{t('hours')}</h4>
                        <BusinessHoursTable
                          hours={office.businessHours}
                          timeZone={office.timeZone}
                          locale={locale}
                          highlight={office.workingDays}
                        />
                        <p className="mt-2 text-sm text-slate-700">{t('workingDaysNote')}</p>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            </Section>

            {provider.visitReasons.length ? (
              <Section id="visit-reasons" title={t('visitReasons')}>
                <ChipList items={provider.visitReasons.map((r) => r.name)} />
              </Section>
            ) : null}

            <Section id="reviews" title={t('reviews')}>
              {provider.rating.count > 0 ? (
                <div className="mb-4">
                  <RatingStars
                    average={provider.rating.average}
                    count={provider.rating.count}
                    locale={locale}
                    labels={ratingLabels}
                  />
                </div>
              ) : null}
              <ReviewsList reviews={provider.reviews} locale={locale} showOffice={provider.offices.length > 1} />
            </Section>
          </div>
        </div>
      </main>
    </ClientMessages>
  );
}
