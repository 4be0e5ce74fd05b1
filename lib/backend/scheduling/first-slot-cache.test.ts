import { describe, expect, it } from 'vitest';
import { FirstSlotCache } from './first-slot-cache';

const at = (iso: string) => Date.parse(iso);

describe('FirstSlotCache', () => {
  it('holds a first slot from when it was worked out until it starts', () => {
    const cache = new FirstSlotCache();
    cache.set('o1|1,2', '2026-11-23T17:00:00.000Z', at('2026-11-22T10:00:00Z'));
    expect(cache.get('o1|1,2', at('2026-11-22T12:00:00Z'))).toEqual(expect.objectContaining({ start: '2026-11-23T17:00:00.000Z' }));
    expect(cache.get('o1|1,2', at('2026-11-23T17:00:00Z'))).toBeUndefined();
    // Earlier than it was worked out: an earlier slot may have been free then.
    expect(cache.get('o1|1,2', at('2026-11-22T09:00:00Z'))).toBeUndefined();
    expect(cache.get('o2|1,2', at('2026-11-22T12:00:00Z'))).toBeUndefined();
  });

  it('holds "no slot" for a minute', () => {
    const cache = new FirstSlotCache();
    cache.set('o1|0', undefined, at('2026-11-22T10:00:00Z'));
    expect(cache.get('o1|0', at('2026-11-22T10:00:59Z'))).toEqual(expect.objectContaining({ start: undefined }));
    expect(cache.get('o1|0', at('2026-11-22T10:01:00Z'))).toBeUndefined();
  });

  it('starts over when full', () => {
    const cache = new FirstSlotCache(2);
    const now = at('2026-11-22T10:00:00Z');
    cache.set('a', undefined, now);
    cache.set('b', undefined, now);
    cache.set('c', undefined, now);
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('c', now)).toBeDefined();
  });
});
