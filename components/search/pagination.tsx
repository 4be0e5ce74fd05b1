import { useTranslations } from 'next-intl';
import { PageLinks } from '@/components/ui/page-links';
import { applyListingChanges, listingHref, pageCount, type ListingFilters } from './listing-query';

/** Page links (no script needed); the current page is marked with aria-current. */
export function Pagination({ filters, total, pageSize }: { filters: ListingFilters; total: number; pageSize: number }) {
  const t = useTranslations('listing.pagination');
  const count = pageCount(total, pageSize);
  return (
    <PageLinks
      // The listing marks its last page when asked for one past it.
      current={Math.min(filters.page ?? 1, count)}
      count={count}
      href={(page) => listingHref(applyListingChanges(filters, { page }))}
      labels={{ nav: t('label'), previous: t('previous'), next: t('next'), page: (page) => t('page', { page }) }}
    />
  );
}
