// The SQLite database file copied while the service keeps writing to it, and put back in place. The copy is
// SQLite's online backup (better-sqlite3's `backup()`), run on a thread of its own so that a large file does not
// stop the event loop of the process that takes it (the worker's scheduled backups run inside `serve`).
import { createRequire } from 'node:module';
import { copyFile, rename, rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

// Plain CommonJS evaluated by the thread, so that it runs the same from the sources and from the build.
// The first step only starts the backup and counts the pages; the progress answer then asks for every remaining
// page in the next step. One step reads one snapshot: the backup API starts over whenever another connection
// commits between two steps, which a server under load would do forever with the default 100 pages a step.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const fail = (error) => parentPort.postMessage({ error: String((error && error.message) || error) });
try {
  const db = new Database(workerData.source, { fileMustExist: true, timeout: workerData.busyTimeoutMs });
  db.backup(workerData.target, { progress: () => 0x7fffffff }).then(
    ({ totalPages }) => { db.close(); parentPort.postMessage({ pages: totalPages }); },
    (error) => { db.close(); fail(error); },
  );
} catch (error) {
  fail(error);
}
`;

/** A wait for the write lock that a busy server releases within a transaction's time. */
const BUSY_TIMEOUT_MS = 30_000;

/** Copies the database `source` into the new file `target`, consistent as of one moment; answers its page count. */
export function snapshotSqlite(source: string, target: string): Promise<number> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver, source, target, busyTimeoutMs: BUSY_TIMEOUT_MS },
  });
  return new Promise<number>((resolve, reject) => {
    worker.once('message', (answer: { pages?: number; error?: string }) => {
      if (answer.error !== undefined) reject(new Error(`Cannot copy the database ${source}: ${answer.error}`));
      else resolve(answer.pages ?? 0);
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error(`Cannot copy the database ${source}: the copying thread stopped.`)));
  });
}

/**
 * Puts the copy `source` in place as the database `target`: written beside it first, then renamed over it, with
 * the write-ahead log and shared-memory files of the database it replaces removed (they belong to that one).
 * No process may have `target` open meanwhile.
 */
export async function replaceSqliteFile(source: string, target: string): Promise<void> {
  const incoming = `${target}.restoring`;
  await copyFile(source, incoming);
  for (const leftover of [`${target}-wal`, `${target}-shm`, `${target}-journal`]) await rm(leftover, { force: true });
  await rename(incoming, target);
}
