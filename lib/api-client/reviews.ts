import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import type { MessageResponse } from '../contracts/errors';
import type { MyReview, MyReviews, ReviewRequest, WriteReviewRequest } from '../contracts/reviews';

/* The patient's reviews, through the BFF. */

export const myReviewsQueryKey = ['reviews', 'mine'] as const;

// GET /api/reviews
export const myReviewsQueryOptions = queryOptions({
  queryKey: myReviewsQueryKey,
  queryFn: ({ signal }) => apiFetch<MyReviews>('/reviews', { signal }),
});

export function useMyReviews() {
  return useQuery(myReviewsQueryOptions);
}

// POST /api/reviews - the visit leaves the "awaiting review" list and the review joins the list
export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WriteReviewRequest) => apiFetch<MyReview>('/reviews', { method: 'POST', body }),
    onSuccess: (review) => {
      queryClient.setQueryData<MyReviews>(
        myReviewsQueryKey,
        (data) =>
          data && {
            reviews: [review, ...data.reviews],
            awaitingReview: data.awaitingReview.filter((v) => v.appointmentId !== review.appointmentId),
          },
      );
      void queryClient.invalidateQueries({ queryKey: myReviewsQueryKey });
    },
  });
}

/**
 * PUT /api/reviews/{id}, optimistic: the list shows the new rating and text at once and goes back
 * to the old ones if the server refuses (the caller shows a toast).
 */
export function useEditReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewRequest }) =>
      apiFetch<MyReview>(`/reviews/${id}`, { method: 'PUT', body }),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: myReviewsQueryKey });
      const previous = queryClient.getQueryData<MyReviews>(myReviewsQueryKey);
      queryClient.setQueryData<MyReviews>(
        myReviewsQueryKey,
        (data) => data && { ...data, reviews: data.reviews.map((r) => (r.id === id ? { ...r, ...body } : r)) },
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(myReviewsQueryKey, context.previous);
    },
    onSuccess: (review) =>
      queryClient.setQueryData<MyReviews>(
        myReviewsQueryKey,
        (data) => data && { ...data, reviews: data.reviews.map((r) => (r.id === review.id ? review : r)) },
      ),
  });
}

// DELETE /api/reviews/{id}
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<MessageResponse>(`/reviews/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myReviewsQueryKey }),
  });
}
