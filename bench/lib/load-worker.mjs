// Load generator thread: runs autocannon against one URL off the server's event loop and answers every
// response time with sub-millisecond precision (autocannon's own histogram keeps whole milliseconds).
// Plain JavaScript: a worker thread does not inherit the TypeScript loader of the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, method, headers, body, connections, duration, warmup } = workerData;

/** Runs autocannon once; answers its result and the response times (ms) of 2xx answers. */
async function run(seconds) {
  const times = [];
  const instance = autocannon({ url, method, headers, body, connections, duration: seconds });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { result, times };
}

if (warmup > 0) await run(warmup);
const { result, times } = await run(duration);
parentPort.postMessage({
  requests: result.requests.total,
  seconds: result.duration,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statusCodeStats: result.statusCodeStats,
  times: Float64Array.from(times),
});
