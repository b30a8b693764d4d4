// The event feed and the event type catalogue: bearer only, and never for personal tokens, as every webhook
// endpoint (docs/abilities.md, Endpoint to ability).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { TokenType } from '../../db/schema.js';
import { withoutAbility } from '../../http/authentication.js';
import { EnvelopeSchema, ok } from '../../http/envelope.js';
import { requestUrlWith } from '../../http/pagination.js';
import { EventFeedQuery, EventFeedResponse, EventTypeResponse } from './event-feed.schemas.js';
import type { EventFeedService } from './event-feed.service.js';
import { feedPageJson } from './feed-page-json.js';

const tags = ['Webhooks'];
const WEBHOOK_ACCESS = withoutAbility("the feed shows only events of entities the token's abilities may view", {
  auth: 'bearer',
  tokenTypes: ['application', 'integration'] as readonly TokenType[],
});

export function eventFeedRoutes({ service }: { service: EventFeedService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/webhooks/event-types',
      {
        schema: {
          tags,
          operationId: 'listEventTypes',
          summary: 'List the event types',
          response: { 200: EnvelopeSchema(Type.Array(EventTypeResponse)) },
        },
        config: WEBHOOK_ACCESS,
      },
      async () => ok(service.eventTypes()),
    );

    app.get(
      '/webhooks/events',
      {
        schema: {
          tags,
          operationId: 'listEvents',
          summary: 'Read the event feed, oldest first, after a cursor',
          querystring: EventFeedQuery,
          response: { 200: EventFeedResponse },
        },
        config: WEBHOOK_ACCESS,
      },
      async (request, reply) => {
        const { events, meta } = await service.page(request.auth, request.query);
        // This request's URL with `after` moved to the cursor, keeping its filters and page size.
        const next = meta.has_more && meta.cursor !== null ? requestUrlWith(request, 'after', meta.cursor) : null;
        // JSON text with a JSON type is sent as it is: the schema documents the page, feedPageJson writes it (the
        // reply is typed as the schema's object, hence the cast).
        return reply.type('application/json; charset=utf-8').send(feedPageJson(events, meta, next) as never);
      },
    );
  };
}
