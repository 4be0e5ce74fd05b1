import { describe, expect, it } from 'vitest';
import type { Slot } from '../../contracts/discovery';
import { SlotCache } from './slot-cache';

const at = (iso: string) => Date.parse(iso);
const slot = (start: string): Slot => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString(), localDate: start.slice(0, 10), localTime: '09:00' });

describe('SlotCache', () => {
  it('holds the next slots from when they were worked out until the first starts', () => {
    const cache = new SlotCache();
    const slots = [slot('2026-11-23T17:00:00.000Z'), slot('2026-11-23T18:00:00.000Z')];
    cache.set('o1|1,2|2', slots, at('2026-11-22T10:00:00Z'));
    expect(cache.get('o1|1,2|2', at('2026-11-22T12:00:00Z'))).toBe(slots);
    expect(cache.get('o1|1,2|2', at('2026-11-23T17:00:00Z'))).toBeUndefined();
    // Earlier than they were worked out: an earlier slot may have been free then.
    expect(cache.get('o1|1,2|2', at('2026-11-22T09:00:00Z'))).toBeUndefined();
    expect(cache.get('o2|1,2|2', at('2026-11-22T12:00:00Z'))).toBeUndefined();
  });

  it('holds "no slot" for a minute', () => {
    const cache = new SlotCache();
    cache.set('o1|0|1', [], at('2026-11-22T10:00:00Z'));
    expect(cache.get('o1|0|1', at('2026-11-22T10:00:59Z'))).toEqual([]);
    expect(cache.get('o1|0|1', at('2026-11-22T10:01:00Z'))).toBeUndefined();
  });

  it('starts over when full', () => {
    const cache = new SlotCache(2);
    const now = at('2026-11-22T10:00:00Z');
    cache.set('a', [], now);
    cache.set('b', [], now);
    cache.set('c', [], now);
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('c', now)).toBeDefined();
  });
});
