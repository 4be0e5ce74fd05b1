import { Link } from '@/lib/i18n/navigation';
import { pageWindow } from '@/components/search/listing-query';
import type { ComponentProps } from 'react';

type Href = ComponentProps<typeof Link>['href'];

const linkClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/**
 * Page links in the URL (no script needed; reload and back keep the page): first, last and two
 * either side of the current page, the current one marked with aria-current. The search listing
 * and the appointment list share it; each says how a page's address is written.
 */
export function PageLinks({
  current,
  count,
  href,
  labels,
}: {
  current: number;
  count: number;
  href: (page: number) => Href;
  labels: { nav: string; previous: string; next: string; page: (page: number) => string };
}) {
  if (count <= 1) return null;
  // A page past the end (the list shrank) lists the pages there are and leads back to the last.
  const shown = Math.min(current, count);
  return (
    <nav aria-label={labels.nav} className="mt-6">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {current > 1 ? (
          <li>
            <Link href={href(Math.min(current, count + 1) - 1)} rel="prev" className={linkClass}>
              {labels.previous}
            </Link>
          </li>
        ) : null}
        {pageWindow(shown, count).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                href={href(page)}
                aria-label={labels.page(page)}
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
              {labels.next}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
