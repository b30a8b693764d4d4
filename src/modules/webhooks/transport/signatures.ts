// Delivery signatures: X-Webhook-Signature, the hex HMAC of the body, and the Standard Webhooks scheme
// (https://www.standardwebhooks.com) so consumers can verify with its libraries.
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

const STANDARD_SECRET_PREFIX = 'whsec_';
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** X-Webhook-Signature: hex HMAC-SHA256 of the raw body, keyed by the secret's UTF-8 bytes (docs/webhooks.md). */
export function bodySignature(secret: string, body: string): string {
  return createHmac('sha256', keptKey(bodyKeys, secret, utf8Key))
    .update(body, 'utf8')
    .digest('hex');
}

/**
 * Standard Webhooks `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. A `whsec_`
 * secret is keyed by its base64-decoded remainder, as the Standard Webhooks libraries do; any other secret
 * (one a subscriber chose) by its UTF-8 bytes.
 */
export function standardSignature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const signed = `${messageId}.${Math.floor(timestampSeconds)}.${body}`;
  const digest = createHmac('sha256', keptKey(standardKeys, secret, standardKey))
    .update(signed, 'utf8')
    .digest('base64');
  return `v1,${digest}`;
}

/** `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return STANDARD_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * Keys made once per secret. Given bytes, `createHmac` makes a key object of them first, and for a delivery's
 * body that was most of the signature's cost (about 40 µs a signature against 9 with the key kept). Two
 * signatures per attempt, for every attempt of a subscription: the secrets in use are few, and the maps are
 * emptied if they ever hold many (rotated secrets accumulating in a long-running worker).
 */
const KEPT_KEYS = 1000;
const bodyKeys = new Map<string, KeyObject>();
const standardKeys = new Map<string, KeyObject>();

function keptKey(keys: Map<string, KeyObject>, secret: string, bytesOf: (secret: string) => Buffer): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    if (keys.size >= KEPT_KEYS) keys.clear();
    key = createSecretKey(bytesOf(secret));
    keys.set(secret, key);
  }
  return key;
}

const utf8Key = (secret: string) => Buffer.from(secret, 'utf8');

function standardKey(secret: string): Buffer {
  if (secret.startsWith(STANDARD_SECRET_PREFIX)) {
    const encoded = secret.slice(STANDARD_SECRET_PREFIX.length);
    if (encoded.length > 0 && STRICT_BASE64.test(encoded)) return Buffer.from(encoded, 'base64');
  }
  return utf8Key(secret);
}
