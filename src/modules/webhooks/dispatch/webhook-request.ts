// The HTTP request of one delivery attempt: the event body, the X-Webhook-* headers, the Standard Webhooks
// headers, and the subscription's own headers, which never override the standard ones (docs/webhooks.md,
// What a delivery looks like).
import { eventBody } from '../../events/event-body.js';
import type { ClaimedDelivery } from './delivery-queue.js';
import { bodySignature, standardSignature } from '../transport/signatures.js';
import type { OutgoingWebhook } from '../transport/webhook-sender.js';

export const WEBHOOK_USER_AGENT = 'Quartermaster-Webhooks/1.0';

/** The JSON body of a delivery attempt. */
export function webhookBody(delivery: ClaimedDelivery): string {
  return JSON.stringify(eventBody({ ...delivery, id: delivery.event_id }, delivery.payload_mode));
}

export function webhookRequest(delivery: ClaimedDelivery, now: Date): OutgoingWebhook {
  const body = webhookBody(delivery);
  const timestamp = Math.floor(now.getTime() / 1000);
  const standard: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'x-webhook-signature': bodySignature(delivery.secret, body),
    'x-webhook-delivery-id': delivery.id,
    'x-webhook-attempt': String(delivery.attempt),
    'x-webhook-event-id': delivery.event_id,
    'x-webhook-event-type': delivery.event_type,
    'webhook-id': delivery.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(delivery.secret, delivery.id, timestamp, body),
  };
  const custom = Object.fromEntries(
    Object.entries(delivery.headers).filter(([name]) => !(name.toLowerCase() in standard)),
  );
  return { url: delivery.url, body, headers: { ...custom, ...standard } };
}
