'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useSetFavorite, type FavoriteKind } from '@/lib/api-client/favorites';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl } from '@/lib/api-client/error-message';
import { useToast } from '@/components/ui/toast';
import { CloseIcon } from '@/components/ui/icons';

interface Removal {
  name: string;
  remove: () => void;
  pending: boolean;
}

const RemovalContext = createContext<Removal | null>(null);

/**
 * One saved provider or clinic on /favorites. The card (server-rendered children) disappears
 * as soon as "Remove" is pressed and comes back with an error toast if the server refuses;
 * focus goes to the section's heading so keyboard users are not dropped at the page top.
 */
export function RemovableFavorite({
  kind,
  id,
  name,
  headingId,
  children,
}: {
  kind: FavoriteKind;
  id: number;
  name: string;
  /** The section heading (tabIndex -1) that takes focus once the card is gone. */
  headingId: string;
  children: ReactNode;
}) {
  const t = useTranslations('favorites');
  const toast = useToast();
  const router = useRouter();
  const setFavorite = useSetFavorite();
  const [removed, setRemoved] = useState(false);

  function remove() {
    setRemoved(true);
    document.getElementById(headingId)?.focus();
    setFavorite.mutate(
      { kind, id, favorite: false },
      {
        onSuccess: () => {
          toast.info(t('removed', { name }));
          // Counts and the empty state come from the server.
          router.refresh();
        },
        onError: (error) => {
          if (isSessionLost(error)) {
            window.location.assign(sessionExpiredUrl(document.documentElement.lang));
            return;
          }
          setRemoved(false);
          toast.error(apiErrorMessage(error, { offline: t('offline'), generic: t('toggleFailed') }));
        },
      },
    );
  }

  if (removed) return null;
  // Renders the list item itself, so a removed card leaves no empty item behind.
  return (
    <li>
      <RemovalContext.Provider value={{ name, remove, pending: setFavorite.isPending }}>
        {children}
      </RemovalContext.Provider>
    </li>
  );
}

/** The "Remove" button in a favourite's card corner. */
export function RemoveFavoriteButton() {
  const t = useTranslations('favorites');
  const removal = useContext(RemovalContext);
  if (!removal) return null;
  return (
    <button
      type="button"
      onClick={removal.remove}
      disabled={removal.pending}
      aria-label={t('removeLabel', { name: removal.name })}
      className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-slate-400 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      <CloseIcon className="size-4" />
      {t('remove')}
    </button>
  );
}
