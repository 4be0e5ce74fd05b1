'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useDeferredForm } from '@/components/auth/deferred-form';
import { useOptionalLocation } from '@/components/location/location-provider';

// The typeahead (Headless UI, React Query, the location autocomplete) comes on the first reach
// for the form: on the home page it alone was 50 kB, over the public pages' budget (issue 10).
const loadTypeahead = () => import('./care-search').then((m) => m.CareSearch);

/**
 * `children` is the plain search form, rendered by the server (<CareSearchBlock>); the typeahead
 * replaces it on the visitor's first focus, touch or click, carrying over what was typed, the
 * focused field and a Search pressed meanwhile (components/auth/deferred-form.ts).
 */
export function CareSearchHost({ children }: { children: ReactNode }) {
  const { loaded, hostProps } = useDeferredForm(loadTypeahead);
  return <div {...hostProps}>{loaded ? <loaded.Form resume={loaded.resume} /> : children}</div>;
}

/** The plain form's location hint: it follows the location wrapper as the typeahead's does. */
export function CareSearchLocationHint({ id }: { id: string }) {
  const t = useTranslations('search');
  const location = useOptionalLocation();
  const address = location?.address;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {address ? t('currentLocation', { address }) : location?.coords ? t('currentLocationCoords') : t('noLocation')}
    </p>
  );
}
