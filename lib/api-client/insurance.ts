import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import type { InsuredPerson, UpdateMemberInsuranceRequest } from '../contracts/insurance';

/* Insurance of the patient and of each family member, through the BFF. */

export const insuranceQueryKey = ['insurance'] as const;

// GET /api/insurance
export const insuranceQueryOptions = queryOptions({
  queryKey: insuranceQueryKey,
  queryFn: ({ signal }) => apiFetch<InsuredPerson[]>('/insurance', { signal }),
});

export function useInsurance(options: { enabled?: boolean } = {}) {
  return useQuery({ ...insuranceQueryOptions, enabled: options.enabled ?? true });
}

/**
 * The saved insurance of whom a booking is for: the patient (`familyMemberId` undefined) or one
 * of their family members; null while loading, on failure, or when none is saved. The booking
 * form preselects its carrier and plan ("the chosen insurance is what booking offers").
 */
export function useSavedInsuranceFor(familyMemberId: string | undefined): { carrierId: number; planId: number } | null {
  const { data } = useInsurance();
  const person = data?.find((p) =>
    familyMemberId ? p.isFamilyMember && p.appUserId === familyMemberId : !p.isFamilyMember,
  );
  return person?.insurance ? { carrierId: person.insurance.carrierId, planId: person.insurance.planId } : null;
}

// PUT /api/insurance - answers the person with their saved insurance
export function useSaveInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMemberInsuranceRequest) => apiFetch<InsuredPerson>('/insurance', { method: 'PUT', body }),
    onSuccess: (person) => {
      queryClient.setQueryData<InsuredPerson[]>(insuranceQueryKey, (list) =>
        list?.map((p) => (p.appUserId === person.appUserId && p.isFamilyMember === person.isFamilyMember ? person : p)),
      );
      void queryClient.invalidateQueries({ queryKey: insuranceQueryKey });
    },
  });
}
