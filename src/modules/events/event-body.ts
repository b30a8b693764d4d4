// The one public shape of an event, as a webhook delivery sends it (the feed writes the same shape as text around
// each stored payload: feed-page-json.ts).
import type { WebhookPayloadMode } from '../../db/schema.js';

export interface EventBody {
  id: string;
  event_type: string;
  entity_type: string;
  entity_id: string;
  occurred_at: string;
  payload: Record<string, unknown> | null;
}

/** The event with its payload in full mode, and `null` in thin mode. */
export function eventBody(event: EventBody, mode: WebhookPayloadMode = 'full'): EventBody {
  return {
    id: event.id,
    event_type: event.event_type,
    entity_type: event.entity_type,
    entity_id: event.entity_id,
    occurred_at: event.occurred_at,
    payload: mode === 'full' ? event.payload : null,
  };
}
