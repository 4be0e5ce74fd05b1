import { z } from 'zod';
import './zod-config';
import { paymentMethodSchema } from './cards';
import { VISIT_TYPES, intParam, namedRefSchema, officeAddressSchema } from './discovery';
import { familyMemberIdSchema, relationshipSchema } from './family';
import { MAX_IMAGES_PER_UPLOAD, imageIdSchema } from './images';
import { requiredText } from './validation';

/*
 * Appointments (SPEC.md sections 2-5, 7-9): booking, the patient's list and details,
 * cancel with the 24-hour refund rule, reschedule, and the office-facing status API.
 */

/** SPEC.md section 9: a refund only when canceled at least 24 hours before the start. */
export const REFUND_NOTICE_HOURS = 24;
/** A teledental call opens this long before the start and closes at the end. */
export const VIDEO_CALL_OPENS_MINUTES_BEFORE = 15;
export const MAX_NOTES_LENGTH = 1000;
export const MAX_APPOINTMENT_IMAGES = MAX_IMAGES_PER_UPLOAD;

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'completed', 'noShow', 'canceled'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** 'I have seen this doctor before' (existing) and 'I am a new patient' (new). */
export const PATIENT_TYPES = ['existing', 'new'] as const;
export const patientTypeSchema = z.enum(PATIENT_TYPES, { error: 'validation.patientTypeRequired' });

export const visitTypeSchema = z.enum(VISIT_TYPES, { error: 'validation.required' });

/**
 * notApplicable: nothing was paid. notEligible: canceled under 24 hours before the start.
 * refunded: given back through the gateway. manual: due, but the gateway could not do it; the
 * patient is asked to contact support (SPEC.md section 4, "Refund").
 */
export const REFUND_STATUSES = ['notApplicable', 'notEligible', 'refunded', 'manual'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);

export const CANCEL_ACTORS = ['patient', 'office', 'system'] as const;
export const CANCEL_REASONS = ['patient', 'office', 'rescheduled', 'noShow', 'accountDeleted'] as const;

export const appointmentIdSchema = z.uuid();
/** `{id}` of /v4/appointments/{id}: another shape is as unknown as someone else's id (404). */
export const appointmentIdPathSchema = z.strictObject({ id: appointmentIdSchema });

/** An instant: ISO 8601 in UTC with `Z`, as slots give them (GET /v4/providers/{id}/slots). */
export const instantSchema = z.iso.datetime({ error: 'validation.invalidDate' });

const positiveId = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(2_147_483_647, 'validation.invalid');

// POST /v4/appointments - book
export const bookAppointmentRequestSchema = z.strictObject({
  /** A fresh UUID per booking attempt: a retried or double-clicked request books and charges once. */
  idempotencyKey: z.uuid({ error: 'validation.invalid' }),
  providerId: positiveId,
  officeId: positiveId,
  /** The slot's `start`. */
  slotStart: instantSchema,
  visitType: visitTypeSchema,
  visitReasonId: positiveId,
  patientType: patientTypeSchema,
  /** Absent: the visit is the account holder's own. */
  familyMemberId: familyMemberIdSchema.optional(),
  /** An in-network plan of the patient's insurance; absent: self-pay. */
  insurancePlanId: positiveId.optional(),
  /** SPEC.md section 5: a note explaining the visit is required. */
  notes: requiredText(MAX_NOTES_LENGTH),
  /** Teeth images uploaded first through POST /v4/images (purpose teeth). */
  imageIds: z.array(imageIdSchema).max(MAX_APPOINTMENT_IMAGES, 'validation.tooManyImages').default([]),
  acceptTerms: z.literal(true, { error: 'validation.termsRequired' }),
  /** Required when a fee is due (teledental visits); refused otherwise. */
  payment: paymentMethodSchema.optional(),
  /** Rebooking with another provider: this appointment of the patient's is canceled in the same change, under the refund rule. */
  rescheduleOf: appointmentIdSchema.optional(),
});
export type BookAppointmentRequest = z.input<typeof bookAppointmentRequestSchema>;
export type BookAppointmentInput = z.output<typeof bookAppointmentRequestSchema>;

// PUT /v4/appointments/{id}/reschedule - same provider, a new slot (the old one is released in the same change)
export const rescheduleRequestSchema = z.strictObject({
  officeId: positiveId,
  slotStart: instantSchema,
});
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

// GET /v4/appointments?tab&page&pageSize
export const APPOINTMENT_TABS = ['upcoming', 'past', 'canceled'] as const;
export const appointmentTabSchema = z.enum(APPOINTMENT_TABS, { error: 'validation.invalid' });
export type AppointmentTab = z.infer<typeof appointmentTabSchema>;
export const DEFAULT_APPOINTMENT_PAGE_SIZE = 10;
export const appointmentListQuerySchema = z.strictObject({
  tab: appointmentTabSchema.optional(),
  page: intParam(1, 10_000).optional(),
  pageSize: intParam(1, 50).optional(),
});
export type AppointmentListQuery = z.output<typeof appointmentListQuerySchema>;
export type AppointmentListQueryInput = z.input<typeof appointmentListQuerySchema>;

export const appointmentSchema = z.object({
  id: appointmentIdSchema,
  status: appointmentStatusSchema,
  provider: z.object({
    id: z.number().int(),
    /** "Dr. Ana Núñez" / "Dra. Ana Núñez" in the request's language. */
    displayName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    title: z.string(),
    photoUrl: z.string().nullable(),
  }),
  office: z.object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    ...officeAddressSchema.shape,
  }),
  /** Instants in UTC. */
  start: z.string(),
  end: z.string(),
  /** The office's IANA zone, and the start as a wall-clock date and time there. */
  timeZone: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  visitType: visitTypeSchema,
  visitReason: namedRefSchema,
  patient: z.object({
    /** self: the account holder; familyMember: one of their family members. */
    kind: z.enum(['self', 'familyMember']),
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    relationship: relationshipSchema.nullable(),
  }),
  patientType: patientTypeSchema,
  notes: z.string(),
  images: z.array(z.object({ id: imageIdSchema, width: z.number().int(), height: z.number().int() })),
  insurance: z.object({ carrierName: z.string(), planName: z.string() }).nullable(),
  /** The consultation fee charged (0 when nothing was due), in US cents. */
  feeCents: z.number().int(),
  payment: z.object({ transactionId: z.string(), brand: z.string(), last4: z.string(), paidAt: z.string() }).nullable(),
  refund: z
    .object({ status: refundStatusSchema, amountCents: z.number().int(), transactionId: z.string().nullable() })
    .nullable(),
  cancellation: z
    .object({ canceledAt: z.string(), by: z.enum(CANCEL_ACTORS), reason: z.enum(CANCEL_REASONS) })
    .nullable(),
  /**
   * What canceling now would mean, shown before the patient confirms: whether it is allowed,
   * and whether the fee comes back (at least 24 hours before the start).
   */
  cancelPolicy: z.object({
    cancelable: z.boolean(),
    refundEligible: z.boolean(),
    refundAmountCents: z.number().int(),
    /** The last instant a cancellation is refunded (start minus 24 hours). */
    refundDeadline: z.string(),
  }),
  reschedulable: z.boolean(),
  /** Teledental visits: the room link, given only from 15 minutes before the start to the end. */
  videoCall: z.object({ url: z.string().nullable(), opensAt: z.string(), closesAt: z.string() }).nullable(),
  /** In-office visits: driving directions to the office. */
  directionsUrl: z.string().nullable(),
  rescheduledFromId: appointmentIdSchema.nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentPageSchema = z.object({
  items: z.array(appointmentSchema),
  tab: appointmentTabSchema,
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

// ---- Office-facing API (a practice-management system syncing; header x-office-key) ----

/** Moves an office may make (README "Appointment statuses"). */
export const OFFICE_STATUS_MOVES = ['confirmed', 'completed', 'noShow', 'canceled'] as const;

export const officeKeyHeadersSchema = z.object({
  'x-office-key': z
    .string()
    .min(1, 'validation.required')
    .max(200, 'validation.invalid')
    .describe("The office's API key (README: demo keys are seeded)"),
});

// PUT /v4/office/appointments/{id}/status
export const officeStatusRequestSchema = z.strictObject({
  status: z.enum(OFFICE_STATUS_MOVES, { error: 'validation.invalid' }),
});
export type OfficeStatusRequest = z.infer<typeof officeStatusRequestSchema>;

// GET /v4/office/appointments?from&to (office-local dates; at most 31 days)
export const officeAppointmentsQuerySchema = z.strictObject({
  from: z.iso.date({ error: 'validation.invalidDate' }),
  to: z.iso.date({ error: 'validation.invalidDate' }),
});

export const officeAppointmentSchema = z.object({
  id: appointmentIdSchema,
  providerId: z.number().int(),
  start: z.string(),
  end: z.string(),
  status: appointmentStatusSchema,
  visitType: visitTypeSchema,
  visitReason: z.string(),
  patientName: z.string(),
  patientType: patientTypeSchema,
  notes: z.string(),
});
export type OfficeAppointment = z.infer<typeof officeAppointmentSchema>;
export const officeAppointmentListSchema = z.array(officeAppointmentSchema);
