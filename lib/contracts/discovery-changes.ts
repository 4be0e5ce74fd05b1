import { z } from 'zod';
import './zod-config';
import { intParam } from './discovery';

/** Page cache feed: GET /v4/discoveryChanges. */

// ---- Page cache feed ----

// GET /v4/discoveryChanges
export const discoveryChangesQuerySchema = z.strictObject({
  /** The cursor of the previous answer; without it the answer only says where the feed is now. */
  after: intParam(0, 9_999_999_999).optional(),
});

/**
 * What changed on provider and clinic pages since `after` (whoever wrote it: this API, a seed,
 * psql). `everything`: too much changed, a reference list changed, or the reader fell behind
 * the kept log; every page is stale. Read again with `after = cursor`.
 */
export const discoveryChangesSchema = z.object({
  cursor: z.number().int(),
  everything: z.boolean(),
  providerIds: z.array(z.number().int()),
  clinicIds: z.array(z.number().int()),
});
export type DiscoveryChanges = z.infer<typeof discoveryChangesSchema>;
