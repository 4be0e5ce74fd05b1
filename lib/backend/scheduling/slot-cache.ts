import 'server-only';
import type { Slot } from '../../contracts/discovery';

/**
 * The next free slots of schedules with no busy time, kept across listings. A listing needs
 * the first slot of up to 300 candidates (availability sort, date filter) and the next few of
 * each card shown, and those only change when time passes them: the slots after `now` stay
 * the same until the first of them starts, so an entry holds from when it was worked out until
 * that start. "No slot in the window" is looked at again after a minute, as the window moves
 * with each office's local date. The caller keys entries by everything else the answer depends
 * on (office, working days, date range, how many) and drops the cache when schedules may have
 * changed. Entries are shared: callers copy a slot before changing it.
 */
export class SlotCache {
  private readonly entries = new Map<string, { slots: readonly Slot[]; from: number; until: number }>();

  constructor(private readonly maxEntries = 50_000) {}

  /** The cached slots when they hold at `nowMs`. */
  get(key: string, nowMs: number): readonly Slot[] | undefined {
    const entry = this.entries.get(key);
    return entry && entry.from <= nowMs && nowMs < entry.until ? entry.slots : undefined;
  }

  set(key: string, slots: readonly Slot[], nowMs: number): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { slots, from: nowMs, until: slots.length ? Date.parse(slots[0]!.start) : nowMs + 60_000 });
  }
}
