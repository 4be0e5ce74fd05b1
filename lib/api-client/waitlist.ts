import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';
import type { Appointment } from '../contracts/appointments';
import type { WaitlistStatus } from '../contracts/waitlist';

/*
 * The earlier-slot waitlist through the BFF. Like lib/api-client/appointments.ts, no
 * zod parsing: the BFF relays the /v4 contract unchanged.
 */

const waitlistKey = (id: string) => [...queryKeys.appointmentsRoot, 'waitlist', id] as const;

const statusPath = (id: string) => `/appointments/${encodeURIComponent(id)}/waitlist`;

export function useWaitlistStatus(id: string) {
  return useQuery({
    queryKey: waitlistKey(id),
    queryFn: ({ signal }) => apiFetch<WaitlistStatus>(statusPath(id), { signal }),
    staleTime: 30_000,
  });
}

/** Joins (true) or leaves (false); the answer is the new status. */
export function useSetWaitlisted(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => apiFetch<WaitlistStatus>(statusPath(id), { method: on ? 'PUT' : 'DELETE' }),
    onSuccess: (status) => queryClient.setQueryData(waitlistKey(id), status),
  });
}

/** Takes an earlier slot offered by email; every appointment query is refreshed after. */
export function useAcceptWaitlistOffer(locale: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) =>
      apiFetch<Appointment>(`/waitlist-offers/${encodeURIComponent(offerId)}/accept`, { method: 'POST' }),
    onSuccess: (appointment) => queryClient.setQueryData(queryKeys.appointment(locale, appointment.id), appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointmentsRoot }),
  });
}
