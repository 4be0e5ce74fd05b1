'use client';

import dynamic from 'next/dynamic';
import type { FavoriteKind } from '@/lib/api-client/favorites';
import { hasSignedInHint } from '@/lib/api-client/signed-in-hint';

/** Holds the heart's place (same size) until it arrives, so nothing moves. */
function Placeholder() {
  return <span aria-hidden="true" className="inline-block size-11 shrink-0 rounded-full border border-slate-200" />;
}

// Whether a provider is a favourite depends on who is looking, so the heart cannot be part of
// the cached page; it is fetched after the page has loaded, keeping its code (and its
// translations) out of the first load. A visitor without the signed-in hint (most of them) gets
// the plain heart, which only leads to login; the toggle with React Query and the favourites
// client comes only for a signed-in one (the page's JavaScript budget). The hint changes only with a full
// page load (login and logout are), so choosing once per page load is enough.
const Heart = dynamic(
  () =>
    hasSignedInHint()
      ? import('@/components/favorites/favorite-toggle').then((m) => m.FavoriteToggle)
      : import('@/components/favorites/signed-out-heart').then((m) => m.SignedOutHeart),
  { ssr: false, loading: Placeholder },
);

export function FavoriteButton({ kind, id, name }: { kind: FavoriteKind; id: number; name: string }) {
  return <Heart kind={kind} id={id} name={name} />;
}
