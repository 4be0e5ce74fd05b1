import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { applyListingChanges, listingHref, pageCount, pageWindow, type ListingFilters } from './listing-query';

/** Page links (no script needed); the current page is marked with aria-current. */
export function Pagination({ filters, total, pageSize }: { filters: ListingFilters; total: number; pageSize: number }) {
  const t = useTranslations('listing.pagination');
  const count = pageCount(total, pageSize);
  if (count <= 1) return null;
  const current = Math.min(filters.page ?? 1, count);
  const href = (page: number) => listingHref(applyListingChanges(filters, { page }));
  const linkClass =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50';
  return (
    <nav aria-label={t('label')} className="mt-6">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {current > 1 ? (
          <li>
            <Link href={href(current - 1)} rel="prev" className={linkClass}>
              {t('previous')}
            </Link>
          </li>
        ) : null}
        {pageWindow(current, count).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                href={href(page)}
                aria-label={t('page', { page })}
                aria-current={page === current ? 'page' : undefined}
                className={`${linkClass} ${page === current ? 'bg-brand-700 text-white hover:bg-brand-800' : ''}`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        {current < count ? (
          <li>
            <Link href={href(current + 1)} rel="next" className={linkClass}>
              {t('next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
