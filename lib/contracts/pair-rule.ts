import './zod-config';
import type { z } from 'zod';

/*
 * Kept apart from validation.ts (libphonenumber) so the location dialog's contract (geo.ts)
 * can use it without growing its chunk.
 */

/**
 * Two fields sent together or not at all (lat and lng). The issue names the field that is
 * missing, not the one that was sent: `GET /v4/favorites?lng=5` blamed `lng`.
 */
export function bothOrNeither(first: string, second: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const hasFirst = value[first] !== undefined;
    const hasSecond = value[second] !== undefined;
    if (hasFirst !== hasSecond) {
      ctx.addIssue({ code: 'custom', path: [hasFirst ? second : first], message: 'validation.required' });
    }
  };
}

/** The sentence the published document adds to each field of such a pair. */
export function pairNote(other: string): string {
  return `Send it together with \`${other}\` or leave both out; the error then names the missing one.`;
}
