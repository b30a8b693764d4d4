// Verifying a webhook delivery (docs/webhooks.md) with either signature the service sends: Standard Webhooks
// (`webhook-id`, `webhook-timestamp`, `webhook-signature`), which also refuses stale deliveries, or
// `X-Webhook-Signature`, the hex HMAC-SHA256 of the body. Node.js only: a separate entry point
// (`@quartermaster/client/webhooks`) keeps node:crypto out of the client that browsers load.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './openapi.js';

/** The body of a delivery: the event, as the event feed lists it. */
export type WebhookEvent = components['schemas']['Event'];

/** Request headers as Node.js gives them (`req.headers`), as a `Headers`, or as any plain object. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type WebhookScheme = 'standard' | 'x-webhook-signature';

export interface VerifyWebhookOptions {
  /** The subscription's secret (`whsec_…`, or the one you chose). */
  secret: string;
  /** The raw body as received, before any JSON parsing. */
  body: string | Uint8Array;
  headers: WebhookHeaders;
  /** Which signature to check. Default `standard`, whose timestamp guards against a replayed delivery. */
  scheme?: WebhookScheme;
  /** Standard Webhooks: how far `webhook-timestamp` may be from now, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The time to judge the timestamp by. Default: now. */
  now?: Date;
}

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

const STANDARD_SECRET_PREFIX = 'whsec_';
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DEFAULT_TOLERANCE_SECONDS = 300;

/** The delivered event, once its signature holds; a WebhookVerificationError otherwise. */
export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const body = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : Buffer.from(options.body);
  if ((options.scheme ?? 'standard') === 'standard') verifyStandardSignature(options, body);
  else verifyBodySignature(options, body);
  try {
    return JSON.parse(body.toString('utf8')) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('The webhook body is not JSON.');
  }
}

function verifyBodySignature({ secret, headers }: VerifyWebhookOptions, body: Buffer): void {
  const given = Buffer.from(requiredHeader(headers, 'x-webhook-signature'), 'hex');
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest();
  if (!sameBytes(given, expected))
    throw new WebhookVerificationError('The X-Webhook-Signature does not match the body.');
}

function verifyStandardSignature(options: VerifyWebhookOptions, body: Buffer): void {
  const { headers, secret } = options;
  const id = requiredHeader(headers, 'webhook-id');
  const timestamp = requiredHeader(headers, 'webhook-timestamp');
  const signatures = requiredHeader(headers, 'webhook-signature');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('The webhook-timestamp is not a number of seconds.');
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    throw new WebhookVerificationError('The webhook-timestamp is too far from now: a stale or replayed delivery.');
  }
  const expected = createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.`).update(body).digest();
  // The header lists `v1,<base64>` signatures separated by spaces; one of them must match.
  const matches = signatures.split(' ').some((signature) => {
    const [version, encoded] = signature.split(',', 2);
    return version === 'v1' && encoded !== undefined && sameBytes(Buffer.from(encoded, 'base64'), expected);
  });
  if (!matches) throw new WebhookVerificationError('No webhook-signature matches the body.');
}

/** A `whsec_` secret keys by its base64-decoded remainder, any other by its UTF-8 bytes, as the service signs. */
function standardKey(secret: string): Buffer {
  const encoded = secret.startsWith(STANDARD_SECRET_PREFIX) ? secret.slice(STANDARD_SECRET_PREFIX.length) : '';
  return encoded.length > 0 && STRICT_BASE64.test(encoded)
    ? Buffer.from(encoded, 'base64')
    : Buffer.from(secret, 'utf8');
}

function sameBytes(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function requiredHeader(headers: WebhookHeaders, name: string): string {
  const value = headerValue(headers, name);
  if (value === undefined || value === '') throw new WebhookVerificationError(`The ${name} header is missing.`);
  return value;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}
