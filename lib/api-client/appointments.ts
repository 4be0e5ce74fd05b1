import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';
import type { Appointment, AppointmentPage, AppointmentTab, RescheduleRequest } from '../contracts/appointments';

/*
 * The patient's appointments through the BFF. The pages render them on the server
 * under these same keys and hydrate (STYLE.md habit 6); a cancel or reschedule refreshes every
 * list and detail. No zod parsing: the BFF relays the /v4 contract unchanged, and the pages
 * already pay for React Query.
 */

export interface AppointmentListRequest {
  locale: string;
  tab: AppointmentTab;
  page: number;
}

// GET /api/appointments?tab&page
export function getAppointments(request: AppointmentListRequest, signal?: AbortSignal): Promise<AppointmentPage> {
  const query = new URLSearchParams({ tab: request.tab, page: String(request.page) });
  return apiFetch<AppointmentPage>(`/appointments?${query}`, { signal });
}

// GET /api/appointments/{id}
export function getAppointment(id: string, signal?: AbortSignal): Promise<Appointment> {
  return apiFetch<Appointment>(`/appointments/${encodeURIComponent(id)}`, { signal });
}

// PUT /api/appointments/{id}/cancel
export function cancelAppointment(id: string): Promise<Appointment> {
  return apiFetch<Appointment>(`/appointments/${encodeURIComponent(id)}/cancel`, { method: 'PUT' });
}

// PUT /api/appointments/{id}/reschedule
export function rescheduleAppointment(id: string, body: RescheduleRequest): Promise<Appointment> {
  return apiFetch<Appointment>(`/appointments/${encodeURIComponent(id)}/reschedule`, { method: 'PUT', body });
}

/** The .ics of an appointment (a plain link: the browser downloads it with the session cookie). */
export function appointmentCalendarHref(id: string): string {
  return `/api/appointments/${encodeURIComponent(id)}/calendar`;
}

export function appointmentListQueryOptions(request: AppointmentListRequest) {
  return queryOptions({
    queryKey: queryKeys.appointmentList(request.locale, request.tab, request.page),
    queryFn: ({ signal }) => getAppointments(request, signal),
    // Statuses move on the server (the office confirms, a job marks a no-show): not stale for long.
    staleTime: 30_000,
  });
}

export function appointmentQueryOptions(locale: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.appointment(locale, id),
    queryFn: ({ signal }) => getAppointment(id, signal),
    staleTime: 30_000,
    // A 404 stays a 404; the page shows the not-found page from the server anyway.
    retry: false,
  });
}

export function useAppointments(request: AppointmentListRequest) {
  return useQuery(appointmentListQueryOptions(request));
}

export function useAppointment(locale: string, id: string) {
  return useQuery(appointmentQueryOptions(locale, id));
}

/**
 * The answer of a cancel or reschedule is the appointment as it now is: it replaces the detail
 * at once (no second request for the page being looked at), and every list is refetched, as
 * the appointment changed tab or date.
 */
function useAppointmentChange<TVariables>(locale: string, change: (variables: TVariables) => Promise<Appointment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (appointment) => {
      queryClient.setQueryData(queryKeys.appointment(locale, appointment.id), appointment);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointmentsRoot }),
  });
}

/**
 * Not optimistic on purpose: what the patient must read after a cancel (transaction id, refund
 * status and amount) exists only in the server's answer, and a canceled card that came back on
 * failure would be more confusing than a button that waits.
 */
export function useCancelAppointment(locale: string) {
  return useAppointmentChange(locale, (id: string) => cancelAppointment(id));
}

/** Not optimistic either: the new slot may have been taken meanwhile (409), and the old one must stay shown until it is not. */
export function useRescheduleAppointment(locale: string) {
  return useAppointmentChange(locale, ({ id, ...body }: RescheduleRequest & { id: string }) =>
    rescheduleAppointment(id, body),
  );
}
