import 'server-only';
import crypto from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { getDb, type Db } from '../../db/client';

/**
 * rate-limiter-flexible's PostgreSQL store over our database handle
 * (lib/docs/decisions/login-throttling.md). Counters live in the `rate_limits` table that
 * migration 0010 creates (the library's own columns), so every server process sharing the
 * database shares the limits; the library runs its own upsert SQL on it.
 */

export interface LimitRule {
  /** keyPrefix in the table, e.g. `login-ip`. */
  name: string;
  /** Failures (or requests) allowed per window. */
  points: number;
  durationSeconds: number;
  /** When set, reaching `points` blocks the key for this long instead of until the window ends. */
  blockSeconds?: number;
}

export interface LimitState {
  consumed: number;
  /** Milliseconds until the window (or the block) ends. */
  msBeforeNext: number;
}

const TABLE = 'rate_limits';

/** What RateLimiterPostgres calls: `query({ text, values, name })` answering `{ rows, rowCount }`. */
interface StoreClient {
  query(q: { text: string; values?: unknown[]; name?: string }): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/**
 * node-postgres's Pool is the library's `pool` store type as it is. PGlite's `query` takes the
 * text and the values as two arguments, so it gets this one-line adapter (the library's SQL,
 * unchanged); the prepared-statement name is only a cache hint and PGlite has no use for it.
 */
function storeOf(db: Db): { storeClient: unknown; storeType: 'pool' | 'client' } {
  const client = (db as unknown as { $client: unknown }).$client as {
    query: (...args: unknown[]) => Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;
  };
  // node-postgres's Pool counts its connections; PGlite has none (its class name is minified away).
  if (!('totalCount' in client)) {
    const adapter: StoreClient = {
      query: async ({ text, values }) => {
        const result = await client.query(text, values ?? []);
        return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
      },
    };
    return { storeClient: adapter, storeType: 'client' };
  }
  return { storeClient: client, storeType: 'pool' };
}

// One limiter per rule and database handle: the tests give every file its own database.
const limiters = new WeakMap<Db, Map<string, RateLimiterPostgres>>();

async function limiterFor(rule: LimitRule): Promise<RateLimiterPostgres> {
  const db = await getDb();
  let byName = limiters.get(db);
  if (!byName) limiters.set(db, (byName = new Map()));
  let limiter = byName.get(rule.name);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      ...storeOf(db),
      tableName: TABLE,
      // Created by migration 0010, so no CREATE TABLE at run time (and no race between processes).
      tableCreated: true,
      // One limiter per database sweeps expired rows (every 5 minutes, rows expired an hour ago).
      clearExpiredByTimeout: byName.size === 0,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
    });
    byName.set(rule.name, limiter);
  }
  return limiter;
}

/** Emails, addresses and device nonces are stored hashed: the table never lists who tried what. */
function keyOf(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

function stateOf(res: RateLimiterRes | null): LimitState {
  return { consumed: res?.consumedPoints ?? 0, msBeforeNext: Math.max(0, res?.msBeforeNext ?? 0) };
}

/**
 * Counts one more against the key, atomically (one upsert), so requests arriving together each
 * see their own count. Never rejects for being over the limit: callers decide from the state.
 */
export async function consumeLimit(rule: LimitRule, key: string): Promise<LimitState> {
  const limiter = await limiterFor(rule);
  try {
    return stateOf(await limiter.consume(keyOf(key)));
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return stateOf(error);
  }
}

/** Gives back one point taken by consumeLimit (the window's end stays where it was). */
export async function refundLimit(rule: LimitRule, key: string): Promise<void> {
  await (await limiterFor(rule)).reward(keyOf(key), 1);
}

/** Blocks the key for the rule's `blockSeconds` (a no-op for rules without one). */
export async function blockLimit(rule: LimitRule, key: string): Promise<void> {
  if (rule.blockSeconds) await (await limiterFor(rule)).block(keyOf(key), rule.blockSeconds);
}

export async function clearLimit(rule: LimitRule, key: string): Promise<void> {
  await (await limiterFor(rule)).delete(keyOf(key));
}

/** The row key the library writes for `value` under `rule` (tests age rows by it). */
export function storedKey(rule: LimitRule, value: string): string {
  return `${rule.name}:${keyOf(value)}`;
}

/** Gives `points` back to the key (a point taken before an outcome that turned out not to count). */
export async function rewardLimit(rule: LimitRule, key: string, points = 1): Promise<void> {
  await (await limiterFor(rule)).reward(keyOf(key), points);
}
