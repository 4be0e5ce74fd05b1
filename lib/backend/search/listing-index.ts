import 'server-only';
import type { LatLng } from '../../contracts/geo';
import { chordOf, EARTH_RADIUS_METERS, earthXyz, metersOfChord } from '../sql/listing-tags';
import { lowerBound } from './lower-bound';
import type { ListingRow } from './listings-repository';

/*
 * The provider listing's candidates in memory (README "Decisions": the listings' places and tags
 * live in memory). Every provider_listings row (one per provider and office) is a slot. Slots are
 * numbered map cell by map cell (0.025 x 0.025 degrees, under 3 km a side), so a cell is one run of slots, and every
 * filter is a bitset over slots: one per tag, one per weekday, one of the rows still there. A
 * listing visits the cells around the point ring by ring; in each, it ANDs the filter's bitsets
 * 32 slots at a time and measures only the rows that pass; it stops once the next ring cannot
 * hold anything nearer than the `limit` nearest found. At 100k providers that is a few thousand
 * word operations and a few hundred distances, with no PostgreSQL work at all, where the SQL
 * scans read up to 300 / share rows through GiST or GIN pages on every request. PostgreSQL stays
 * the source of truth: the index is read from provider_listings and follows the change feed
 * (lib/backend/search/listing-index-service.ts).
 */

export type { ListingRow };

/** A provider at an office within the radius that passes the filters (shaped as the listing ranks it). */
export interface ListingCandidate {
  /** The provider. */
  id: number;
  officeId: number;
  meters: number;
  workingDays: readonly number[];
  rating: number;
  reviews: number;
  fee: number;
  /** Filled by the listing when a sort or filter needs it. */
  firstSlot?: string;
}

export interface ListingFilter {
  /** Tags a row must all carry (listing-tags.ts tagsOf()). */
  tags: readonly number[];
  /** The provider works on at least one of these weekdays (0 = Sunday) at the office. */
  weekdays?: readonly number[];
}

const CELL_DEGREES = 0.025;
const LAT_CELLS = Math.round(180 / CELL_DEGREES);
const LNG_CELLS = Math.round(360 / CELL_DEGREES);
const RADIANS = Math.PI / 180;
/**
 * The longest chord from a cell's centre to a point of the cell: by the haversine formula a
 * corner is at most 2 asin(sqrt(2) sin(a / 2)) away, a being half the cell's side in degrees
 * (the cosines of the latitudes only shorten the longitude part); plus a hair for rounding.
 */
const CELL_REACH = 2 * EARTH_RADIUS_METERS * Math.sqrt(2) * Math.sin((CELL_DEGREES / 2) * RADIANS / 2) * 1.001;

function cellOf(lat: number, lng: number): { i: number; j: number } {
  const i = Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
  const j = ((Math.floor((lng + 180) / CELL_DEGREES) % LNG_CELLS) + LNG_CELLS) % LNG_CELLS;
  return { i, j };
}

/** Every set of weekdays as the ascending list rows carry, shared by all slots with that set. */
const DAY_LISTS: readonly (readonly number[])[] = Array.from({ length: 128 }, (_, mask) =>
  Object.freeze([0, 1, 2, 3, 4, 5, 6].filter((day) => mask & (1 << day))),
);

function dayMask(days: readonly number[]): number {
  let mask = 0;
  for (const day of days) if (day >= 0 && day < 7) mask |= 1 << day;
  return mask;
}

export class ListingIndex {
  version: number | null;
  readonly size: number;
  private readonly words: number;
  private readonly providers: Int32Array;
  private readonly offices: Int32Array;
  private readonly xyz: Float64Array;
  private readonly days: Uint8Array;
  private readonly ratings: Float64Array;
  private readonly reviews: Int32Array;
  private readonly fees: Int32Array;
  /** Slots of pairs still there (a removed pair keeps its slot: it may come back). */
  private readonly alive: Uint32Array;
  private readonly dayBits: Uint32Array[];
  private readonly tagBits = new Map<number, Uint32Array>();
  /** How many live slots carry each tag (0: the filter can match nothing). */
  private readonly tagCounts = new Map<number, number>();
  /** Each non-empty cell's run of slots, by i * LNG_CELLS + j. */
  private readonly cells = new Map<number, Cell>();
  private foundSlots = new Int32Array(1024);
  private foundChords = new Float64Array(1024);
  /** Slots ordered by provider and by office (what a change names), as typed arrays: no object per row for the collector to visit. */
  private readonly byProvider: Int32Array;
  private readonly byOffice: Int32Array;

  constructor(rows: readonly ListingRow[], version: number | null) {
    this.version = version;
    const n = (this.size = rows.length);
    this.words = Math.ceil(n / 32);
    this.providers = new Int32Array(n);
    this.offices = new Int32Array(n);
    this.xyz = new Float64Array(3 * n);
    this.days = new Uint8Array(n);
    this.ratings = new Float64Array(n);
    this.reviews = new Int32Array(n);
    this.fees = new Int32Array(n);
    this.alive = new Uint32Array(this.words);
    this.dayBits = Array.from({ length: 7 }, () => new Uint32Array(this.words));

    const keys = rows.map((row) => {
      const { i, j } = cellOf(row.latitude, row.longitude);
      return i * LNG_CELLS + j;
    });
    const order = rows.map((_, r) => r).sort((a, b) => keys[a]! - keys[b]! || rows[a]!.provider_id - rows[b]!.provider_id || rows[a]!.office_id - rows[b]!.office_id);
    order.forEach((r, slot) => {
      const row = rows[r]!;
      const key = keys[r]!;
      const cell = this.cells.get(key);
      if (cell) cell.end = slot + 1;
      else this.cells.set(key, newCell(key, slot));
      this.providers[slot] = row.provider_id;
      this.offices[slot] = row.office_id;
      this.xyz.set(earthXyz({ lat: row.latitude, lng: row.longitude }), 3 * slot);
      this.fill(slot, row);
    });
    const slotsBy = (ids: Int32Array) => Int32Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]! || a - b);
    this.byProvider = slotsBy(this.providers);
    this.byOffice = slotsBy(this.offices);
  }

  /**
   * The `limit` nearest pairs within `radiusMeters` of `center` that pass the filter, nearest
   * first (ties by provider id), measured as the straight-line chord PostgreSQL's earthdistance
   * orders by.
   */
  nearest(center: LatLng, radiusMeters: number, filter: ListingFilter, limit: number): ListingCandidate[] {
    if (!this.size || limit <= 0) return [];
    const tagged: { bits: Uint32Array; count: number }[] = [];
    for (const tag of new Set(filter.tags)) {
      const bits = this.tagBits.get(tag);
      const count = this.tagCounts.get(tag) ?? 0;
      if (!bits || !count) return [];
      tagged.push({ bits, count });
    }
    // Rarest first: most words come out empty at the first AND.
    const tests = tagged.sort((a, b) => a.count - b.count).map((t) => t.bits);
    const weekdays = filter.weekdays && filter.weekdays.length < 7 ? [...new Set(filter.weekdays)].filter((d) => d >= 0 && d < 7) : undefined;
    const dayTests = weekdays?.map((d) => this.dayBits[d]!);
    if (dayTests && !dayTests.length) return [];

    const c = earthXyz(center);
    const maxChord = chordOf(radiusMeters);
    // The rows found, in buffers kept between listings (a walk runs to its end synchronously).
    let slots = this.foundSlots;
    let chords = this.foundChords;
    let found = 0;
    // The limit nearest distances so far: the largest of them is how far anything kept may be.
    const best = new MaxHeap(limit);
    let cutoff = maxChord;
    const visit = (start: number, end: number) => {
      const first = start >>> 5;
      const last = (end - 1) >>> 5;
      for (let w = first; w <= last; w++) {
        let m = this.alive[w]!;
        if (w === first) m &= -1 << (start & 31);
        if (w === last && end & 31) m &= (1 << (end & 31)) - 1;
        for (let t = 0; t < tests.length && m; t++) m &= tests[t]![w]!;
        if (m && dayTests) {
          let any = 0;
          for (const bits of dayTests) any |= bits[w]!;
          m &= any;
        }
        while (m) {
          const low = m & -m;
          m ^= low;
          const slot = w * 32 + 31 - Math.clz32(low);
          const chord = this.chord(slot, c);
          if (chord <= cutoff) {
            if (found === slots.length) {
              slots = grown(slots, new Int32Array(2 * found));
              chords = grown(chords, new Float64Array(2 * found));
              [this.foundSlots, this.foundChords] = [slots, chords];
            }
            slots[found] = slot;
            chords[found++] = chord;
            if (best.offer(chord)) cutoff = Math.min(maxChord, best.top());
          }
        }
      }
    };

    // Rings of cells around the point's own, within the box that holds the radius. Within the
    // radius no latitude is further than `band` from the equator, where a degree of longitude is
    // shortest (cosine `minCos`). A point in ring k lies at least k - 1 cells away in latitude or
    // in longitude, which bounds its chord from below: the walk stops once that passes the
    // radius or the limit-th distance found; a cell whose centre is too far is skipped.
    const angle = Math.min(radiusMeters, Math.PI * EARTH_RADIUS_METERS) / EARTH_RADIUS_METERS;
    const band = Math.min(Math.PI / 2, Math.abs(center.lat) * RADIANS + angle + CELL_DEGREES * RADIANS);
    const minCos = Math.cos(band);
    const spanI = Math.ceil(angle / RADIANS / CELL_DEGREES) + 1;
    const lngSine = minCos > 0 ? Math.sin(angle / 2) / minCos : Number.POSITIVE_INFINITY;
    const spanJ = lngSine >= 1 ? LNG_CELLS / 2 : Math.min(LNG_CELLS / 2, Math.ceil((2 * Math.asin(lngSine)) / RADIANS / CELL_DEGREES) + 1);
    const ringBound = (k: number) =>
      2 * EARTH_RADIUS_METERS * minCos * Math.sin(Math.min(Math.PI, Math.max(0, k - 1) * CELL_DEGREES * RADIANS) / 2);
    /** A lower bound of the chord to any point of the cell. */
    const reach = (cell: Cell) => Math.hypot(cell.x - c[0], cell.y - c[1], cell.z - c[2]) - CELL_REACH;

    if ((2 * spanI + 1) * (2 * spanJ + 1) > 4 * this.cells.size) {
      // A box with more cells than hold rows (a radius spanning the map): the cells that hold
      // rows, nearest first.
      const near = [...this.cells.values()]
        .map((cell) => ({ cell, bound: reach(cell) }))
        .filter((x) => x.bound <= maxChord)
        .sort((a, b) => a.bound - b.bound);
      for (const { cell, bound } of near) {
        if (bound > cutoff) break;
        visit(cell.start, cell.end);
      }
    } else {
      const home = cellOf(center.lat, center.lng);
      const seen = new Set<number>();
      const ring: { cell: Cell; bound: number }[] = [];
      const take = (i: number, dj: number) => {
        const key = i * LNG_CELLS + ((((home.j + dj) % LNG_CELLS) + LNG_CELLS) % LNG_CELLS);
        const cell = this.cells.get(key);
        if (!cell || seen.has(key)) return;
        seen.add(key);
        ring.push({ cell, bound: reach(cell) });
      };
      for (let k = 0; k <= Math.max(spanI, spanJ); k++) {
        if (ringBound(k) > cutoff) break;
        ring.length = 0;
        for (let i = Math.max(0, home.i - k, home.i - spanI); i <= Math.min(LAT_CELLS - 1, home.i + k, home.i + spanI); i++) {
          if (Math.abs(i - home.i) === k) {
            // The ring's top or bottom row: all of it.
            for (let dj = -Math.min(k, spanJ); dj <= Math.min(k, spanJ); dj++) take(i, dj);
          } else if (k <= spanJ) {
            // The rows between: the ring's two ends.
            take(i, -k);
            take(i, k);
          }
        }
        // Nearest cells first: the limit-th distance shrinks sooner and spares the others.
        ring.sort((a, b) => a.bound - b.bound);
        for (const { cell, bound } of ring) {
          if (bound > cutoff) break;
          visit(cell.start, cell.end);
        }
      }
    }

    // Only the rows up to the limit-th distance are ordered (a dense place holds thousands).
    const kept: number[] = [];
    for (let i = 0; i < found; i++) if (chords[i]! <= cutoff) kept.push(i);
    kept.sort((a, b) => chords[a]! - chords[b]! || this.providers[slots[a]!]! - this.providers[slots[b]!]!);
    return kept.slice(0, limit).map((i): ListingCandidate => {
      const slot = slots[i]!;
      return {
        id: this.providers[slot]!,
        officeId: this.offices[slot]!,
        meters: metersOfChord(chords[i]!),
        workingDays: DAY_LISTS[this.days[slot]!]!,
        rating: this.ratings[slot]!,
        reviews: this.reviews[slot]!,
        fee: this.fees[slot]!,
        firstSlot: undefined,
      };
    });
  }

  /**
   * Takes the re-read rows of these providers and offices (every row of theirs that still
   * exists) in place: their tags, days, ratings and fees change, missing pairs are dropped. A
   * pair the index never had or an office that moved has no slot in its cell: false, and
   * nothing changed (the caller reads the index again whole).
   */
  apply(rows: readonly ListingRow[], scope: { providerIds: readonly number[]; officeIds: readonly number[] }): boolean {
    const affected = new Set<number>();
    for (const id of scope.providerIds) for (const slot of slotsOf(this.byProvider, this.providers, id)) affected.add(slot);
    for (const id of scope.officeIds) for (const slot of slotsOf(this.byOffice, this.offices, id)) affected.add(slot);
    const slotOf = new Map<string, number>();
    for (const slot of affected) slotOf.set(`${this.providers[slot]}:${this.offices[slot]}`, slot);
    const targets: number[] = [];
    for (const row of rows) {
      // Rows are read by these providers and offices, so a pair already known is among `affected`.
      const slot = slotOf.get(`${row.provider_id}:${row.office_id}`);
      if (slot === undefined) return false;
      const [x, y, z] = earthXyz({ lat: row.latitude, lng: row.longitude });
      if (x !== this.xyz[3 * slot] || y !== this.xyz[3 * slot + 1] || z !== this.xyz[3 * slot + 2]) return false;
      targets.push(slot);
    }
    for (const slot of affected) this.clear(slot);
    rows.forEach((row, i) => this.fill(targets[i]!, row));
    return true;
  }

  private chord(slot: number, c: readonly [number, number, number]): number {
    const dx = this.xyz[3 * slot]! - c[0];
    const dy = this.xyz[3 * slot + 1]! - c[1];
    const dz = this.xyz[3 * slot + 2]! - c[2];
    return Math.sqrt(dx * dx + dy * dy + dz * dz);
  }


  private fill(slot: number, row: ListingRow): void {
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    const days = (this.days[slot] = dayMask(row.working_days));
    for (let d = 0; d < 7; d++) if (days & (1 << d)) this.dayBits[d]![word]! |= bit;
    this.ratings[slot] = row.rating_average;
    this.reviews[slot] = row.review_count;
    this.fees[slot] = row.teledental_fee_cents;
    for (const tag of row.tags) {
      let bits = this.tagBits.get(tag);
      if (!bits) this.tagBits.set(tag, (bits = new Uint32Array(this.words)));
      if (bits[word]! & bit) continue; // a tag listed twice
      bits[word]! |= bit;
      this.tagCounts.set(tag, (this.tagCounts.get(tag) ?? 0) + 1);
    }
    this.alive[word]! |= bit;
  }

  private clear(slot: number): void {
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    if (!(this.alive[word]! & bit)) return;
    for (const [tag, bits] of this.tagBits) {
      if (bits[word]! & bit) {
        bits[word]! &= ~bit;
        this.tagCounts.set(tag, this.tagCounts.get(tag)! - 1);
      }
    }
    for (const bits of this.dayBits) bits[word]! &= ~bit;
    this.alive[word]! &= ~bit;
  }
}

/** A map cell's run of slots and its centre (x, y, z metres). */
interface Cell {
  start: number;
  end: number;
  x: number;
  y: number;
  z: number;
}

function newCell(key: number, slot: number): Cell {
  const i = Math.floor(key / LNG_CELLS);
  const [x, y, z] = earthXyz({ lat: (i + 0.5) * CELL_DEGREES - 90, lng: ((key % LNG_CELLS) + 0.5) * CELL_DEGREES - 180 });
  return { start: slot, end: slot + 1, x, y, z };
}

/** The `size` smallest numbers offered, as a binary max-heap (its top: the largest of them). */
class MaxHeap {
  private readonly items: Float64Array;
  private length = 0;

  constructor(private readonly size: number) {
    this.items = new Float64Array(Math.max(1, size));
  }

  /** The largest kept, once `size` are kept (Infinity before). */
  top(): number {
    return this.length < this.size ? Number.POSITIVE_INFINITY : this.items[0]!;
  }

  /** Keeps `value` if it is among the `size` smallest; true when the top may have changed. */
  offer(value: number): boolean {
    const a = this.items;
    if (this.length < this.size) {
      let i = this.length++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (a[parent]! >= value) break;
        a[i] = a[parent]!;
        i = parent;
      }
      a[i] = value;
      return this.length === this.size;
    }
    if (value >= a[0]!) return false;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.length) break;
      const larger = left + 1 < this.length && a[left + 1]! > a[left]! ? left + 1 : left;
      if (a[larger]! <= value) break;
      a[i] = a[larger]!;
      i = larger;
    }
    a[i] = value;
    return true;
  }
}

function grown<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** The slots of one id, from slots ordered by that id. */
function slotsOf(order: Int32Array, ids: Int32Array, id: number): number[] {
  const out: number[] = [];
  for (let k = lowerBound(order.length, (i) => ids[order[i]!]! < id); k < order.length && ids[order[k]!] === id; k++) out.push(order[k]!);
  return out;
}
