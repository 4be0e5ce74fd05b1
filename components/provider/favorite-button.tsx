'use client';

import { useSyncExternalStore } from 'react';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import type { FavoriteKind } from '@/lib/api-client/favorites';
import { hasSignedInHint } from '@/lib/api-client/signed-in-hint';
import { HeartIcon } from '@/components/ui/icons';
import { goToLogin } from '@/components/favorites/go-to-login';

/** Holds the heart's place (same size) until it arrives, so nothing moves. */
function Placeholder() {
  return <span aria-hidden="true" className="inline-block size-11 shrink-0 rounded-full border border-slate-200" />;
}

// Whether a provider is a favourite depends on who is looking, so the heart cannot be part of
// the cached page; for a signed-in visitor it is fetched after the page has loaded, with React
// Query and the favourites query, keeping them out of the first load.
const FavoriteToggle = dynamic(() => import('@/components/favorites/favorite-toggle').then((m) => m.FavoriteToggle), {
  ssr: false,
  loading: Placeholder,
});

/** The hint cookie only changes with a page load (login and logout are full navigations). */
const subscribe = () => () => {};

export function FavoriteButton({ kind, id, name }: { kind: FavoriteKind; id: number; name: string }) {
  const hinted = useSyncExternalStore(subscribe, hasSignedInHint, () => null);
  if (hinted === null) return <Placeholder />;
  if (hinted) return <FavoriteToggle kind={kind} id={id} name={name} />;
  // Nobody signed in (most visitors of these public pages): the heart is never pressed and a click
  // leads to login and back, as the full toggle would do; no query code is fetched for it (issue 10).
  return <SignedOutHeart name={name} />;
}

function SignedOutHeart({ name }: { name: string }) {
  const t = useTranslations('favorites');
  const locale = useLocale();
  return (
    <button
      type="button"
      aria-pressed={false}
      aria-label={t('toggleLabel', { name })}
      title={t('toggleLabel', { name })}
      onClick={() => goToLogin(locale)}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-700 hover:bg-brand-50 aria-pressed:border-brand-700"
    >
      <HeartIcon className="size-6" fill="none" />
    </button>
  );
}
