// Retrying a request the rate limit refused (429): the server counted it but did nothing with it, so sending it
// again after the `Retry-After` it names is safe for every method.
import { retryAfterSeconds } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. Default 2. */
  maxRetries?: number;
  /** The longest wait accepted: a `Retry-After` asking for more answers the 429 at once. Default 60 000 ms. */
  maxDelayMs?: number;
}

export type Fetch = (request: Request) => Promise<Response>;
export type Sleep = (milliseconds: number, signal: AbortSignal) => Promise<void>;

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_DELAY_MS = 60_000;
/** The wait when a 429 names none (the server always does; a proxy in between may not). */
const FALLBACK_DELAY_MS = 1_000;

/** `fetchOnce` wrapped to send a request again after a 429, waiting what its `Retry-After` asks. */
export function retryingFetch(fetchOnce: Fetch, options: RetryOptions = {}, sleep: Sleep = abortableSleep): Fetch {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  return async (request) => {
    for (let retry = 0; ; retry++) {
      const mayRetry = retry < maxRetries;
      // A body can be read once: each attempt but the last sends a copy.
      const response = await fetchOnce(mayRetry ? request.clone() : request);
      if (response.status !== 429 || !mayRetry) return response;
      const seconds = retryAfterSeconds(response.headers.get('retry-after'));
      const delayMs = seconds === null ? FALLBACK_DELAY_MS : seconds * 1000;
      if (delayMs > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delayMs, request.signal);
    }
  };
}

function abortableSleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, milliseconds);
    signal.addEventListener('abort', abort, { once: true });
  });
}
