import type { PoolConfig } from 'pg';

/**
 * Connection options of the app's PostgreSQL pool (not PGlite). JIT off: every /v4 query is
 * short and index-bound, yet the planner's cost estimates for the earthdistance and trigram
 * functions can cross jit_above_cost, and compiling then costs more (tens of milliseconds)
 * than the query itself. No parallel workers either: starting them costs more than the few
 * thousand index rows a search or listing reads at most, and on a busy machine far more. Idle connections are kept a minute (pg's default is ten seconds): a
 * new connection is a new server process whose catalog caches start cold, so a lull of a few
 * seconds should not cost the next requests their warm connections.
 */
export const appPoolOptions: Pick<PoolConfig, 'options' | 'idleTimeoutMillis'> = {
  options: '-c jit=off -c max_parallel_workers_per_gather=0',
  idleTimeoutMillis: 60_000,
};
