import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProviderSlots, SLOTS_STALE_MS, slotsQueryKey, type SlotsRequest } from './provider-slots';

/*
 * Free slots of a provider through React Query, for the booking page and the reschedule dialog
 * (the provider page's picker has its own small hook: ./provider-slots.ts).
 */

export { getProviderSlots, slotsQueryKey, type SlotsRequest };

export function providerSlotsQueryOptions(request: SlotsRequest) {
  return queryOptions({
    queryKey: slotsQueryKey(request),
    queryFn: ({ signal }) => getProviderSlots(request, signal),
    staleTime: SLOTS_STALE_MS,
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
