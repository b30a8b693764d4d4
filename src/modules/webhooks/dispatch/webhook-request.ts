// The HTTP request of one delivery attempt: the event body, the interface's headers, the Standard Webhooks
// headers, and the subscription's own headers, which never override the standard ones.
import type { WebhookPayloadMode } from '../../../db/schema.js';
import type { ClaimedDelivery } from './delivery-queue.js';
import { interfaceSignature, standardSignature } from '../transport/signatures.js';
import type { OutgoingWebhook } from '../transport/webhook-sender.js';

export const WEBHOOK_USER_AGENT = 'Quartermaster-Webhooks/1.0';

export interface WebhookEventFields {
  id: string;
  event_type: string;
  entity_type: string;
  entity_id: string;
  occurred_at: string;
  payload: Record<string, unknown> | null;
}

/** What a subscriber receives: the event, with its payload in full mode and `null` in thin mode. */
export function webhookEvent(event: WebhookEventFields, mode: WebhookPayloadMode): WebhookEventFields {
  return {
    id: event.id,
    event_type: event.event_type,
    entity_type: event.entity_type,
    entity_id: event.entity_id,
    occurred_at: event.occurred_at,
    payload: mode === 'full' ? event.payload : null,
  };
}

/** The JSON body of a delivery attempt. */
export function webhookBody(delivery: ClaimedDelivery): string {
  return JSON.stringify(webhookEvent({ ...delivery, id: delivery.event_id }, delivery.payload_mode));
}

export function webhookRequest(delivery: ClaimedDelivery, now: Date): OutgoingWebhook {
  const body = webhookBody(delivery);
  const timestamp = Math.floor(now.getTime() / 1000);
  const standard: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'x-webhook-signature': interfaceSignature(delivery.secret, body),
    'x-webhook-delivery-id': delivery.id,
    'x-webhook-attempt': String(delivery.attempt),
    'x-webhook-event-id': delivery.event_id,
    'x-webhook-event-type': delivery.event_type,
    'webhook-id': delivery.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(delivery.secret, delivery.id, timestamp, body),
  };
  const custom = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => !(name.toLowerCase() in standard)));
  return { url: delivery.url, body, headers: { ...custom, ...standard } };
}
