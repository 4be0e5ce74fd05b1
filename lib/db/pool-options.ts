import type { PoolConfig } from 'pg';

/**
 * Connection options of the app's PostgreSQL pool (not PGlite). JIT off: every /v4 query is
 * short and index-bound, yet the planner's cost estimates for the earthdistance and trigram
 * functions can cross jit_above_cost, and compiling then costs more (tens of milliseconds)
 * than the query itself.
 */
export const appPoolOptions: Pick<PoolConfig, 'options'> = { options: '-c jit=off' };
