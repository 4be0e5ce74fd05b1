import { getTranslations } from 'next-intl/server';
import type { InsuranceCarrierList } from '@/lib/contracts/reference';
import { Link } from '@/lib/i18n/navigation';
import { applyListingChanges, listingHref, type ListingFilters } from './listing-query';

/** The plan's name as the notice says it, and where "any insurance" leads. */
export function savedPlanNotice(
  filters: ListingFilters,
  carriers: InsuranceCarrierList | undefined,
): { name: string; clearHref: string } {
  const carrier = carriers?.find((c) => c.id === filters.carrier);
  const plan = carrier?.plans.find((p) => p.id === filters.plan);
  return {
    name: [carrier?.name, plan?.name].filter(Boolean).join(', '),
    // `insurance=any` (applyListingChanges): the plan on file does not come back on the next page.
    clearHref: listingHref(applyListingChanges(filters, { carrier: undefined, plan: undefined })),
  };
}

/**
 * Says that the results are narrowed to the insurance plan on file, which the patient did not
 * choose on this page, and offers to drop it: a filter nobody sees reads as "few dentists here".
 */
export async function SavedPlanNotice({
  filters,
  carriers,
}: {
  filters: ListingFilters;
  carriers: InsuranceCarrierList | undefined;
}) {
  const t = await getTranslations('listing.savedPlan');
  const { name, clearHref } = savedPlanNotice(filters, carriers);
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-brand-300 bg-brand-50 px-4 py-3 text-slate-800">
      <span>{name ? t('filtered', { plan: name }) : t('filteredUnnamed')}</span>
      <Link href={clearHref} className="font-semibold text-brand-800 underline">
        {t('clear')}
      </Link>
    </p>
  );
}
