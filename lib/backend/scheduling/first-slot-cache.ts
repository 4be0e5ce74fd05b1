/**
 * First free slots of schedules with no busy time, kept across listings. The availability sort
 * and the date filter need the first slot of up to 300 candidates per listing, and the answer
 * only changes when time passes it: the first slot after `now` stays the first until it starts,
 * so an entry holds from when it was worked out until that start. "No slot in the window" is
 * looked at again after a minute, as the window moves with each office's local date. The
 * caller keys entries by everything else the answer depends on and drops the cache when the
 * schedules may have changed.
 */
export class FirstSlotCache {
  private readonly entries = new Map<string, { start: string | undefined; from: number; until: number }>();

  constructor(private readonly maxEntries = 50_000) {}

  /** The cached first slot (its start, or undefined for none) when it holds at `nowMs`. */
  get(key: string, nowMs: number): { start: string | undefined } | undefined {
    const entry = this.entries.get(key);
    return entry && entry.from <= nowMs && nowMs < entry.until ? entry : undefined;
  }

  set(key: string, start: string | undefined, nowMs: number): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { start, from: nowMs, until: start === undefined ? nowMs + 60_000 : Date.parse(start) });
  }
}
