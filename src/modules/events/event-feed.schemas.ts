// The event feed's query, the event resource and the cursor-paged envelope; and the event type catalogue.
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../http/common-schemas.js';
import { MAX_PER_PAGE } from '../../http/pagination.js';

export const FEED_DEFAULT_PER_PAGE = 50;

export const EventFeedQuery = Type.Object({
  // Either case: ULIDs are canonically upper case, while ours are stored lower case.
  after: Type.Optional(
    Type.String({
      pattern: '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$',
      description: 'Cursor: the id of the last event already read (exclusive). Omitted: start at the oldest retained event.',
    }),
  ),
  event_type: Type.Optional(
    Type.String({ maxLength: 1000, description: 'A pattern (exact type, `<entity>.*` or `*`), or a comma-separated list of patterns.' }),
  ),
  entity_type: Type.Optional(Type.String({ maxLength: 500, description: 'One entity type, or a comma-separated list.' })),
  per_page: Type.Integer({
    minimum: 1,
    maximum: MAX_PER_PAGE,
    default: FEED_DEFAULT_PER_PAGE,
    description: `Events per page, 1 to ${MAX_PER_PAGE} (default ${FEED_DEFAULT_PER_PAGE}).`,
  }),
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

export const EventFeedMeta = Type.Object({
  per_page: Type.Integer(),
  has_more: Type.Boolean(),
  cursor: Nullable(Type.String({ description: 'Pass as `after` on the next call.' })),
});
export type EventFeedMeta = Static<typeof EventFeedMeta>;

export const EventFeedResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(EventResponse),
  meta: EventFeedMeta,
  links: Type.Object({ next: Nullable(Type.String({ description: 'The next page, or null when nothing more is there yet.' })) }),
});

export const EventTypeResponse = Type.Object({
  event_type: Type.String(),
  entity_type: Type.String(),
  description: Type.String(),
});
export type EventTypeResponse = Static<typeof EventTypeResponse>;
