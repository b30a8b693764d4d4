// One HTTP attempt of a webhook delivery. Every failure becomes an outcome with a readable error, never a throw,
// so the delivery worker only decides between "delivered" and "retry later".
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import { systemClock } from '../../../lib/clock.js';
import type { Clock } from '../../../lib/clock.js';
import { assertAllowedAddress, BlockedAddressError, checkScheme, guardedLookup, hostOf } from './address-guard.js';
import type { AddressPolicy, Resolver } from './address-guard.js';

export interface SenderOptions {
  timeoutMs: number;
  policy: AddressPolicy;
  resolve?: Resolver;
  userAgent: string;
  /** How much of a response body is read before the connection is dropped; default 64 KiB. */
  maxResponseBytes?: number;
  /** For Retry-After given as a date. */
  clock?: Clock;
}

/** Headers are complete: the caller merged the subscription's custom headers under the standard ones. */
export interface OutgoingWebhook {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  retryAfterSeconds: number | null;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
const CONNECTIONS_PER_ORIGIN = 128;

// Framing and connection headers belong to the client, not to a subscription; undici refuses most of them.
const CLIENT_OWNED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
  'user-agent',
]);

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'ENODATA']);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

interface SocketErrorDetails {
  address?: string;
  port?: number;
  hostname?: string;
}

/** A URL the policy forbids, found before any connection is made. */
class RefusedTargetError extends Error {}

export class WebhookSender {
  private readonly agent: Agent;
  private readonly maxResponseBytes: number;
  private readonly clock: Clock;

  constructor(private readonly options: SenderOptions) {
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.clock = options.clock ?? systemClock;
    this.agent = new Agent({
      connections: CONNECTIONS_PER_ORIGIN,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: { lookup: guardedLookup(options.policy, options.resolve), timeout: options.timeoutMs },
    });
  }

  /** POSTs the webhook once. Redirects are not followed; only a 2xx answer counts as delivered. */
  async send(webhook: OutgoingWebhook): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const url = this.allowedTarget(webhook.url);
      const signal = AbortSignal.timeout(this.options.timeoutMs);
      const response = await request(url, {
        dispatcher: this.agent,
        method: 'POST',
        headers: this.headersFor(webhook),
        body: webhook.body,
        signal,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      await discardBody(response.body, this.maxResponseBytes, signal);
      return { ...this.judge(response.statusCode, response.headers), durationMs: elapsed() };
    } catch (error) {
      const message = describeFailure(error, this.options.timeoutMs);
      return { ok: false, statusCode: null, durationMs: elapsed(), error: message, retryAfterSeconds: null };
    }
  }

  /** Closes idle connections and waits for attempts in flight (each bounded by the timeout). */
  async close(): Promise<void> {
    await this.agent.close();
  }

  /** Re-checks at send time what the URL check at creation allowed; the configuration may have tightened since. */
  private allowedTarget(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new RefusedTargetError('The url is not a valid URL.');
    }
    const schemeProblem = checkScheme(url, this.options.policy);
    if (schemeProblem) throw new RefusedTargetError(schemeProblem);
    // An IP literal never goes through the connect `lookup`, so it is checked here.
    const host = hostOf(url);
    if (isIP(host) !== 0) assertAllowedAddress(host, this.options.policy);
    return url;
  }

  private headersFor(webhook: OutgoingWebhook): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(webhook.headers)) {
      if (!CLIENT_OWNED_HEADERS.has(name.toLowerCase())) headers[name] = value;
    }
    headers['user-agent'] = this.options.userAgent;
    return headers;
  }

  private judge(statusCode: number, headers: Dispatcher.ResponseData['headers']): Omit<AttemptOutcome, 'durationMs'> {
    const asksToWait = statusCode === 429 || statusCode === 503;
    const retryAfter = asksToWait ? parseRetryAfter(firstValue(headers['retry-after']), this.clock.now()) : null;
    const redirected = statusCode >= 300 && statusCode < 400;
    return {
      ok: statusCode >= 200 && statusCode < 300,
      statusCode,
      error: redirected ? `Redirects are not followed (${statusCode}).` : null,
      retryAfterSeconds: retryAfter,
    };
  }
}

/**
 * Reads at most `limit` bytes of the body and drops the connection if more follows: a small body is consumed so
 * the connection can be reused, a huge one is never held in memory. A failure here does not change the outcome:
 * the status line already answered.
 */
async function discardBody(body: Dispatcher.ResponseData['body'], limit: number, signal: AbortSignal): Promise<void> {
  try {
    await body.dump({ limit, signal });
  } catch {
    body.destroy();
  }
}

/** Seconds to wait from a Retry-After value (delay-seconds or HTTP-date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^\d+$/.test(trimmed)) return Number.parseInt(trimmed, 10);
  // Date.parse reads bare numbers like "1.5" as dates; an HTTP-date always names a day or month.
  if (!/[A-Za-z]{3}/.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A sentence for the delivery log from whatever the attempt failed with. */
export function describeFailure(error: unknown, timeoutMs: number): string {
  for (const cause of causeChain(error)) {
    const known = describeKnownFailure(cause, timeoutMs);
    if (known) return known;
  }
  return error instanceof Error && error.message ? error.message : String(error);
}

function describeKnownFailure(error: Error, timeoutMs: number): string | null {
  const { code, address, port, hostname } = error as NodeJS.ErrnoException & SocketErrorDetails;
  if (error instanceof RefusedTargetError || error instanceof BlockedAddressError) return error.message;
  if (error.name === 'TimeoutError' || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return `Timed out after ${timeoutMs} ms.`;
  }
  if (code === undefined) return null;
  if (code === 'ECONNREFUSED') return address ? `Connection refused (${address}:${port}).` : 'Connection refused.';
  if (code === 'ECONNRESET') return 'The connection was reset by the server.';
  if (code === 'ETIMEDOUT') return 'The connection timed out.';
  if (DNS_CODES.has(code)) {
    return hostname ? `The host could not be resolved (${hostname}).` : 'The host could not be resolved.';
  }
  if (TLS_CODE.test(code)) return `TLS error: ${tlsReason(error)}.`;
  if (code === 'UND_ERR_INVALID_ARG') return `The request is invalid: ${error.message}.`;
  if (code === 'UND_ERR_SOCKET') return `The connection closed before a complete response (${error.message}).`;
  return null;
}

/** OpenSSL messages carry library and source-file noise; its `reason` is the readable part. */
function tlsReason(error: Error): string {
  const { reason } = error as Error & { reason?: unknown };
  return (typeof reason === 'string' && reason ? reason : error.message).trim().replace(/\.$/, '');
}

function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  let current = error;
  while (current instanceof Error && chain.length < 5 && !chain.includes(current)) {
    chain.push(current);
    // A connection that tried several addresses (happy eyeballs) fails with all of their errors.
    current = current instanceof AggregateError && current.errors.length > 0 ? current.errors[0] : current.cause;
  }
  return chain;
}
