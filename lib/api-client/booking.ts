import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import { uploadImage } from './image-upload';
import { queryKeys } from './query-keys';
import { forgetFetchedSlots } from './provider-slots';
import type { Appointment, AppointmentPage, BookAppointmentRequest } from '../contracts/appointments';
import type { SavedCard } from '../contracts/cards';
import type { FamilyMember, FamilyMemberRequest } from '../contracts/family';
import type { Image } from '../contracts/images';
import type { InsuranceCarrierList } from '../contracts/reference';
import type { NamedRef } from '../contracts/discovery';
import type { MessageResponse } from '../contracts/errors';

/*
 * The booking page's calls through the BFF: family members, saved cards, the visit
 * reason and insurance lists, teeth image uploads and the booking itself. The BFF relays the /v4
 * contracts unchanged, so answers are typed rather than parsed again here.
 */

// GET /api/family - the patient's family members
export const familyQueryOptions = queryOptions({
  queryKey: queryKeys.family,
  queryFn: ({ signal }) => apiFetch<FamilyMember[]>('/family', { signal }),
});

export function useFamily() {
  return useQuery(familyQueryOptions);
}

// POST /api/family - add one; the list is refreshed with it
export function useAddFamilyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FamilyMemberRequest) => apiFetch<FamilyMember>('/family', { method: 'POST', body }),
    onSuccess: (member) => {
      queryClient.setQueryData<FamilyMember[]>(queryKeys.family, (list) => [
        ...(list ?? []).filter((m) => m.id !== member.id),
        member,
      ]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.family });
    },
  });
}

/** More upcoming visits than any patient has: the overlap check sees them all. */
const UPCOMING_FOR_OVERLAP = 50;

// GET /api/appointments?tab=upcoming - the patient's own visits, so the booking page can say at
// once that a chosen slot overlaps one of them (the server refuses it as alreadyBooked)
export const upcomingForOverlapQueryOptions = queryOptions({
  queryKey: [...queryKeys.appointmentsRoot, 'upcoming', 'overlap-check'] as const,
  queryFn: ({ signal }) =>
    apiFetch<AppointmentPage>(`/appointments?tab=upcoming&pageSize=${UPCOMING_FOR_OVERLAP}`, { signal }),
  staleTime: 30_000,
});

// GET /api/cards - saved cards, default first
export const cardsQueryOptions = queryOptions({
  queryKey: queryKeys.cards,
  queryFn: ({ signal }) => apiFetch<SavedCard[]>('/cards', { signal }),
});

export function useCards(options: { enabled?: boolean } = {}) {
  return useQuery({ ...cardsQueryOptions, enabled: options.enabled ?? true });
}

// PUT /api/cards/{id}/default - answers the whole list, default first
export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<SavedCard[]>(`/cards/${encodeURIComponent(id)}/default`, { method: 'PUT' }),
    onSuccess: (cards) => queryClient.setQueryData(queryKeys.cards, cards),
  });
}

// DELETE /api/cards/{id}
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageResponse>(`/cards/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<SavedCard[]>(queryKeys.cards, (list) => list?.filter((c) => c.id !== id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.cards });
    },
  });
}

// GET /api/visit-reasons - in the page's language
export function visitReasonsQueryOptions(locale: string) {
  return queryOptions({
    queryKey: queryKeys.visitReasons(locale),
    queryFn: ({ signal }) => apiFetch<NamedRef[]>('/visit-reasons', { signal }),
    staleTime: 60 * 60_000,
  });
}

// GET /api/insurance-carriers - carriers with their plans
export function insuranceCarriersQueryOptions(locale: string) {
  return queryOptions({
    queryKey: queryKeys.insuranceCarriers(locale),
    queryFn: ({ signal }) => apiFetch<InsuranceCarrierList>('/insurance-carriers', { signal }),
    staleTime: 60 * 60_000,
  });
}

// POST /api/appointments - book. The caller keeps `idempotencyKey` across retries of one attempt.
export function useBookAppointment(locale: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookAppointmentRequest) => apiFetch<Appointment>('/appointments', { method: 'POST', body }),
    onSuccess: (appointment) => {
      // The details page opens from it (the answer is in the page's language, as that key says).
      queryClient.setQueryData(queryKeys.appointment(locale, appointment.id), appointment);
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointmentsRoot });
      // A card saved while paying shows up in the list next time.
      void queryClient.invalidateQueries({ queryKey: queryKeys.cards });
      // The slot is gone from every slot list.
      void queryClient.invalidateQueries({ queryKey: ['slots'] });
      forgetFetchedSlots();
    },
  });
}

/** POST /api/images with purpose `teeth`, one file, with upload progress (one bar per image). */
export function uploadTeethImage(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Image> {
  return uploadImage('teeth', file, file.name, options);
}
