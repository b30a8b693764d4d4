// Load generator thread: runs autocannon against one URL off the harness's event loop and answers every
// response time with sub-millisecond precision (autocannon's own histogram keeps whole milliseconds).
// A path or body may hold `{{item}}` (the next of `items`, in turn) and `{{seq}}` (unique per request), so
// that writes can act on many rows or create rows that never collide.
// With `distinct`, every item is used once: a run stops when its items are used up (the warm-up when it has used a
// fifth of them), so that no URL is asked twice (a few requests already on their way when it stops may be).
// Plain JavaScript: a worker thread does not inherit the TypeScript loader of the main thread.
import { setTimeout as sleep } from 'node:timers/promises';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, method, headers, body, items, connections, duration, warmup, seqPrefix, distinct } = workerData;
const origin = new URL(url);
const target = decodeURI(`${origin.pathname}${origin.search}`);
const templated = /\{\{(item|seq)\}\}/.test(`${target}${body ?? ''}`);
let next = 0;
/** The running autocannon instance and the item count at which it must stop (distinct items only). */
let current = null;
let stopAt = Infinity;
let exhausted = false;

function fill(text) {
  const n = next;
  return text.replaceAll('{{item}}', () => items[n % items.length]).replaceAll('{{seq}}', () => `${seqPrefix}${n}`);
}

const requests = templated
  ? [
      {
        setupRequest(request) {
          if (next >= stopAt && current) {
            current.stop();
            if (next >= items.length) exhausted = true;
          }
          const filled = { ...request, path: fill(target), ...(body !== undefined ? { body: fill(body) } : {}) };
          next++;
          return filled;
        },
      },
    ]
  : undefined;

/**
 * Runs autocannon once; answers its result, the response times (ms) of 2xx answers and the bytes received,
 * headers included (what compression saves shows there).
 */
async function run(seconds, itemLimit) {
  const times = [];
  let bytes = 0;
  let answers = 0;
  const instance = autocannon({ url, method, headers, body, connections, duration: seconds, requests });
  current = instance;
  stopAt = distinct && items ? itemLimit : Infinity;
  instance.on('response', (_client, statusCode, responseBytes, responseTime) => {
    bytes += responseBytes;
    answers += 1;
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { result, times, bytesPerAnswer: answers > 0 ? bytes / answers : 0 };
}

if (warmup > 0) {
  const { times: warm } = await run(warmup, items ? Math.floor(items.length / 5) : Infinity);
  // Requests the warm-up left queued in the server would otherwise be answered inside the measured window.
  const backlog = Math.max(500, ...warm.slice(-200));
  await sleep(backlog);
}
const { result, times, bytesPerAnswer } = await run(duration, items ? items.length : Infinity);
parentPort.postMessage({
  requests: result.requests.total,
  seconds: result.duration,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  bytesPerAnswer,
  itemsUsed: next,
  exhausted,
  statusCodes: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
  ),
  times: Float64Array.from(times),
});
