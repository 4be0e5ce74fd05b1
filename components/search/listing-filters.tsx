'use client';

import { useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { DEFAULT_RADIUS_MILES, MAX_DAYS_AHEAD, MAX_FILTER_RANGE_DAYS, type NamedRef } from '@/lib/contracts/discovery';
import type { InsuranceCarrierList } from '@/lib/contracts/reference';
import { SPOKEN_LANGUAGES, type SpokenLanguageCode } from '@/lib/contracts/discovery-catalog';
import { getPathname } from '@/lib/i18n/navigation';
import { isLocale } from '@/lib/i18n/languages';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { controlClass, labelClass } from '@/components/ui/field-help';
import { ChevronDownIcon } from '@/components/ui/icons';
import { RADIUS_CHOICES, activeFilterCount, clearedFilters, type ListingFilters } from './listing-query';
import { useListingNavigation } from './listing-navigation';

export interface FilterOptions {
  specialties: NamedRef[];
  visitReasons: NamedRef[];
  services: NamedRef[];
  insuranceCarriers: InsuranceCarrierList;
}

function isoDay(offsetDays: number): string {
  const now = new Date();
  const local = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

/**
 * The listing's filters. Menus, radios and the checkbox apply as soon as they change (a new
 * URL, so the back button undoes each step); the two dates apply with "Apply filters" or when
 * focus leaves them, since a half-typed date would otherwise reload the results. Without
 * JavaScript the form still works: it is a plain GET form of the same parameters.
 * On narrow screens the panel folds away behind a "Filters" button.
 */
export function ListingFilterPanel({ options }: { options: FilterOptions }) {
  const t = useTranslations('listing.filters');
  const rawLocale = useLocale();
  const locale = isLocale(rawLocale) ? rawLocale : 'en';
  const { filters, navigate, pending } = useListingNavigation();
  const id = useId();
  const panelId = `${id}-panel`;
  const [open, setOpen] = useState(false);

  // Dates are edited locally until applied; they follow the URL when it changes underneath.
  const [dates, setDates] = useState({
    from: filters.from ?? '',
    to: filters.to ?? '',
    key: `${filters.from}|${filters.to}`,
  });
  const datesKey = `${filters.from}|${filters.to}`;
  if (dates.key !== datesKey) setDates({ from: filters.from ?? '', to: filters.to ?? '', key: datesKey });

  const carrier = options.insuranceCarriers.find((c) => c.id === filters.carrier);
  const languages = [...SPOKEN_LANGUAGES]
    .map((l) => ({ value: l.code, label: l[locale] }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  const active = activeFilterCount(filters);

  function applyDates() {
    const from = dates.from || undefined;
    const to = dates.to || undefined;
    if (from === filters.from && to === filters.to) return;
    navigate({ from: from ?? (to ? to : undefined), to: from ? to : undefined });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    applyDates();
  }

  const refs = (list: NamedRef[]) => list.map((r) => ({ value: r.slug, label: r.name }));
  const today = isoDay(0);
  const lastDay = isoDay(MAX_DAYS_AHEAD - 1);

  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0">
      <h2 id={`${id}-heading`} className="sr-only lg:not-sr-only lg:mb-3 lg:text-lg lg:font-semibold lg:text-slate-900">
        {t('heading')}
      </h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex min-h-11 w-full items-center justify-between rounded-lg border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 lg:hidden"
      >
        <span>
          {t('toggle')} {active > 0 ? t('activeCount', { count: active }) : null}
        </span>
        <ChevronDownIcon className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <form
        id={panelId}
        method="get"
        action={getPathname({ href: '/search-listing', locale })}
        onSubmit={submit}
        className={`${open ? 'block' : 'hidden'} mt-3 space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:mt-0 lg:block`}
      >
        {/* Kept for the plain GET submission without JavaScript. */}
        {filters.kind === 'clinics' ? <input type="hidden" name="kind" value="clinics" /> : null}
        {filters.lat !== undefined ? <input type="hidden" name="lat" value={filters.lat} /> : null}
        {filters.lng !== undefined ? <input type="hidden" name="lng" value={filters.lng} /> : null}
        {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
        {/* "Any carrier" submitted without JavaScript sticks too: a chosen carrier outweighs it
            (parseListingQuery), and no carrier then means "any", not the insurance on file. */}
        <input type="hidden" name="insurance" value="any" />

        <SelectField
          label={t('radius')}
          name="radius"
          value={String(filters.radius ?? DEFAULT_RADIUS_MILES)}
          onChange={(e) => {
            const miles = Number(e.target.value);
            navigate({ radius: miles === DEFAULT_RADIUS_MILES ? undefined : miles });
          }}
          options={RADIUS_CHOICES.map((miles) => ({ value: String(miles), label: t('radiusOption', { miles }) }))}
        />
        <SelectField
          label={t('specialty')}
          name="specialty"
          value={filters.specialty ?? ''}
          placeholder={t('anySpecialty')}
          onChange={(e) => navigate({ specialty: e.target.value || undefined })}
          options={refs(options.specialties)}
        />
        <SelectField
          label={t('visitReason')}
          name="visitReason"
          value={filters.visitReason ?? ''}
          placeholder={t('anyVisitReason')}
          onChange={(e) => navigate({ visitReason: e.target.value || undefined })}
          options={refs(options.visitReasons)}
        />
        {filters.kind === 'clinics' ? (
          <SelectField
            label={t('service')}
            name="service"
            value={filters.service ?? ''}
            placeholder={t('anyService')}
            onChange={(e) => navigate({ service: e.target.value || undefined })}
            options={refs(options.services)}
          />
        ) : null}
        <SelectField
          label={t('carrier')}
          name="carrier"
          value={filters.carrier !== undefined ? String(filters.carrier) : ''}
          placeholder={t('anyCarrier')}
          onChange={(e) => navigate({ carrier: e.target.value ? Number(e.target.value) : undefined })}
          options={options.insuranceCarriers.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        {carrier ? (
          <SelectField
            label={t('plan')}
            name="plan"
            value={filters.plan !== undefined ? String(filters.plan) : ''}
            placeholder={t('anyPlan')}
            onChange={(e) => navigate({ plan: e.target.value ? Number(e.target.value) : undefined })}
            options={carrier.plans.map((p) => ({ value: String(p.id), label: p.name }))}
          />
        ) : null}
        <fieldset>
          <legend className={labelClass}>{t('visitType')}</legend>
          <div className="space-y-1">
            {(
              [
                ['', t('anyVisitType')],
                ['inOffice', t('inOffice')],
                ['virtual', t('virtual')],
              ] as const
            ).map(([value, label]) => (
              <label key={value || 'any'} className="flex min-h-8 items-center gap-3 text-sm text-slate-800">
                <input
                  type="radio"
                  name="visitType"
                  value={value}
                  checked={(filters.visitType ?? '') === value}
                  onChange={() => navigate({ visitType: value || undefined })}
                  className="size-5 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <CheckboxField
          label={t('acceptsNewPatients')}
          name="acceptsNewPatients"
          value="true"
          checked={filters.acceptsNewPatients === true}
          onChange={(e) => navigate({ acceptsNewPatients: e.target.checked ? true : undefined })}
        />
        <SelectField
          label={t('language')}
          name="language"
          value={filters.language ?? ''}
          placeholder={t('anyLanguage')}
          onChange={(e) => navigate({ language: (e.target.value || undefined) as SpokenLanguageCode | undefined })}
          options={languages}
        />
        {/* Applied when focus leaves the pair, not between the two fields. */}
        <div
          className="grid grid-cols-2 gap-3"
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) applyDates();
          }}
        >
          <div>
            <label htmlFor={`${id}-from`} className={labelClass}>
              {t('from')}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              name="from"
              min={today}
              max={lastDay}
              // Today differs between the server (UTC) and the browser near midnight; either is fine.
              suppressHydrationWarning
              value={dates.from}
              aria-describedby={`${id}-dates-hint`}
              onChange={(e) => setDates((d) => ({ ...d, from: e.target.value }))}
              className={controlClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={labelClass}>
              {t('to')}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              name="to"
              min={dates.from || today}
              max={lastDay}
              suppressHydrationWarning
              value={dates.to}
              aria-describedby={`${id}-dates-hint`}
              onChange={(e) => setDates((d) => ({ ...d, to: e.target.value }))}
              className={controlClass}
            />
          </div>
          <p id={`${id}-dates-hint`} className="col-span-2 text-sm text-slate-600">
            {t('dateHint', { days: MAX_FILTER_RANGE_DAYS })}
          </p>
        </div>
        <div className="flex flex-wrap gap-3 pt-1">
          <Button type="submit" disabled={pending}>
            {t('apply')}
          </Button>
          {active > 0 ? (
            <Button
              variant="secondary"
              onClick={() => {
                const cleared = clearedFilters(filters);
                navigate(Object.fromEntries(Object.keys(filters).map((k) => [k, cleared[k as keyof ListingFilters]])));
              }}
            >
              {t('clear')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
