import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, MessageSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  SubscriptionCreateBody,
  SubscriptionListQuery,
  SubscriptionResponse,
  SubscriptionSecretResponse,
  SubscriptionStatusResponse,
  SubscriptionUpdateBody,
  SubscriptionWithSecretResponse,
} from './subscription.schemas.js';
import { manageWebhooks, manageWebhooksAnsweringSecret, viewWebhooks } from '../webhook-access.js';
import {
  subscriptionResource,
  subscriptionWithSecret,
  type StatusChange,
  type SubscriptionService,
} from './subscription.service.js';

const tags = ['Webhooks'];
const BASE = '/webhooks/subscriptions';
const ONE = `${BASE}/:id`;

function statusAnswer(reply: FastifyReply, { subscription, changed }: StatusChange, done: string) {
  withETag(reply, subscriptionResource(subscription));
  const data = { id: subscription.id, status: subscription.status, updated_at: subscription.updated_at };
  return ok(
    data,
    changed
      ? `Webhook subscription ${done} successfully`
      : `Webhook subscription is already ${subscription.status}; nothing changed`,
  );
}

/** The webhook subscription routes, relative to the API prefix. */
export function subscriptionRoutes({ service }: { service: SubscriptionService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listWebhookSubscriptions',
          summary: 'List webhook subscriptions, newest first',
          querystring: SubscriptionListQuery,
          response: { 200: PaginatedSchema(SubscriptionResponse) },
        },
        config: viewWebhooks,
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(subscriptionResource) });
      },
    );

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'createWebhookSubscription',
          summary: 'Create a webhook subscription (active; the answer is the only read that shows the secret)',
          body: SubscriptionCreateBody,
          response: { 201: EnvelopeSchema(SubscriptionWithSecretResponse) },
        },
        config: { ...manageWebhooksAnsweringSecret, conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const subscription = await service.create(request.auth, request.body);
        return reply
          .code(201)
          .send(
            ok(
              withETag(reply, subscriptionWithSecret(subscription), 'secret'),
              'Webhook subscription created successfully',
            ),
          );
      },
    );

    app.get(
      ONE,
      {
        schema: {
          tags,
          operationId: 'getWebhookSubscription',
          summary: 'Get a webhook subscription (without its secret; custom header values masked)',
          params: IdParams,
          response: { 200: EnvelopeSchema(SubscriptionResponse) },
        },
        config: { ...viewWebhooks, conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, subscriptionResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.patch(
      ONE,
      {
        schema: {
          tags,
          operationId: 'updateWebhookSubscription',
          summary:
            'Update a webhook subscription (partial; not the secret; a masked header value keeps the stored one)',
          params: IdParams,
          body: SubscriptionUpdateBody,
          response: { 200: EnvelopeSchema(SubscriptionResponse) },
        },
        config: { ...manageWebhooks, conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            subscriptionResource(await service.update(request.auth, request.params.id, request.body, ifMatch(request))),
          ),
          'Webhook subscription updated successfully',
        ),
    );

    app.delete(
      ONE,
      {
        schema: {
          tags,
          operationId: 'deleteWebhookSubscription',
          summary: 'Delete a webhook subscription (soft delete; deliveries in flight finish)',
          params: IdParams,
          response: { 200: MessageSchema },
        },
        config: { ...manageWebhooks, conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return { success: true, message: 'Webhook subscription deleted successfully' };
      },
    );

    app.post(
      `${ONE}/activate`,
      {
        schema: {
          tags,
          operationId: 'activateWebhookSubscription',
          summary:
            'Activate a disabled webhook subscription (within the active limit; an active one is answered unchanged)',
          params: IdParams,
          response: { 200: EnvelopeSchema(SubscriptionStatusResponse) },
        },
        config: { ...manageWebhooks, conditional: 'write', audit: 'when-changed' },
      },
      async (request, reply) =>
        statusAnswer(
          reply,
          await service.activate(request.auth.tenantId, request.params.id, ifMatch(request)),
          'activated',
        ),
    );

    app.post(
      `${ONE}/disable`,
      {
        schema: {
          tags,
          operationId: 'disableWebhookSubscription',
          summary: 'Disable an active webhook subscription (a disabled one is answered unchanged)',
          params: IdParams,
          response: { 200: EnvelopeSchema(SubscriptionStatusResponse) },
        },
        config: { ...manageWebhooks, conditional: 'write', audit: 'when-changed' },
      },
      async (request, reply) =>
        statusAnswer(
          reply,
          await service.disable(request.auth.tenantId, request.params.id, ifMatch(request)),
          'disabled',
        ),
    );

    app.post(
      `${ONE}/rotate-secret`,
      {
        schema: {
          tags,
          operationId: 'rotateWebhookSecret',
          summary: 'Replace the secret with a new generated one; the old one stops signing at once',
          params: IdParams,
          response: { 200: EnvelopeSchema(SubscriptionSecretResponse) },
        },
        config: { ...manageWebhooksAnsweringSecret, conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const rotated = await service.rotateSecret(request.auth.tenantId, request.params.id, ifMatch(request));
        withETag(reply, subscriptionResource(rotated));
        return ok(
          { id: rotated.id, secret: rotated.secret, updated_at: rotated.updated_at },
          'Webhook subscription secret rotated successfully',
        );
      },
    );
  };
}
