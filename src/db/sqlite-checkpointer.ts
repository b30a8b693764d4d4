// WAL checkpoints of the SQLite file on a thread of their own. A checkpoint copies the pages that commits appended
// to the write-ahead log back into the database file and syncs it. Left to SQLite, the connection whose commit
// finds the log past its limit does it inside that commit, which stops the event loop for tens of milliseconds
// under a stream of writes (an import's batches). Here a second connection on a worker thread checkpoints
// passively (it never waits for readers or writers) soon after every commit, which it notices through
// `PRAGMA data_version`; the serving connection's own automatic checkpoint stays as a backstop for a log that
// still grows past BACKSTOP_PAGES. A checkpoint changes no data, so it does not move the serving connection's
// `data_version` (the caches' watch of other connections' commits).
//
// SQLite starts the log over from its beginning only when a write transaction begins with every page of it
// already checkpointed. Under a stream of batches the next batch always begins before the thread has copied the
// last one, and the log would grow until the backstop's checkpoint, inside a commit, started it over. Each
// top-level transaction therefore awaits `caughtUp()` when its turn comes (`checkpointInBackground`): when the log
// is past LONG_LOG_PAGES, the thread checkpoints at once and answers, and the transaction starts the log over.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread looks for a commit to checkpoint. */
const POLL_MS = 5;
/** Pages (4 KiB) in the log past which a long writer waits for the thread to catch up (`caughtUp`). */
export const LONG_LOG_PAGES = 6_144;
/** Pages in the log past which the serving connection checkpoints itself: SQLite's default is 1,000. */
export const BACKSTOP_PAGES = 16_384;

// Plain CommonJS evaluated by the worker, so that it runs the same from the sources and from the build; the
// driver is passed by its resolved path. The pages in the log after each checkpoint are shared in `logPages`.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 0 });
const logPages = new Int32Array(workerData.logPages);
// Prepared once: the thread looks for commits hundreds of times a second.
const dataVersion = db.prepare('pragma data_version').pluck();
const passiveCheckpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
function checkpoint() {
  try {
    const { log } = passiveCheckpoint.get();
    Atomics.store(logPages, 0, Math.max(0, log));
  } catch {}
}
let seen = null;
const timer = setInterval(() => {
  try {
    const version = dataVersion.get();
    if (version === seen) return;
    seen = version;
  } catch {
    return;
  }
  checkpoint();
}, workerData.pollMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    checkpoint();
    parentPort.postMessage('checkpointed');
    return;
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /**
   * Resolves at once while the log is shorter than `longLogPages`; past it, once the thread has checkpointed
   * every commit made so far, so that the next write transaction starts the log over.
   */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (a WAL database) on a worker thread, which does not keep the process alive. */
export function startCheckpointer(file: string, { longLogPages = LONG_LOG_PAGES } = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const logPages = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, pollMs: POLL_MS, logPages: logPages.buffer },
  });
  worker.unref();
  /** Callers of `caughtUp` waiting for the thread's answer, in the order they asked. */
  const waiting: Array<() => void> = [];
  let exited = false;
  worker.on('message', () => waiting.shift()?.());
  // A thread that fails leaves checkpoints to the backstop.
  worker.on('error', () => undefined);
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      exited = true;
      for (const answer of waiting.splice(0)) answer();
      resolve();
    }),
  );
  return {
    caughtUp() {
      if (exited || Atomics.load(logPages, 0) < longLogPages) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        worker.postMessage('checkpoint');
      });
    },
    async stop() {
      // Referenced again, so that the process waits for the thread to close its connection.
      worker.ref();
      worker.postMessage('stop');
      await exit;
    },
  };
}
