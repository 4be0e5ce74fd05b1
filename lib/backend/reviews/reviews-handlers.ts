import 'server-only';
import { translate } from '../../i18n/translate';
import { v4Handler } from '../api/v4-handler';
import { entityId } from '../entity-not-found';
import { checkFeedback, saveFeedback } from './feedback-service';
import { deleteReview, listMyReviews, reviewPage, updateReview, writeReview } from './reviews-service';

/** Thin /v4 handlers of the patient's reviews (STYLE.md habit 1). */
export const reviewHandlers = {
  // GET /v4/reviews - the patient's reviews and the completed visits awaiting one
  listMyReviews: v4Handler('listMyReviews', ({ auth, locale }) => listMyReviews(auth, locale)),
  // POST /v4/appointments/{id}/review - review a completed appointment, once
  writeReview: v4Handler('writeReview', ({ auth, params, body, locale }) =>
    writeReview(auth, params.id!, body, locale),
  ),
  // PUT /v4/reviews/{id} - edit a review
  updateReview: v4Handler('updateReview', ({ auth, params, body, locale }) =>
    updateReview(auth, params.id!, body, locale),
  ),
  // DELETE /v4/reviews/{id}
  deleteReview: v4Handler('deleteReview', async ({ auth, params, locale }) => {
    await deleteReview(auth, params.id!);
    return { message: translate(locale, 'reviews.deleted') };
  }),
  // GET /v4/appointments/{id}/feedback - /submit-feedback's check
  checkFeedback: v4Handler('checkFeedback', ({ auth, params, locale }) => checkFeedback(auth, params.id!, locale)),
  // POST /v4/appointments/{id}/feedback - save the feedback as the visit's review, once
  saveFeedback: v4Handler('saveFeedback', ({ auth, params, body, locale }) =>
    saveFeedback(auth, params.id!, body, locale),
  ),
};

/** Thin /v4 handlers of the reviews on provider and clinic pages. */
export const reviewListHandlers = {
  // GET /v4/providers/{id}/reviews
  listProviderReviews: v4Handler('listProviderReviews', (ctx) => {
    const providerId = entityId(ctx.params);
    return reviewPage({ providerId }, ctx.query);
  }),
  // GET /v4/clinics/{id}/reviews
  listClinicReviews: v4Handler('listClinicReviews', (ctx) => {
    const officeId = entityId(ctx.params);
    return reviewPage({ officeId }, ctx.query);
  }),
};
