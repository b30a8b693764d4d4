// The SDK's webhook verifier accepts what the service signs, with either scheme, and refuses anything else.
import { describe, expect, it } from 'vitest';
import {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
} from '../../../clients/typescript/src/webhooks.js';
import {
  bodySignature,
  generateWebhookSecret,
  standardSignature,
} from '../../../src/modules/webhooks/transport/signatures.js';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const NOW_SECONDS = NOW.getTime() / 1000;
const EVENT = {
  id: '01jd93d4e5f6g7h8j9k0m1n2p3',
  event_type: 'product.created',
  entity_type: 'product',
  entity_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  occurred_at: NOW.toISOString(),
  payload: { name: 'Drill ü' },
};
const BODY = JSON.stringify(EVENT);

/** The headers the service sends with a delivery signed by `secret`, as Node.js gives them. */
function deliveryHeaders(secret: string, body = BODY, timestamp = NOW_SECONDS): Record<string, string> {
  return {
    'x-webhook-signature': bodySignature(secret, body),
    'webhook-id': '01jd9delivery0000000000000',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(secret, '01jd9delivery0000000000000', timestamp, body),
  };
}

const verify = (options: Partial<VerifyWebhookOptions> & Pick<VerifyWebhookOptions, 'secret' | 'headers'>) =>
  verifyWebhook({ body: BODY, now: NOW, ...options });

describe('SDK webhook verifier', () => {
  it.each([
    ['a generated secret', generateWebhookSecret()],
    ['a secret of the subscriber', 'my-own-secret-of-some-length'],
  ])('accepts both signatures the service makes with %s, and answers the event', (_name, secret) => {
    const headers = deliveryHeaders(secret);
    expect(verify({ secret, headers })).toEqual(EVENT);
    expect(verify({ secret, headers, scheme: 'x-webhook-signature' })).toEqual(EVENT);
    expect(verify({ secret, headers: new Headers(headers), body: new TextEncoder().encode(BODY) })).toEqual(EVENT);
  });

  it('accepts any of several Standard Webhooks signatures (a rotated secret)', () => {
    const secret = generateWebhookSecret();
    const headers = deliveryHeaders(secret);
    headers['webhook-signature'] = `v1,${Buffer.alloc(32).toString('base64')} ${headers['webhook-signature']}`;
    expect(verify({ secret, headers })).toEqual(EVENT);
  });

  it('refuses a changed body, another secret, a stale timestamp and missing headers', () => {
    const secret = generateWebhookSecret();
    const headers = deliveryHeaders(secret);
    const tampered = BODY.replace('Drill', 'Drilx');
    const refusals: [string, () => unknown][] = [
      ['body, standard', () => verify({ secret, headers, body: tampered })],
      ['body, hex', () => verify({ secret, headers, body: tampered, scheme: 'x-webhook-signature' })],
      ['secret', () => verify({ secret: generateWebhookSecret(), headers })],
      ['secret, hex', () => verify({ secret: generateWebhookSecret(), headers, scheme: 'x-webhook-signature' })],
      ['stale', () => verify({ secret, headers: deliveryHeaders(secret, BODY, NOW_SECONDS - 301) })],
      ['future', () => verify({ secret, headers: deliveryHeaders(secret, BODY, NOW_SECONDS + 301) })],
      [
        'no standard headers',
        () => verify({ secret, headers: { 'x-webhook-signature': headers['x-webhook-signature'] } }),
      ],
      [
        'no hex header',
        () => verify({ secret, headers: { ...headers, 'x-webhook-signature': '' }, scheme: 'x-webhook-signature' }),
      ],
    ];
    for (const [name, refusal] of refusals) expect(refusal, name).toThrow(WebhookVerificationError);
  });

  it('takes a wider tolerance when asked', () => {
    const secret = generateWebhookSecret();
    const headers = deliveryHeaders(secret, BODY, NOW_SECONDS - 600);
    expect(verify({ secret, headers, toleranceSeconds: 900 })).toEqual(EVENT);
  });
});
