import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment, BookAppointmentRequest } from '../contracts/appointments';
import type { SavedCard } from '../contracts/cards';
import type { ApiErrorBody } from '../contracts/errors';
import type { FamilyMember, FamilyMemberRequest } from '../contracts/family';
import type { Image } from '../contracts/images';
import type { InsuranceCarrierList, NamedRef } from '../contracts/discovery';
import type { MessageResponse } from '../contracts/errors';
import { ClientApiError, apiFetch } from './http';
import { queryKeys } from './query-keys';

/*
 * The booking page's calls through the BFF (issue 12): family members, saved cards, the visit
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
      queryClient.setQueryData<FamilyMember[]>(queryKeys.family, (list) => [...(list ?? []).filter((m) => m.id !== member.id), member]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.family });
    },
  });
}

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
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookAppointmentRequest) => apiFetch<Appointment>('/appointments', { method: 'POST', body }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(queryKeys.appointment(appointment.id), appointment);
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointmentsRoot });
      // A card saved while paying shows up in the list next time.
      void queryClient.invalidateQueries({ queryKey: queryKeys.cards });
      // The slot is gone from every slot list.
      void queryClient.invalidateQueries({ queryKey: ['slots'] });
    },
  });
}

function isErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { message, errorCode } = payload as Record<string, unknown>;
  return typeof message === 'string' && typeof errorCode === 'string';
}

/**
 * POST /api/images with purpose `teeth`, one file, through XMLHttpRequest: fetch reports no
 * upload progress, and each image has its own progress bar (issue 12). Fails with the same
 * ClientApiError as apiFetch (status 0 for a network failure), or an AbortError when aborted.
 */
export function uploadTeethImage(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Image> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('purpose', 'teeth');
    form.append('images', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-locale', document.documentElement.lang === 'es' ? 'es' : 'en');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(payload) && payload[0]) {
        options.onProgress?.(1);
        resolve(payload[0] as Image);
      } else {
        reject(new ClientApiError(xhr.status || 0, isErrorBody(payload) ? payload : undefined));
      }
    };
    xhr.onerror = () => reject(new ClientApiError(0, undefined));
    xhr.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) return reject(new DOMException('The upload was canceled.', 'AbortError'));
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
