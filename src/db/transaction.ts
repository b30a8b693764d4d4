import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import { ServiceUnavailableError } from '../core/errors.js';
import { isTransientConflict } from './errors.js';
import type { DB } from './schema.js';

export type Executor = Kysely<DB> | Transaction<DB>;

/** Runs of one top-level unit, the first included, before the caller is told the database is busy. */
export const TRANSACTION_ATTEMPTS = 3;

/** Pause before run `attempt + 1`: 10-20 ms, then 20-40 ms. The jitter keeps two victims from colliding again. */
function backoffMs(attempt: number): number {
  const base = 10 * 2 ** (attempt - 1);
  return base + Math.random() * base;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What to do once the transaction commits, per transaction opened by `inTransaction`. */
const commitCallbacks = new WeakMap<Transaction<DB>, Array<() => void>>();

/**
 * Runs `callback` once the top-level transaction that `trx` belongs to has committed, and never when it rolls
 * back (a run that is retried forgets its callbacks with it). For effects that only make sense after the commit
 * and may be lost without harm, such as waking a publisher that would otherwise find the rows at its next
 * poll: the callback is not run when the process dies right after the commit. A transaction not opened by
 * `inTransaction` has no such list; the callback is then dropped.
 */
export function afterCommit(trx: Transaction<DB>, callback: () => void): void {
  commitCallbacks.get(trx)?.push(callback);
}

/** The unit has committed: its answer stands whatever a callback does, so a callback that throws is ignored. */
function runCommitted(callbacks: ReadonlyArray<() => void>): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch {
      // Nothing to undo: the commit happened, and these effects are allowed to be lost.
    }
  }
}

/** How a database runs its top-level transactions, when it says (see `takeTurnsForTransactions`). */
type TransactionTurns = <T>(transaction: () => Promise<T>) => Promise<T>;
const transactionTurns = new WeakMap<Executor, TransactionTurns>();

/**
 * Has every top-level `inTransaction` on `db` run through `turns`. SQLite's checkpoint thread uses it
 * (database.ts): its transactions take turns, and each, when its turn comes, first awaits the thread catching up
 * with a long write-ahead log. Under writes back to back the next transaction otherwise always began before the
 * thread had copied the last, the log never started over, and it grew to the backstop, whose checkpoint inside a
 * commit stopped the event loop for seconds. Waiting for a turn holds no connection: reads go on meanwhile.
 */
export function takeTurnsForTransactions(db: Kysely<DB>, turns: TransactionTurns): void {
  transactionTurns.set(db, turns);
}

/** The transaction that `inTransaction` joins within `joiningTransaction`. */
const joinedTransaction = new AsyncLocalStorage<Transaction<DB>>();

/**
 * Runs `work` so that every `inTransaction` it reaches, also of services that were built with the database
 * rather than handed a transaction, joins `trx`: a batch of service calls (an import's rows) commits together.
 * Work that reads through the database outside `inTransaction` meanwhile uses another connection (PostgreSQL)
 * or waits for `trx` to end (SQLite's one connection): keep to the services' transactional calls.
 */
export function joiningTransaction<T>(trx: Transaction<DB>, work: () => Promise<T>): Promise<T> {
  return joinedTransaction.run(trx, work);
}

/**
 * Runs `work` inside a transaction: joins the caller's transaction when `db` already is one (or the one that
 * `joiningTransaction` names), so that a
 * multi-step flow stays atomic however many services it passes through.
 *
 * A top-level unit that the database aborts for timing reasons (a PostgreSQL deadlock or serialization
 * failure, SQLite busy past its busy timeout; see `isTransientConflict`) is rolled back and run again from
 * the start, up to TRANSACTION_ATTEMPTS runs with a short jittered pause between them; then it fails with
 * ServiceUnavailableError, which the API answers 503 with `Retry-After: 1`. A unit that joined an outer
 * transaction never retries by itself: only the whole outer unit can be run again, so the error travels up
 * to the `inTransaction` that opened it.
 *
 * Because `work` may run more than once, it must have no effects outside the transaction that a second run
 * would repeat or that a rollback would not undo: no files written, mail sent, HTTP calls made or in-memory
 * state changed that outlives the attempt. Do such things before the transaction, or after it commits.
 */
export async function inTransaction<T>(db: Executor, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<DB>);
  const joined = joinedTransaction.getStore();
  if (joined) return work(joined);
  const turns = transactionTurns.get(db);
  for (let attempt = 1; ; attempt += 1) {
    let callbacks: Array<() => void> = [];
    try {
      const transaction = () =>
        db.transaction().execute((trx) => {
          commitCallbacks.set(trx, (callbacks = []));
          return work(trx);
        });
      const result = await (turns ? turns(transaction) : transaction());
      runCommitted(callbacks);
      return result;
    } catch (error) {
      if (!isTransientConflict(error)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) throw ServiceUnavailableError.databaseBusy(error);
      await pause(backoffMs(attempt));
    }
  }
}
