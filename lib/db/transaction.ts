import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { getDb, type Db } from './client';
import { logger } from '../logging/logger';

/** What a repository runs its statements on: the database, or the transaction its caller opened. */
export type Executor = Db;

interface TransactionScope {
  tx: Executor;
  /** Side effects that may only happen once the change is durable (mail delivery, cache kicks). */
  afterCommit: Array<() => unknown>;
}

// One store per process: Next may load this module in more than one bundle layer, and a
// transaction opened through one copy must be seen by repositories loaded through the other.
const storeKey = Symbol.for('dental-booking.transaction-scope');
type GlobalWithScope = typeof globalThis & { [storeKey]?: AsyncLocalStorage<TransactionScope> };
const scopes = ((globalThis as GlobalWithScope)[storeKey] ??= new AsyncLocalStorage<TransactionScope>());

/**
 * The executor for the current call: the open transaction of `inTransaction()` up the call
 * chain, else the database. Repositories call this instead of `getDb()`, so a service decides
 * what is atomic without passing a handle through every function. On PGlite this also matters
 * for correctness: PGlite runs one statement at a time and holds other callers while a
 * transaction is open, so a statement sent to the database (not the transaction) from inside
 * one would wait for itself.
 */
export async function executor(): Promise<Executor> {
  return scopes.getStore()?.tx ?? getDb();
}

/**
 * Runs `work` in one transaction: every repository call inside it (however deep) uses it, and
 * it commits when `work` resolves or rolls back when it throws. A nested call joins the outer
 * transaction (all or nothing for the whole service call). Callbacks registered with
 * `afterCommit()` run once the outermost transaction has committed, never after a rollback.
 */
export async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
  if (scopes.getStore()) return work();
  const db = await getDb();
  const afterCommit: Array<() => unknown> = [];
  const result = await db.transaction((tx) => scopes.run({ tx: tx as unknown as Executor, afterCommit }, work));
  for (const callback of afterCommit) runDetached(callback);
  return result;
}

/**
 * Schedules a side effect for after the current transaction commits; outside a transaction the
 * change is already durable, so it runs now. It never blocks or fails the caller: its errors
 * are logged, and whatever it does must be safe to retry later (the outbox sender is).
 */
export function afterCommit(callback: () => unknown): void {
  const scope = scopes.getStore();
  if (scope) scope.afterCommit.push(callback);
  else runDetached(callback);
}

function runDetached(callback: () => unknown): void {
  // Outside the transaction's async context, so whatever it queries goes to the database.
  scopes.exit(() => {
    Promise.resolve()
      .then(callback)
      .catch((error: unknown) => logger.error({ err: error }, 'after-commit task failed'));
  });
}
