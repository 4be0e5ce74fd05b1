import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';
import type { DeleteAccountResponse } from '../contracts/account';
import type { AppointmentPage } from '../contracts/appointments';
import type { SaveCardRequest, SavedCard } from '../contracts/cards';
import type { MessageResponse } from '../contracts/errors';
import type { FamilyMember, FamilyMemberRequest } from '../contracts/family';
import type { SupportRequest } from '../contracts/support';

/*
 * The account area's calls through the BFF: family members, saved cards, support and
 * account deletion. Lists and single adds live in booking.ts (the booking page uses them too);
 * the edits here are optimistic where the answer is predictable (edit, delete, default), with the
 * old list put back when the server refuses.
 */

type Snapshot<T> = { previous: T | undefined };

/** Applies `change` to the cached list at once and hands back what to restore on failure. */
async function optimistic<T>(
  queryClient: ReturnType<typeof useQueryClient>,
  key: readonly unknown[],
  change: (list: T) => T,
): Promise<Snapshot<T>> {
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<T>(key);
  if (previous !== undefined) queryClient.setQueryData<T>(key, change(previous));
  return { previous };
}

// PUT /api/family/{id} - edit a member; the list shows the new details at once
export function useUpdateFamilyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FamilyMemberRequest }) =>
      apiFetch<FamilyMember>(`/family/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onMutate: ({ id, body }) =>
      optimistic<FamilyMember[]>(queryClient, queryKeys.family, (list) =>
        list.map((m) => (m.id === id ? { ...m, ...body } : m)),
      ),
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.family, context.previous);
    },
    onSuccess: (member) =>
      queryClient.setQueryData<FamilyMember[]>(queryKeys.family, (list) =>
        list?.map((m) => (m.id === member.id ? member : m)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.family }),
  });
}

// DELETE /api/family/{id} - the member leaves the list at once
export function useDeleteFamilyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageResponse>(`/family/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onMutate: (id) =>
      optimistic<FamilyMember[]>(queryClient, queryKeys.family, (list) => list.filter((m) => m.id !== id)),
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.family, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.family }),
  });
}

// POST /api/cards - save a card tokenised in the browser; not optimistic: the gateway decides
export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCardRequest) => apiFetch<SavedCard>('/cards', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cards }),
  });
}

/** Default first, then as the server orders the rest (newest first). */
function withDefault(list: SavedCard[], id: string): SavedCard[] {
  const marked = list.map((c) => ({ ...c, isPrimary: c.id === id }));
  return [...marked.filter((c) => c.isPrimary), ...marked.filter((c) => !c.isPrimary)];
}

// PUT /api/cards/{id}/default - the flag moves at once
export function useSetDefaultCardOptimistic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<SavedCard[]>(`/cards/${encodeURIComponent(id)}/default`, { method: 'PUT' }),
    onMutate: (id) => optimistic<SavedCard[]>(queryClient, queryKeys.cards, (list) => withDefault(list, id)),
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.cards, context.previous);
    },
    onSuccess: (cards) => queryClient.setQueryData(queryKeys.cards, cards),
  });
}

// DELETE /api/cards/{id} - the card leaves the list at once (the server promotes a new default)
export function useDeleteCardOptimistic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageResponse>(`/cards/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onMutate: (id) => optimistic<SavedCard[]>(queryClient, queryKeys.cards, (list) => list.filter((c) => c.id !== id)),
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.cards, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cards }),
  });
}

// PUT /api/support - send a support request
export function useSendSupportRequest() {
  return useMutation({
    mutationFn: (body: SupportRequest) => apiFetch<MessageResponse>('/support', { method: 'PUT', body }),
  });
}

/** Up to this many upcoming appointments are listed before deleting (more than any patient has). */
export const DELETION_PREVIEW_SIZE = 50;

// GET /api/appointments?tab=upcoming - what deleting the account would cancel, with each one's refund rule
export const upcomingForDeletionQueryOptions = queryOptions({
  queryKey: [...queryKeys.appointmentsRoot, 'upcoming', 'deletion-preview'] as const,
  queryFn: ({ signal }) =>
    apiFetch<AppointmentPage>(`/appointments?tab=upcoming&pageSize=${DELETION_PREVIEW_SIZE}`, { signal }),
  // The refund rule depends on the time left: always asked afresh.
  staleTime: 0,
});

export function useUpcomingForDeletion() {
  return useQuery(upcomingForDeletionQueryOptions);
}

// PUT /api/account/delete?consent=true - the session ends with it; the cache is emptied
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<DeleteAccountResponse>('/account/delete?consent=true', { method: 'PUT' }),
    onSuccess: () => queryClient.clear(),
  });
}
