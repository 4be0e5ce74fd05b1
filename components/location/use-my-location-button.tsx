'use client';

import { buttonClass } from '@/components/ui/button';
import { useLocation } from './location-provider';

/**
 * Asks the browser for the visitor's position when they press it: the home and featured search
 * pages ask for nothing on load (lib/docs/decisions/location-on-gesture.md). Should the browser
 * refuse, the wrapper's dialog opens with its place search. Texts come from the server page, so
 * no message namespace is shipped for two strings.
 */
export function UseMyLocationButton({ label, locatingLabel }: { label: string; locatingLabel: string }) {
  const { status, requestBrowserLocation } = useLocation();
  const locating = status === 'locating';
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      onClick={requestBrowserLocation}
      aria-disabled={locating || undefined}
    >
      {locating ? locatingLabel : label}
    </button>
  );
}
