import { z } from 'zod';
import './zod-config';
import {
  MAX_FILTER_RANGE_DAYS,
  MAX_SLOT_RANGE_DAYS,
  businessHoursSchema,
  checkDateRange,
  codeLabelSchema,
  dateNote,
  idParam,
  isoDateParam,
  listFilters,
  namedRefSchema,
  officeLocationSchema,
  pageOf,
  ratingSchema,
  slotSchema,
} from './discovery';
import { reviewSchema } from './reviews';

/** Provider contracts: GET /v4/providers (the listing), /v4/providers/{id} and its slots. */

// GET /v4/providers - providers near a point
export const providerListQuerySchema = z.strictObject(listFilters).superRefine(checkDateRange(MAX_FILTER_RANGE_DAYS));
export type ProviderListQueryInput = z.input<typeof providerListQuerySchema>;
export type ProviderListQuery = z.output<typeof providerListQuerySchema>;

/** Who a provider is, the same in every provider shape: card, page and a clinic's provider list. */
const providerNameFields = {
  id: z.number().int(),
  /** "Dr. Ana Núñez" / "Dra. Ana Núñez" in the request's language. */
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Degree: DDS, DMD, ... */
  title: z.string(),
  gender: z.enum(['male', 'female']),
  photoUrl: z.string().nullable(),
};

/** A provider as cards and a clinic's provider list show them (providerIdentity() of the backend's discovery-dto.ts). */
export const providerSummarySchema = z.object({
  ...providerNameFields,
  /** Primary specialty first. */
  specialties: z.array(namedRefSchema),
  languages: z.array(codeLabelSchema),
  rating: ratingSchema,
  teledentalFeeCents: z.number().int(),
});

export const providerCardSchema = providerSummarySchema.extend({
  officeCount: z.number().int(),
  /** The office this result is about: the nearest matching one. */
  office: officeLocationSchema.extend({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    acceptsNewPatients: z.boolean(),
    offersTeledental: z.boolean(),
    /** offersTeledental and the office can take teledental payments (SPEC.md section 5). */
    teledentalAvailable: z.boolean(),
  }),
  distanceMiles: z.number().nullable(),
  /** The next few slots at `office` (within the filter's dates when given). */
  nextSlots: z.array(slotSchema.extend({ officeId: z.number().int() })),
  updatedAt: z.string(),
});
export type ProviderCard = z.infer<typeof providerCardSchema>;

export const providerPageSchema = pageOf(providerCardSchema);
export type ProviderPage = z.infer<typeof providerPageSchema>;

export const insuranceGroupSchema = z.object({
  carrierId: z.number().int(),
  carrierName: z.string(),
  plans: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const providerOfficeSchema = officeLocationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  businessHours: z.array(businessHoursSchema),
  /** Weekdays (0 = Sunday) this provider works at this office. */
  workingDays: z.array(z.number().int().min(0).max(6)),
  acceptsNewPatients: z.boolean(),
  offersTeledental: z.boolean(),
  teledentalPaymentReady: z.boolean(),
  teledentalAvailable: z.boolean(),
});

// GET /v4/providers/{id}
export const providerDetailSchema = z.object({
  ...providerNameFields,
  npi: z.string(),
  /** In the request's language. */
  biography: z.string(),
  education: z.array(z.object({ degree: z.string(), institution: z.string(), year: z.number().int() })),
  experienceYears: z.number().int(),
  awards: z.array(z.object({ title: z.string(), year: z.number().int() })),
  specialties: z.array(namedRefSchema),
  visitReasons: z.array(namedRefSchema),
  /** In-network plans grouped by carrier. */
  insurance: z.array(insuranceGroupSchema),
  languages: z.array(codeLabelSchema),
  teledentalFeeCents: z.number().int(),
  rating: ratingSchema,
  /** At one office at least. */
  acceptsNewPatients: z.boolean(),
  teledentalAvailable: z.boolean(),
  offices: z.array(providerOfficeSchema),
  /** The latest REVIEWS_ON_DETAIL; GET /v4/providers/{id}/reviews pages through all. */
  reviews: z.array(reviewSchema),
  /** Changes when the provider, their offices or reviews change (cache revalidation). */
  updatedAt: z.string(),
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

// ---- Slots ----

// GET /v4/providers/{id}/slots?officeId&from&to
export const slotsQuerySchema = z
  .strictObject({
    /** Defaults to the provider's first office. */
    officeId: idParam.optional(),
    /** Office-local dates; from defaults to today there, to to from + 6 days; at most 14 days. */
    from: isoDateParam
      .describe(dateNote('First office-local day (default today there):', MAX_SLOT_RANGE_DAYS))
      .optional(),
    to: isoDateParam.describe(dateNote('Last office-local day (default `from` + 6):', MAX_SLOT_RANGE_DAYS)).optional(),
  })
  .superRefine(checkDateRange(MAX_SLOT_RANGE_DAYS));
export type SlotsQuery = z.output<typeof slotsQuerySchema>;

export const slotDaySchema = z.object({
  /** Office-local date. */
  date: z.string(),
  weekday: z.number().int().min(0).max(6),
  /** Slots starting before 12:00 local time. */
  morning: z.array(slotSchema),
  afternoon: z.array(slotSchema),
});
export type SlotDay = z.infer<typeof slotDaySchema>;

export const providerSlotsSchema = z.object({
  providerId: z.number().int(),
  officeId: z.number().int(),
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  from: z.string(),
  to: z.string(),
  acceptsNewPatients: z.boolean(),
  teledentalAvailable: z.boolean(),
  /** Every day of the range, with empty lists when nothing is free. */
  days: z.array(slotDaySchema),
});
export type ProviderSlots = z.infer<typeof providerSlotsSchema>;
