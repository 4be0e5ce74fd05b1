import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import { myReviewsQueryKey } from './reviews';
import type { VisitFeedback } from '../contracts/feedback';
import type { ReviewRequest } from '../contracts/reviews';

/* /submit-feedback, through the BFF. The check rides in with the page (STYLE.md habit 6). */

// POST /api/appointments/{id}/feedback - the saved feedback is the visit's review: My Reviews refetches
export function useSaveFeedback(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewRequest) =>
      apiFetch<VisitFeedback>(`/appointments/${encodeURIComponent(appointmentId)}/feedback`, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myReviewsQueryKey }),
  });
}

// GET /api/appointments/{id}/feedback - the check again, after a save answered "already saved"
export function fetchFeedback(appointmentId: string): Promise<VisitFeedback> {
  return apiFetch<VisitFeedback>(`/appointments/${encodeURIComponent(appointmentId)}/feedback`);
}
