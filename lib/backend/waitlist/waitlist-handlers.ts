import 'server-only';
import { appointmentIdSchema } from '../../contracts/appointments';
import { waitlistOfferIdSchema } from '../../contracts/waitlist';
import { ApiError } from '../errors';
import { v4Handler } from '../api/v4-handler';
import {
  acceptWaitlistOffer,
  getWaitlistOffer,
  getWaitlistStatus,
  joinWaitlist,
  leaveWaitlist,
} from './waitlist-service';

/** An id of another shape is as unknown as someone else's: 404, revealing nothing. */
function idParam(
  params: Record<string, string>,
  schema: typeof appointmentIdSchema | typeof waitlistOfferIdSchema,
): string {
  const parsed = schema.safeParse(params.id);
  if (!parsed.success) throw new ApiError('notFound');
  return parsed.data;
}

/** Thin /v4 handlers of the earlier-slot waitlist (STYLE.md habit 1). */
export const waitlistHandlers = {
  // GET /v4/appointments/{id}/waitlist
  getWaitlistStatus: v4Handler('getWaitlistStatus', ({ auth, params }) =>
    getWaitlistStatus(auth, idParam(params, appointmentIdSchema)),
  ),
  // PUT /v4/appointments/{id}/waitlist
  joinWaitlist: v4Handler('joinWaitlist', ({ auth, params, locale }) =>
    joinWaitlist(auth, idParam(params, appointmentIdSchema), locale),
  ),
  // DELETE /v4/appointments/{id}/waitlist
  leaveWaitlist: v4Handler('leaveWaitlist', ({ auth, params }) =>
    leaveWaitlist(auth, idParam(params, appointmentIdSchema)),
  ),
  // GET /v4/waitlistOffers/{id}
  getWaitlistOffer: v4Handler('getWaitlistOffer', ({ auth, params, locale }) =>
    getWaitlistOffer(auth, idParam(params, waitlistOfferIdSchema), locale),
  ),
  // POST /v4/waitlistOffers/{id}/accept
  acceptWaitlistOffer: v4Handler('acceptWaitlistOffer', ({ auth, params, locale }) =>
    acceptWaitlistOffer(auth, idParam(params, waitlistOfferIdSchema), locale),
  ),
};
