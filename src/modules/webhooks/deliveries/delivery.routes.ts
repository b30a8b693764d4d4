import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../http/common-schemas.js';
import { withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  DeliveryDetailResponse,
  DeliveryListQuery,
  DeliveryParams,
  DeliveryResponse,
  DeliveryRetryResponse,
  DeliveryTestResponse,
  ReplayBody,
  ReplayResponse,
  SubscriptionDeliveriesParams,
} from './delivery.schemas.js';
import { manageWebhooks, viewWebhooks } from '../webhook-access.js';
import { deliveryDetailResource, deliveryResource, TEST_EVENT_TYPE, type DeliveryService } from './delivery.service.js';

const tags = ['Webhooks'];
const SUBSCRIPTION = '/webhooks/subscriptions/:id';
const DELIVERIES = '/webhooks/subscriptions/:subscriptionId/deliveries';
const DELIVERY = `${DELIVERIES}/:deliveryId`;

/** The delivery routes of webhook subscriptions (list, detail, retry), the test event and replay, relative to the API prefix. */
export function deliveryRoutes({ service }: { service: DeliveryService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      DELIVERIES,
      {
        schema: {
          tags,
          operationId: 'listWebhookDeliveries',
          summary: "List a webhook subscription's deliveries, newest first",
          params: SubscriptionDeliveriesParams,
          querystring: DeliveryListQuery,
          response: { 200: PaginatedSchema(DeliveryResponse) },
        },
        config: viewWebhooks,
      },
      async (request) => {
        const { page, per_page } = request.query;
        const result = await service.list(request.auth, request.params.subscriptionId, request.query, {
          page,
          per_page,
        });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(deliveryResource) });
      },
    );

    app.get(
      DELIVERY,
      {
        schema: {
          tags,
          operationId: 'getWebhookDelivery',
          summary: 'Get a webhook delivery with the body it sends and every attempt',
          params: DeliveryParams,
          response: { 200: EnvelopeSchema(DeliveryDetailResponse) },
        },
        config: { ...viewWebhooks, conditional: 'read' },
      },
      async (request, reply) => {
        const { subscriptionId, deliveryId } = request.params;
        return ok(withETag(reply, deliveryDetailResource(await service.get(request.auth, subscriptionId, deliveryId))));
      },
    );

    app.post(
      `${DELIVERY}/retry`,
      {
        schema: {
          tags,
          operationId: 'retryWebhookDelivery',
          summary: 'Retry a failed delivery (one more attempt), or make a pending one due now',
          params: DeliveryParams,
          response: { 200: EnvelopeSchema(DeliveryRetryResponse) },
        },
        config: { ...manageWebhooks, audit: 'recorded' },
      },
      async (request) => {
        const { subscriptionId, deliveryId } = request.params;
        const { delivery, attempt } = await service.retry(request.auth, subscriptionId, deliveryId);
        return ok(
          { delivery_id: delivery.id, status: 'pending' as const, attempt, updated_at: delivery.updated_at },
          'Webhook delivery queued for retry',
        );
      },
    );

    app.post(
      `${SUBSCRIPTION}/test`,
      {
        schema: {
          tags,
          operationId: 'testWebhookSubscription',
          summary: 'Send a webhook.test event to this subscription only (also when it is disabled)',
          params: IdParams,
          response: { 200: EnvelopeSchema(DeliveryTestResponse) },
        },
        config: { ...manageWebhooks, audit: 'recorded' },
      },
      async (request) => {
        const delivery = await service.sendTest(request.auth.tenantId, request.params.id);
        return ok(
          { delivery_id: delivery.id, event_type: TEST_EVENT_TYPE, status: 'pending' as const },
          'Webhook test event queued',
        );
      },
    );

    app.post(
      `${SUBSCRIPTION}/replay`,
      {
        schema: {
          tags,
          operationId: 'replayWebhookEvents',
          summary:
            'Deliver again the retained events of a time window to an active subscription (skips events with an open delivery)',
          params: IdParams,
          body: ReplayBody,
          response: { 200: EnvelopeSchema(ReplayResponse) },
        },
        config: { ...manageWebhooks, audit: 'when-changed' },
      },
      async (request) =>
        ok(await service.replay(request.auth, request.params.id, request.body), 'Webhook events replayed'),
    );
  };
}
