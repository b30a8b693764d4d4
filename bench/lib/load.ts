// Measuring: HTTP load through autocannon in a worker thread (so the load generator does not share the
// server's event loop), and plain async functions timed in-process; both summarised the same way.
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of load before measuring (JIT, caches, pools). */
  warmup: number;
}

export interface HttpRequestSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Measurement {
  requests: number;
  perSecond: number;
  /** Milliseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Non-2xx answers, socket errors and timeouts. */
  failures: number;
}

interface WorkerResult {
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  times: Float64Array;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarise(times: Float64Array, seconds: number, failures: number): Measurement {
  const sorted = Float64Array.from(times).sort();
  return {
    requests: sorted.length,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    failures,
  };
}

/** Sends one request first so that a wrong status fails the run at once, with the body to say why. */
export async function checkOnce(spec: HttpRequestSpec, expectStatus: number): Promise<void> {
  const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body });
  const text = await response.text();
  if (response.status !== expectStatus) {
    throw new Error(`${spec.method} ${spec.url} answered ${response.status}, expected ${expectStatus}: ${text.slice(0, 500)}`);
  }
}

export function measureHttp(spec: HttpRequestSpec, options: LoadOptions): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { ...spec, connections: options.connections, duration: options.duration, warmup: options.warmup },
    });
    worker.once('message', (result: WorkerResult) => {
      resolve(summarise(result.times, result.seconds, result.non2xx + result.errors + result.timeouts));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Calls `run` back to back for `duration` seconds (after `warmup`), timing each call. */
export async function measureFunction(run: () => Promise<unknown>, options: Pick<LoadOptions, 'duration' | 'warmup'>): Promise<Measurement> {
  const loop = async (seconds: number) => {
    const times: number[] = [];
    let failures = 0;
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await run();
        times.push(performance.now() - t);
      } catch {
        failures++;
      }
    }
    return { times, failures, seconds: (performance.now() - started) / 1000 };
  };
  if (options.warmup > 0) await loop(options.warmup);
  const { times, failures, seconds } = await loop(options.duration);
  return summarise(Float64Array.from(times), seconds, failures);
}
