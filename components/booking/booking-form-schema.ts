import '@/lib/contracts/zod-config';
import { z } from 'zod';
import {
  bookAppointmentRequestSchema,
  MAX_APPOINTMENT_IMAGES,
  type Appointment,
  type BookAppointmentRequest,
} from '@/lib/contracts/appointments';
import type { PaymentMethod } from '@/lib/contracts/cards';
import { imageIdSchema } from '@/lib/contracts/images';

/*
 * The booking form (SPEC.md sections 2 and 5): the contract's fields picked from
 * bookAppointmentRequestSchema (STYLE.md habit 3), plus what only the form knows: who the
 * visit is for (`patient`: 'self' or a family member's id), whether insurance is used, the
 * carrier whose plan is chosen, and the uploaded images with their file names.
 */

const contract = bookAppointmentRequestSchema.pick({
  officeId: true,
  slotStart: true,
  visitType: true,
  visitReasonId: true,
  patientType: true,
  notes: true,
  acceptTerms: true,
});

export const bookingFormSchema = contract
  .extend({
    // The contract's "invalid date" reads oddly for a slot nobody chose yet.
    slotStart: z.string().min(1, 'booking.validation.slotRequired').pipe(bookAppointmentRequestSchema.shape.slotStart),
    patient: z.string().min(1, 'validation.required'),
    insuranceMode: z.enum(['selfPay', 'insurance'], { error: 'validation.required' }),
    carrierId: z.number().optional(),
    insurancePlanId: z.number().optional(),
    images: z
      .array(z.object({ id: imageIdSchema, name: z.string() }))
      .max(MAX_APPOINTMENT_IMAGES, 'validation.tooManyImages'),
  })
  // Checked even while other fields are wrong, so every missing answer shows at once.
  .refine((v) => v.insuranceMode !== 'insurance' || Boolean(v.carrierId), {
    path: ['carrierId'],
    message: 'validation.required',
    when: () => true,
  })
  .refine((v) => v.insuranceMode !== 'insurance' || !v.carrierId || Boolean(v.insurancePlanId), {
    path: ['insurancePlanId'],
    message: 'validation.required',
    when: () => true,
  });

export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;

/** The fields of the first step, in page order (focus goes to the first invalid one). */
export const DETAIL_FIELDS = [
  'slotStart',
  'patient',
  'visitType',
  'visitReasonId',
  'patientType',
  'insuranceMode',
  'carrierId',
  'insurancePlanId',
  'notes',
  'images',
  'acceptTerms',
] as const;

export function emptyBooking(officeId: number, slotStart: string | undefined): BookingFormInput {
  return {
    officeId,
    slotStart: slotStart ?? '',
    patient: 'self',
    visitType: 'inOffice',
    // Left unset on purpose: the reason and the new-patient question must be answered.
    visitReasonId: undefined as unknown as number,
    patientType: undefined as unknown as 'new',
    insuranceMode: 'selfPay',
    carrierId: undefined,
    insurancePlanId: undefined,
    notes: '',
    images: [],
    acceptTerms: false as unknown as true,
  };
}

/** The request for POST /api/appointments from the checked form. */
export function bookingRequest(
  values: BookingFormValues,
  extra: { idempotencyKey: string; providerId: number; payment?: PaymentMethod; rescheduleOf?: string },
): BookAppointmentRequest {
  return {
    idempotencyKey: extra.idempotencyKey,
    providerId: extra.providerId,
    officeId: values.officeId,
    slotStart: values.slotStart,
    visitType: values.visitType,
    visitReasonId: values.visitReasonId,
    patientType: values.patientType,
    familyMemberId: values.patient === 'self' ? undefined : values.patient,
    insurancePlanId: values.insuranceMode === 'insurance' ? values.insurancePlanId : undefined,
    notes: values.notes,
    imageIds: values.images.map((image) => image.id),
    acceptTerms: true,
    payment: extra.payment,
    rescheduleOf: extra.rescheduleOf,
  };
}

/**
 * The draft kept in sessionStorage (per tab), keyed by provider and slot: the form's values
 * (never card data: that stays in the payment form's memory) and, once booked, the appointment,
 * so a reload, the back button or a duplicated tab shows the booked screen instead of booking again.
 */
const draftSchema = z.object({
  v: z.literal(1),
  values: z.record(z.string(), z.unknown()),
  booked: z.record(z.string(), z.unknown()).optional(),
});

export interface BookingDraft {
  values: Partial<BookingFormInput>;
  booked?: Appointment;
}

export function draftKey(providerId: number, slotStart: string | undefined): string {
  return `booking-draft:${providerId}:${slotStart ?? 'none'}`;
}

/** The saved draft, or undefined when there is none or it cannot be read (then it is removed). */
export function readDraft(key: string): BookingDraft | undefined {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return undefined;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (parsed.success) {
      return {
        values: parsed.data.values as Partial<BookingFormInput>,
        booked: parsed.data.booked as Appointment | undefined,
      };
    }
    window.sessionStorage.removeItem(key);
  } catch {
    // Storage refused (private mode) or corrupt JSON: start afresh.
  }
  return undefined;
}

export function writeDraft(key: string, values: BookingFormInput, booked?: Appointment): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ v: 1, values, booked }));
  } catch {
    // Full or refused storage: the flow still works, only without surviving a reload.
  }
}

export function removeDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
