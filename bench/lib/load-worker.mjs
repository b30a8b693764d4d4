// Load generator thread: runs autocannon against one URL off the harness's event loop and answers every
// response time with sub-millisecond precision (autocannon's own histogram keeps whole milliseconds).
// A path or body may hold `{{item}}` (the next of `items`, in turn) and `{{seq}}` (unique per request), so
// that writes can act on many rows or create rows that never collide.
// Plain JavaScript: a worker thread does not inherit the TypeScript loader of the main thread.
import { setTimeout as sleep } from 'node:timers/promises';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, method, headers, body, items, connections, duration, warmup, seqPrefix } = workerData;
const origin = new URL(url);
const target = decodeURI(`${origin.pathname}${origin.search}`);
const templated = /\{\{(item|seq)\}\}/.test(`${target}${body ?? ''}`);
let next = 0;

function fill(text) {
  const n = next;
  return text.replaceAll('{{item}}', () => items[n % items.length]).replaceAll('{{seq}}', () => `${seqPrefix}${n}`);
}

const requests = templated
  ? [{
      setupRequest(request) {
        const filled = { ...request, path: fill(target), ...(body !== undefined ? { body: fill(body) } : {}) };
        next++;
        return filled;
      },
    }]
  : undefined;

/** Runs autocannon once; answers its result and the response times (ms) of 2xx answers. */
async function run(seconds) {
  const times = [];
  const instance = autocannon({ url, method, headers, body, connections, duration: seconds, requests });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { result, times };
}

if (warmup > 0) {
  const { times: warm } = await run(warmup);
  // Requests the warm-up left queued in the server would otherwise be answered inside the measured window.
  const backlog = Math.max(500, ...warm.slice(-200));
  await sleep(backlog);
}
const { result, times } = await run(duration);
parentPort.postMessage({
  requests: result.requests.total,
  seconds: result.duration,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count])),
  times: Float64Array.from(times),
});
