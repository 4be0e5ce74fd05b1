'use client';

import dynamic from 'next/dynamic';
import type { FavoriteKind } from '@/lib/api-client/favorites';

/** Holds the heart's place (same size) until it arrives, so nothing moves. */
function Placeholder() {
  return <span aria-hidden="true" className="inline-block size-11 shrink-0 rounded-full border border-slate-200" />;
}

// Whether a provider is a favourite depends on who is looking, so the heart cannot be part of
// the cached page; it is fetched after the page has loaded, keeping its code (and its
// translations) out of the first load.
const FavoriteToggle = dynamic(() => import('@/components/favorites/favorite-toggle').then((m) => m.FavoriteToggle), {
  ssr: false,
  loading: Placeholder,
});

export function FavoriteButton({ kind, id, name }: { kind: FavoriteKind; id: number; name: string }) {
  return <FavoriteToggle kind={kind} id={id} name={name} />;
}
