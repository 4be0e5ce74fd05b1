'use client';

import { useCallback } from 'react';
import { useSearchParams } from 'next/navigation';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import type { BookingStep } from './booking-stepper';

const STEPS: readonly BookingStep[] = ['details', 'confirm', 'payment', 'booked'];

export function parseStep(value: string | null): BookingStep {
  return STEPS.find((s) => s === value) ?? 'details';
}

/**
 * The booking page's address through Next's router: the step (`step=`, none for step 1) is
 * pushed, so the browser's back and forward walk the steps; the chosen office and slot replace
 * the current entry. The page itself stays mounted (only its query changes), so the form keeps
 * its answers.
 */
export function useBookingUrl() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const change = useCallback(
    (values: Record<string, string | undefined>, mode: 'push' | 'replace') => {
      const next = new URLSearchParams(params.toString());
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) next.delete(name);
        else next.set(name, value);
      }
      if (next.toString() === params.toString()) return;
      router[mode](`${pathname}?${next.toString()}`, { scroll: false });
    },
    [params, pathname, router],
  );
  const goToStep = useCallback(
    (step: BookingStep, mode: 'push' | 'replace' = 'push') =>
      change({ step: step === 'details' ? undefined : step }, mode),
    [change],
  );
  return { params, step: parseStep(params.get('step')), change, goToStep };
}
