'use client';

import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/ui/select-field';
import type { ListSort } from '@/lib/contracts/discovery';
import { DEFAULT_SORT, LIST_SORTS } from './listing-query';
import { useListingNavigation } from './listing-navigation';

/** The spec's six sorts (section 9); changing it pushes a new URL like any filter. */
export function ListingSort() {
  const t = useTranslations('listing');
  const { filters, navigate } = useListingNavigation();
  return (
    <SelectField
      label={t('sortLabel')}
      name="sort"
      className="w-full sm:w-64"
      value={filters.sort ?? DEFAULT_SORT}
      onChange={(e) => navigate({ sort: e.target.value as ListSort })}
      options={LIST_SORTS.map((sort) => ({ value: sort, label: t(`sorts.${sort}`) }))}
    />
  );
}
