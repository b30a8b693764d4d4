// The Quartermaster API client: openapi-fetch typed by the paths and schemas that openapi-typescript generates from
// the OpenAPI document (openapi.ts). Every call is checked against the document: its path, parameters, body and
// answers. Around it: retry of rate-limited calls, idempotency keys, typed errors and an iterator over lists.
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, paths } from './openapi.js';
import { retryingFetch, type RetryOptions } from './retry.js';

export type { components, operations, paths } from './openapi.js';
export { QuartermasterError, isQuartermasterError, unwrap, type CallResult, type FieldErrors } from './errors.js';
export {
  nextPageParams,
  numberedPage,
  pages,
  paginate,
  type ListBody,
  type PageFetcher,
  type PageParams,
  type WalkOptions,
} from './pagination.js';
export type { RetryOptions } from './retry.js';

/** A named schema of the document: `Schema<'Product'>`, `Schema<'PurchaseOrder'>`, `Schema<'ValidationError'>`… */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type QuartermasterClient = Client<paths>;

export interface QuartermasterClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The server's address (its PUBLIC_URL, e.g. `https://ops.example.com`); the paths start with `/api/v1`. */
  baseUrl: string;
  /** An API token (`qm_…`), sent as `Authorization: Bearer <token>` on every request. */
  token: string;
  /**
   * A call refused by the rate limit (429) is sent again after its `Retry-After`, up to `maxRetries` times
   * (default 2) and only when the wait is at most `maxDelayMs` (default 60 s). `false` answers every 429 at once.
   */
  retry?: RetryOptions | false;
  /**
   * Sends a fresh `Idempotency-Key` with every `POST` that has none, so that a repeated request (a retry, a
   * network failure after the server acted) is answered from the first one instead of acting twice. Default false.
   */
  idempotencyKeys?: boolean;
}

export function createQuartermasterClient({
  baseUrl,
  token,
  retry = {},
  idempotencyKeys = false,
  fetch: fetchOnce = (request) => globalThis.fetch(request),
  ...options
}: QuartermasterClientOptions): QuartermasterClient {
  const client = createClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    fetch: retry === false ? fetchOnce : retryingFetch(fetchOnce, retry),
  });
  client.use(bearerToken(token));
  if (idempotencyKeys) client.use(idempotencyKeyOnPost);
  return client;
}

function bearerToken(token: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/** Set before the request reaches the retrying fetch, so every retry carries the same key. */
const idempotencyKeyOnPost: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) {
      request.headers.set('idempotency-key', globalThis.crypto.randomUUID());
    }
    return request;
  },
};
