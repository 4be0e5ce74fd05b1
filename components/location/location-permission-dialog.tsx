'use client';

import { Description } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import type { GeoPlace } from '@/lib/contracts/geo';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { QueryProvider } from '@/components/providers/query-provider';
import { LocationSearch } from './location-search';
import type { GeolocationPermission } from './location-provider';
import type { KeyboardEvent } from 'react';

/**
 * The location dialog (SPEC.md section 4). With `onClose` it has a close button and Escape
 * closes it: the wrapper's dialog steps aside and the page behind it says how to set a location
 * (a visitor must never be stuck behind it). Without, Escape and clicks outside do nothing.
 * `internalSearch` is the variant a search form opens for itself, which keeps the chosen place to
 * itself (`onSelect`) and adds the second line.
 */
export function LocationPermissionDialog({
  open,
  onSelect,
  internalSearch = false,
  permission = 'unknown',
  locating = false,
  onUseMyLocation,
  onClose,
}: {
  open: boolean;
  onClose?: () => void;
  onSelect: (place: GeoPlace) => void;
  internalSearch?: boolean;
  permission?: GeolocationPermission;
  locating?: boolean;
  onUseMyLocation?: () => void;
}) {
  const t = useTranslations('location');
  const tc = useTranslations('common');
  // Headless UI's dialog blurs the focused element on Escape before asking to close; with
  // nothing to close, that would only drop the keyboard user's place in the search box.
  const keepFocusOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !onClose) event.stopPropagation();
  };
  const title = t(internalSearch ? 'LOCATION_MODAL_INSTRUCTION_ONE' : 'LOCATION_MODAL_INSTRUCTION_TWO');
  return (
    <Modal
      open={open}
      onClose={onClose ?? (() => undefined)}
      closeLabel={onClose ? tc('close') : undefined}
      size="md"
      title={title}
    >
      {/* Only listens to keys bubbling up from the controls inside: no role or focus of its own. */}
      <div onKeyDown={keepFocusOnEscape}>
        <Description className="text-slate-700">
          {t(internalSearch ? 'FILL_FIELDS_BASED_ON_LOCATION' : 'LOCATION_REQUIRED_TEXT')}
        </Description>
        {internalSearch ? <p className="mt-2 text-slate-700">{t('ALLOW_LOCATION_OR_ENTER_ADDRESS')}</p> : null}
        {/* The wrapper that opens this dialog may sit outside any page's React Query. */}
        <QueryProvider>
          <LocationSearch className="mt-5" inModal autoFocus onSelect={onSelect} />
        </QueryProvider>
        {permission === 'denied' ? (
          <p className="mt-4 text-sm text-slate-600">{t('permissionBlocked')}</p>
        ) : onUseMyLocation ? (
          <Button
            variant="secondary"
            className="mt-4 w-full"
            onClick={onUseMyLocation}
            disabled={locating}
            aria-busy={locating || undefined}
          >
            {locating ? t('locating') : t('useMyLocation')}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
