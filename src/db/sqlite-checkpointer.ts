// WAL checkpoints of the SQLite file on a thread of their own. A checkpoint copies the pages that commits appended
// to the write-ahead log back into the database file and syncs it. Left to SQLite, the connection whose commit
// finds the log past its limit does it inside that commit, which stops the event loop for tens of milliseconds
// under a stream of writes (an import's batches). Here a second connection on a worker thread checkpoints
// passively (it never waits for readers or writers) every CHECKPOINT_INTERVAL_MS; the serving connection's own
// automatic checkpoint stays as a backstop for a log that still grows past BACKSTOP_PAGES. A checkpoint changes no
// data, so it does not move `PRAGMA data_version` (the caches' watch of other connections' commits).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CHECKPOINT_INTERVAL_MS = 100;
/** Pages (4 KiB) in the log past which the serving connection checkpoints itself: SQLite's default is 1,000. */
export const BACKSTOP_PAGES = 10_000;

// Plain CommonJS evaluated by the worker, so that it runs the same from the sources and from the build; the
// driver is passed by its resolved path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 0 });
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (a WAL database) on a worker thread, which does not keep the process alive. */
export function startCheckpointer(file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS } });
  worker.unref();
  // A thread that fails leaves checkpoints to the backstop.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Referenced again, so that the process waits for the thread to close its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
