import { z } from 'zod';
import './zod-config';
import { namedRefSchema } from './discovery';

/** Reference lists for the filters (GET /v4/specialties, visitReasons, services, insuranceCarriers), names in the request language. */

// ---- Reference lists for the filters (names in the request's language) ----

export const namedRefListSchema = z.array(namedRefSchema);
export const insuranceCarrierListSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    plans: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type InsuranceCarrierList = z.infer<typeof insuranceCarrierListSchema>;
