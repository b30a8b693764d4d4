// The event feed's query, the event resource and the cursor-paged envelope; and the event type catalogue.
import { Type, type Static } from 'typebox';
import { MAX_PER_PAGE } from '../../core/pagination.js';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../http/common-schemas.js';
import { nameSchema } from '../../http/named-schemas.js';

export const FEED_DEFAULT_PER_PAGE = 50;

export const EventFeedQuery = Type.Object({
  // Either case: ULIDs are canonically upper case, while ours are stored lower case.
  after: Type.Optional(
    Type.String({
      pattern: '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$',
      description:
        'Cursor: the id of the last event already read (exclusive). Omitted: start at the oldest retained event.',
    }),
  ),
  event_type: Type.Optional(
    Type.String({
      maxLength: 1000,
      description: 'A pattern (exact type, `<entity>.*` or `*`), or a comma-separated list of patterns.',
    }),
  ),
  entity_type: Type.Optional(
    Type.String({ maxLength: 500, description: 'One entity type, or a comma-separated list.' }),
  ),
  per_page: Defaulted(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      default: FEED_DEFAULT_PER_PAGE,
      description: `Events per page, 1 to ${MAX_PER_PAGE} (default ${FEED_DEFAULT_PER_PAGE}).`,
    }),
  ),
});
export type EventFeedQuery = Static<typeof EventFeedQuery>;

export const EventResponse = Type.Object({
  id: Ulid,
  event_type: Type.String(),
  entity_type: Type.String(),
  entity_id: Type.String(),
  occurred_at: Timestamp,
  payload: Nullable(Type.Object({}, { additionalProperties: true })),
});
export type EventResponse = Static<typeof EventResponse>;
nameSchema(EventResponse, 'Event', {
  id: '01jd93d4e5f6g7h8j9k0m1n2p3',
  event_type: 'product.activated',
  entity_type: 'product',
  entity_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  occurred_at: '2026-11-24T09:30:00.000Z',
  payload: { id: '01jd8x4k3m2n5p6q7r8s9t0v1w', sku: 'DRL-18V', status: 'active' },
});

export const EventFeedMeta = Type.Object({
  per_page: Type.Integer(),
  has_more: Type.Boolean(),
  cursor: Nullable(Type.String({ description: 'Pass as `after` on the next call.' })),
});
export type EventFeedMeta = Static<typeof EventFeedMeta>;
nameSchema(EventFeedMeta, 'EventFeedMeta', { per_page: 50, has_more: true, cursor: '01jd93d4e5f6g7h8j9k0m1n2p3' });

const EventFeedLinks = Type.Object({
  next: Nullable(Type.String({ description: 'The next page, or null when nothing more is there yet.' })),
});
nameSchema(EventFeedLinks, 'EventFeedLinks', {
  next: 'https://ops.example.com/api/v1/webhooks/events?after=01jd93d4e5f6g7h8j9k0m1n2p3',
});

export const EventFeedResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(EventResponse),
  meta: EventFeedMeta,
  links: EventFeedLinks,
});

export const EventTypeResponse = Type.Object({
  event_type: Type.String(),
  entity_type: Type.String(),
  description: Type.String(),
});
export type EventTypeResponse = Static<typeof EventTypeResponse>;
nameSchema(EventTypeResponse, 'EventType', {
  event_type: 'product.activated',
  entity_type: 'product',
  description: 'A product became active.',
});
