// The feed page written as JSON text: each event's payload is the JSON text the database holds, sent as it is.
// Parsing every payload into objects and serialising them again was most of a page's work (a page holds up to
// 100 events of about 1 KB each); see docs/decisions/performance-statements.md. The shape is EventFeedResponse's, in its
// property order, which a test checks against the schema.
import type { FeedRow } from './event.repository.js';
import type { EventFeedMeta } from './event-feed.schemas.js';

const json = JSON.stringify;

function eventJson(event: FeedRow): string {
  return (
    `{"id":${json(event.id)},"event_type":${json(event.event_type)},"entity_type":${json(event.entity_type)},` +
    `"entity_id":${json(event.entity_id)},"occurred_at":${json(event.occurred_at)},"payload":${event.payload_json ?? 'null'}}`
  );
}

export function feedPageJson(events: readonly FeedRow[], meta: EventFeedMeta, next: string | null): string {
  return (
    `{"success":true,"data":[${events.map(eventJson).join(',')}],` +
    `"meta":{"per_page":${meta.per_page},"has_more":${meta.has_more},"cursor":${json(meta.cursor)}},"links":{"next":${json(next)}}}`
  );
}
