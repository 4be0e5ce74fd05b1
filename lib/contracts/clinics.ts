import { z } from 'zod';
import './zod-config';
import {
  MAX_FILTER_RANGE_DAYS,
  businessHoursSchema,
  checkDateRange,
  codeLabelSchema,
  listFilters,
  namedRefSchema,
  officeLocationSchema,
  pageOf,
  ratingSchema,
  slotSchema,
  slugParam,
} from './discovery';
import { providerSummarySchema } from './providers';
import { reviewSchema } from './reviews';

/** Clinic contracts: GET /v4/clinics (the listing) and /v4/clinics/{id}. */

// GET /v4/clinics - dental offices near a point; `service` is a service slug (GET /v4/services)
export const clinicListQuerySchema = z
  .strictObject({ ...listFilters, service: slugParam.optional() })
  .superRefine(checkDateRange(MAX_FILTER_RANGE_DAYS));
export type ClinicListQueryInput = z.input<typeof clinicListQuerySchema>;
export type ClinicListQuery = z.output<typeof clinicListQuerySchema>;

export const clinicCardSchema = officeLocationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  photoUrl: z.string().nullable(),
  distanceMiles: z.number().nullable(),
  rating: ratingSchema,
  /** Specialties of the providers practising here. */
  specialties: z.array(namedRefSchema),
  providerCount: z.number().int(),
  acceptsNewPatients: z.boolean(),
  teledentalAvailable: z.boolean(),
  minTeledentalFeeCents: z.number().int().nullable(),
  /** The next few slots of any provider here. */
  nextSlots: z.array(slotSchema.extend({ officeId: z.number().int(), providerId: z.number().int() })),
  updatedAt: z.string(),
});
export type ClinicCard = z.infer<typeof clinicCardSchema>;

export const clinicPageSchema = pageOf(clinicCardSchema);
export type ClinicPage = z.infer<typeof clinicPageSchema>;

export const clinicProviderSchema = providerSummarySchema.extend({
  workingDays: z.array(z.number().int().min(0).max(6)),
  acceptsNewPatients: z.boolean(),
  offersTeledental: z.boolean(),
  teledentalAvailable: z.boolean(),
});

// GET /v4/clinics/{id}
export const clinicDetailSchema = officeLocationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  /** In the request's language. */
  description: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  photoUrl: z.string().nullable(),
  businessHours: z.array(businessHoursSchema),
  languages: z.array(codeLabelSchema),
  technologies: z.array(codeLabelSchema),
  amenities: z.array(codeLabelSchema),
  /** Procedures and services. */
  services: z.array(namedRefSchema),
  specialties: z.array(namedRefSchema),
  teledentalPaymentReady: z.boolean(),
  rating: ratingSchema,
  providers: z.array(clinicProviderSchema),
  reviews: z.array(reviewSchema),
  updatedAt: z.string(),
});
export type ClinicDetail = z.infer<typeof clinicDetailSchema>;
