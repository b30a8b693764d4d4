// Measuring: HTTP load through autocannon in a worker thread (so that answering the worker's messages does
// not slow the load), and sequential calls timed one by one; both summarised the same way.
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
  /** Values for `{{item}}` in the URL or body, used in turn. */
  items?: readonly string[];
  /**
   * Each item at most once: the load stops when they are used up (its warm-up at a fifth of them), so that no URL
   * is asked twice and nothing is answered from a kept answer (`Measurement.exhausted` says when it stopped early).
   */
  distinct?: boolean;
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
  /** Answers by HTTP status, when they came over HTTP. */
  statusCodes?: Record<string, number>;
  /** Bytes received per answer, headers included, when they came over HTTP. */
  bytesPerAnswer?: number;
  /** With distinct items: whether the measured run stopped because they were used up, before its duration. */
  exhausted?: boolean;
}

interface WorkerResult {
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  bytesPerAnswer: number;
  exhausted: boolean;
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

/** A template filled the way the load worker fills it, for one request outside the load. */
export function fillTemplate(text: string, item: string | undefined, seq: string): string {
  return text.replaceAll('{{item}}', item ?? '').replaceAll('{{seq}}', seq);
}

/**
 * Sends one request first so that a wrong status fails the run at once, with the body to say why. It uses the
 * last item, which the load reaches last, so that a request that consumes its item (receiving an order) does
 * not take one the load needs.
 */
export async function checkOnce(spec: HttpRequestSpec, expectStatus: number): Promise<void> {
  const item = spec.items?.at(-1);
  const url = fillTemplate(decodeURI(spec.url), item, 'check');
  const body = spec.body === undefined ? undefined : fillTemplate(spec.body, item, 'check');
  const response = await fetch(url, { method: spec.method, headers: spec.headers, body });
  const text = await response.text();
  if (response.status !== expectStatus) {
    throw new Error(
      `${spec.method} ${spec.url} answered ${response.status}, expected ${expectStatus}: ${text.slice(0, 500)}`,
    );
  }
}

export function measureHttp(spec: HttpRequestSpec, options: LoadOptions): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: {
        ...spec,
        items: spec.items ? [...spec.items] : undefined,
        seqPrefix: `${Date.now().toString(36)}-`,
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
      },
    });
    worker.once('message', (result: WorkerResult) => {
      resolve({
        ...summarise(result.times, result.seconds, result.non2xx + result.errors + result.timeouts),
        statusCodes: result.statusCodes,
        bytesPerAnswer: result.bytesPerAnswer,
        ...(spec.distinct ? { exhausted: result.exhausted } : {}),
      });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * Runs `prepare` then times `run` on what it prepared, `times` times in a row (after one untimed round);
 * requests per second are calls over the timed seconds, so for slow single calls they read as 1 / mean.
 */
export async function measureSequential<T>(
  times: number,
  prepare: () => Promise<T>,
  run: (prepared: T) => Promise<void>,
): Promise<Measurement> {
  await run(await prepare());
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    const prepared = await prepare();
    const started = performance.now();
    await run(prepared);
    durations.push(performance.now() - started);
  }
  const seconds = durations.reduce((sum, d) => sum + d, 0) / 1000;
  return summarise(Float64Array.from(durations), seconds, 0);
}
