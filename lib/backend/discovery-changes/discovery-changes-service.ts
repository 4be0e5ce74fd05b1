import 'server-only';
import {
  discoveryChangeBounds,
  discoveryChangesAfter,
  providersAtOffices,
  pruneDiscoveryChanges,
} from './discovery-changes-repository';
import type { DiscoveryChanges } from '../../contracts/discovery-changes';

/** More changed pages than this in one answer: dropping every page is cheaper than listing them. */
export const MAX_CHANGED_IDS = 500;

// GET /v4/discoveryChanges
export async function discoveryChanges(query: { after?: number }): Promise<DiscoveryChanges> {
  const none = { everything: false, providerIds: [], clinicIds: [] };
  const everything = (cursor: number) => ({ cursor, everything: true, providerIds: [], clinicIds: [] });
  if (query.after === undefined) {
    const { latest } = await discoveryChangeBounds();
    return { cursor: latest ?? 0, ...none };
  }
  const after = query.after;
  await pruneDiscoveryChanges();
  const { latest, oldest } = await discoveryChangeBounds();
  if (latest === null) return { cursor: after, ...none };
  // A cursor ahead of the log belongs to another database (re-created since); one behind the
  // oldest kept change missed pruned changes. Either way nothing can be trusted.
  const lost = after > latest || (oldest !== null && after < oldest - 1);
  const rows = lost ? [] : await discoveryChangesAfter(after, MAX_CHANGED_IDS + 1);
  if (lost || rows.length > MAX_CHANGED_IDS || rows.some((r) => r.provider_id === null && r.office_id === null)) {
    return everything(latest);
  }
  const clinicIds = [...new Set(rows.flatMap((r) => (r.office_id === null ? [] : [r.office_id])))];
  const providerIds = new Set(rows.flatMap((r) => (r.provider_id === null ? [] : [r.provider_id])));
  // An office shows on the page of every provider working there.
  for (const id of await providersAtOffices(clinicIds)) providerIds.add(id);
  if (providerIds.size + clinicIds.length > MAX_CHANGED_IDS) {
    return everything(latest);
  }
  return {
    cursor: rows.at(-1)?.id ?? latest,
    everything: false,
    providerIds: [...providerIds].sort((a, b) => a - b),
    clinicIds: clinicIds.sort((a, b) => a - b),
  };
}
