'use client';

import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import {
  applyListingChanges,
  listingHref,
  listingSearchParams,
  type ListingChanges,
  type ListingFilters,
} from './listing-query';

interface ListingNavigation {
  /** The filters last asked for: the URL's, or a newer request still on its way. */
  filters: ListingFilters;
  pending: boolean;
  /** Pushes a new URL (a history entry: the back button undoes the change). */
  navigate: (changes: ListingChanges) => void;
}

const ListingNavigationContext = createContext<ListingNavigation | null>(null);

export function useListingNavigation(): ListingNavigation {
  const value = useContext(ListingNavigationContext);
  if (!value) throw new Error('useListingNavigation must be used inside <ListingNavigationProvider>.');
  return value;
}

/**
 * The listing's state lives in the URL (shareable, back button works). Controls ask
 * for a change; this pushes the new query and the server renders the results. Changes made in
 * quick succession build on each other, not on the URL that has not caught up yet.
 */
export function ListingNavigationProvider({ filters, children }: { filters: ListingFilters; children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const urlKey = listingSearchParams(filters).toString();
  const [requested, setRequested] = useState({ key: urlKey, filters });
  // The URL moved (a push arrived, or back/forward): it is the truth again.
  if (requested.key !== urlKey && !pending) setRequested({ key: urlKey, filters });
  const latest = useRef(requested.filters);
  latest.current = requested.key === urlKey || pending ? requested.filters : filters;

  const navigate = useCallback(
    (changes: ListingChanges) => {
      const next = applyListingChanges(latest.current, changes);
      latest.current = next;
      setRequested({ key: listingSearchParams(next).toString(), filters: next });
      startTransition(() => router.push(listingHref(next), { scroll: false }));
    },
    [router],
  );

  const value = useMemo(
    () => ({ filters: requested.filters, pending, navigate }),
    [requested.filters, pending, navigate],
  );
  return <ListingNavigationContext.Provider value={value}>{children}</ListingNavigationContext.Provider>;
}

/** The results column: marked busy while new results are on their way. */
export function ListingResultsRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const { pending } = useListingNavigation();
  const t = useTranslations('listing.filters');
  return (
    <section aria-labelledby={labelledBy} aria-busy={pending || undefined} className="min-w-0">
      {pending ? (
        <p className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">{t('updating')}</p>
      ) : null}
      <div className={pending ? 'opacity-60 transition-opacity' : undefined}>{children}</div>
    </section>
  );
}
