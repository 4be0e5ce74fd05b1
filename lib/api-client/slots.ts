import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderSlots } from '../contracts/providers';
import { apiFetch } from './http';

/*
 * Free slots of a provider, fetched by the browser: they change with every booking, so they
 * are never part of the cached provider page. No zod parsing (the page's JavaScript budget;
 * the BFF relays the /v4 contract unchanged).
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

export function providerSlotsQueryOptions(request: SlotsRequest) {
  return queryOptions({
    queryKey: slotsQueryKey(request),
    queryFn: ({ signal }) => getProviderSlots(request, signal),
    // Live data, but a minute-old list is fine to show while a fresh one loads.
    staleTime: 60_000,
  });
}

/**
 * Paging through the days of one office keeps the days shown on screen while the next ones
 * load (no jump back to a spinner); another office starts empty, so its times are never
 * mistaken for the previous office's.
 */
export function useProviderSlots(request: SlotsRequest) {
  return useQuery({
    ...providerSlotsQueryOptions(request),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === request.providerId && previousQuery.queryKey[2] === request.officeId
        ? previous
        : undefined,
  });
}
