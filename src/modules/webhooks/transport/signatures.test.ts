import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, bodySignature, standardSignature } from './signatures.js';

const body = '{"id":"01jd0000000000000000000000","event_type":"product.created","payload":{"name":"Zoë ☃"}}';
const messageId = '01jd9zq3t8m5x2c4v6b7n8p9qr';

function standardHeaders(secret: string, id: string, timestamp: number, signedBody: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(secret, id, timestamp, signedBody),
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('bodySignature', () => {
  it('is the lowercase hex HMAC-SHA256 of the raw body keyed by the secret', () => {
    const secret = 'shared-sécret';
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex');
    expect(bodySignature(secret, body)).toBe(expected);
    expect(bodySignature(secret, body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keys a whsec_ secret by its literal text', () => {
    const secret = generateWebhookSecret();
    expect(bodySignature(secret, body)).toBe(createHmac('sha256', secret).update(body).digest('hex'));
  });

  it('matches a published HMAC-SHA256 test vector', () => {
    // RFC 4231 test case 2
    expect(bodySignature('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('signs with each secret its own key, also after more secrets than it keeps keys for', () => {
    const secrets = Array.from({ length: 1500 }, (_, i) => `secret-${i}`);
    const fresh = (secret: string) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex');
    for (const secret of [...secrets, ...secrets.slice(0, 10), ...secrets.slice(-10)])
      expect(bodySignature(secret, body)).toBe(fresh(secret));
  });

  it('changes when one byte of the body changes', () => {
    expect(bodySignature('s', body)).not.toBe(bodySignature('s', body.replace('ë', 'e')));
  });
});

describe('standardSignature', () => {
  it('verifies with the Standard Webhooks library', () => {
    const secret = generateWebhookSecret();
    const timestamp = nowSeconds();
    const verified = new Webhook(secret).verify(body, standardHeaders(secret, messageId, timestamp, body));
    expect(verified).toEqual(JSON.parse(body));
  });

  it('has the form v1,<base64 of 32 bytes>', () => {
    const signature = standardSignature(generateWebhookSecret(), messageId, 1_700_000_000, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('is refused when the body, timestamp or id was tampered with', () => {
    const secret = generateWebhookSecret();
    const timestamp = nowSeconds();
    const webhook = new Webhook(secret);
    const signed = standardHeaders(secret, messageId, timestamp, body);
    expect(() => webhook.verify(body.replace('Zoë', 'Zoe'), signed)).toThrow('No matching signature found');
    expect(() => webhook.verify(body, { ...signed, 'webhook-timestamp': String(timestamp - 1) })).toThrow(
      'No matching signature found',
    );
    expect(() => webhook.verify(body, { ...signed, 'webhook-id': `${messageId}x` })).toThrow(
      'No matching signature found',
    );
  });

  it('is refused under another secret', () => {
    const timestamp = nowSeconds();
    const signed = standardHeaders(generateWebhookSecret(), messageId, timestamp, body);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, signed)).toThrow('No matching signature found');
  });

  it('keys a secret without the whsec_ prefix by its UTF-8 bytes', () => {
    const secret = 'chosen-by-the-subscriber-ü';
    const timestamp = nowSeconds();
    const raw = new Webhook(Buffer.from(secret, 'utf8').toString('base64'));
    expect(raw.verify(body, standardHeaders(secret, messageId, timestamp, body))).toEqual(JSON.parse(body));
    const expected = createHmac('sha256', secret).update(`${messageId}.${timestamp}.${body}`).digest('base64');
    expect(standardSignature(secret, messageId, timestamp, body)).toBe(`v1,${expected}`);
  });

  it('keys a whsec_ secret that is not base64 by its UTF-8 bytes', () => {
    const secret = 'whsec_not base64!';
    const expected = createHmac('sha256', secret).update(`${messageId}.1700000000.${body}`).digest('base64');
    expect(standardSignature(secret, messageId, 1_700_000_000, body)).toBe(`v1,${expected}`);
  });
});

describe('generateWebhookSecret', () => {
  it('is whsec_ and 32 random bytes in base64', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});
