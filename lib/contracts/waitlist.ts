import { z } from 'zod';
import './zod-config';
import { appointmentSchema } from './appointments';

/*
 * The earlier-slot waitlist: from a booked appointment the patient asks to be told
 * of an earlier slot with the same provider; a freed slot is offered by email, and the offer's
 * link moves the appointment there in one step (a same-provider reschedule), if still free.
 */

/** How many waitlisted appointments one freed slot is offered to, first in line first. */
export const MAX_OFFERS_PER_SLOT = 10;

// GET|PUT|DELETE /v4/appointments/{id}/waitlist
export const waitlistStatusSchema = z.object({
  appointmentId: z.uuid(),
  /** Whether the patient is told of earlier slots for this appointment. */
  waitlisted: z.boolean(),
  /** When the patient joined (their place in line), else null. */
  since: z.string().nullable(),
  /** Whether the appointment can be on the list at all (live and upcoming). */
  eligible: z.boolean(),
});
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

export const waitlistOfferIdSchema = z.uuid();
/** `{id}` of /v4/waitlistOffers/{id}: another shape is as unknown as someone else's (404). */
export const waitlistOfferIdPathSchema = z.strictObject({ id: waitlistOfferIdSchema });

/**
 * open: the slot is free and earlier than the appointment, take it. taken: someone booked it
 * meanwhile. accepted: this offer moved the appointment already. expired: the slot has passed,
 * is no longer earlier, or the appointment is no longer live.
 */
export const WAITLIST_OFFER_STATES = ['open', 'taken', 'accepted', 'expired'] as const;

// GET /v4/waitlistOffers/{id}
export const waitlistOfferSchema = z.object({
  id: waitlistOfferIdSchema,
  state: z.enum(WAITLIST_OFFER_STATES),
  /** The appointment as it is now (its current time is the "old" time while the offer is open). */
  appointment: appointmentSchema,
  /** The offered slot, at this office of the same provider. */
  slot: z.object({
    start: z.string(),
    end: z.string(),
    timeZone: z.string(),
    localDate: z.string(),
    localTime: z.string(),
    office: z.object({
      id: z.number().int(),
      name: z.string(),
      addressLine: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
    }),
  }),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;
