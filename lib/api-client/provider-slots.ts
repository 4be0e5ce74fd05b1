import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from './http';
import type { ProviderSlots } from '../contracts/providers';

/*
 * Free slots of a provider, fetched by the browser: they change with every booking, so they
 * are never part of the cached provider page. No zod parsing (the page's JavaScript budget;
 * the BFF relays the /v4 contract unchanged). No React Query either in this module: the provider
 * page's slot picker uses the small hook below, which keeps the page in its budget;
 * the booking page and the reschedule dialog use React Query (./slots.ts).
 */

export interface SlotsRequest {
  providerId: number;
  officeId: number;
  /** Office-local first day (YYYY-MM-DD); the API's default is today there. */
  from?: string;
  to?: string;
}

export const slotsQueryKey = (request: SlotsRequest) =>
  ['slots', request.providerId, request.officeId, request.from ?? null, request.to ?? null] as const;

// GET /api/providers/{id}/slots?officeId&from&to - free slots by day, morning and afternoon
export function getProviderSlots(request: SlotsRequest, signal?: AbortSignal): Promise<ProviderSlots> {
  const query = new URLSearchParams({ officeId: String(request.officeId) });
  if (request.from) query.set('from', request.from);
  if (request.to) query.set('to', request.to);
  return apiFetch<ProviderSlots>(`/providers/${request.providerId}/slots?${query}`, { signal });
}

/** Live data, but a minute-old list is fine to show while a fresh one loads. */
export const SLOTS_STALE_MS = 60_000;

/** The tab's answers by request, as React Query's cache keeps them for the other slot pickers. */
const answers = new Map<string, { at: number; data: ProviderSlots }>();

/** After a booking or a change of one, every list of free slots is out of date. */
export function forgetFetchedSlots(): void {
  answers.clear();
}

interface SlotsState {
  key: string;
  officeKey: string;
  data?: ProviderSlots;
  error?: unknown;
  fetching: boolean;
}

/**
 * The provider page's slots, with what the picker used from React Query: an answer under a
 * minute old is shown at once (and fetched again when older, showing the old one meanwhile);
 * paging through the days of one office keeps the days shown while the next ones load
 * (`isPlaceholderData`), another office starts empty, so its times are never mistaken for the
 * previous office's; a stale answer is fetched again when the tab comes back into view.
 */
export function useFetchedProviderSlots(request: SlotsRequest) {
  const key = JSON.stringify(slotsQueryKey(request));
  const officeKey = `${request.providerId}:${request.officeId}`;
  const [state, setState] = useState<SlotsState>(() => {
    const cached = answers.get(key);
    return { key, officeKey, data: cached?.data, fetching: false };
  });
  const [attempt, setAttempt] = useState(0);
  const refetch = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const cached = answers.get(key);
    const fresh = cached && Date.now() - cached.at < SLOTS_STALE_MS;
    setState((previous) => ({
      key,
      officeKey,
      data: cached?.data ?? (previous.officeKey === officeKey ? previous.data : undefined),
      fetching: !fresh,
    }));
    if (fresh) return;
    const controller = new AbortController();
    const [, providerId, officeId, from, to] = JSON.parse(key) as ReturnType<typeof slotsQueryKey>;
    getProviderSlots({ providerId, officeId, from: from ?? undefined, to: to ?? undefined }, controller.signal).then(
      (data) => {
        answers.set(key, { at: Date.now(), data });
        setState({ key, officeKey, data, fetching: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ ...previous, key, officeKey, error, fetching: false }));
      },
    );
    return () => controller.abort();
  }, [key, officeKey, attempt]);

  useEffect(() => {
    const onVisible = () => {
      const cached = answers.get(key);
      if (document.visibilityState === 'visible' && (!cached || Date.now() - cached.at >= SLOTS_STALE_MS)) refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [key, refetch]);

  const own = state.key === key ? state : undefined;
  const exact = answers.get(key)?.data;
  const data = exact ?? (state.officeKey === officeKey ? state.data : undefined);
  return {
    data,
    isPlaceholderData: !exact && data !== undefined,
    isFetching: own ? own.fetching : true,
    isError: Boolean(own?.error) && !own?.fetching,
    refetch,
  };
}
