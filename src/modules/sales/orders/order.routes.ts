// Sales order HTTP routes: list, create, get, update, delete, and the state table's actions.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedOrKeysetSchema, keysetPaginated, paginated } from '../../../http/pagination.js';
import {
  ApproveBody,
  DuplicateOrderBody,
  OptionalReasonBody,
  OrderAllocatedResponse,
  OrderCreateBody,
  OrderListQuery,
  OrderResponse,
  OrderUpdateBody,
  ReasonBody,
  ShippingSummaryQuery,
  ShippingSummaryResponse,
} from './order.schemas.js';
import type { OrderService } from './order.service.js';

const tags = ['Sales orders'];
const BASE = '/sales/orders';
const ONE = `${BASE}/:id`;
const One = EnvelopeSchema(OrderResponse);
const Allocated = EnvelopeSchema(OrderAllocatedResponse);

/** The sales order routes, relative to the API prefix. */
export function orderRoutes({ service }: { service: OrderService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listSalesOrders',
          summary: 'List sales orders (without their lines)',
          querystring: OrderListQuery,
          response: { 200: PaginatedOrKeysetSchema(OrderResponse) },
        },
        config: requireAbility('sales:view-orders'),
      },
      async (request) => {
        const { page, per_page, after, ...filters } = request.query;
        if (after !== undefined) {
          const walked = await service.walk(request.auth.tenantId, filters, { after, page, per_page });
          return keysetPaginated(request, per_page, walked);
        }
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, result);
      },
    );

    app.get(
      `${BASE}/summary`,
      {
        schema: {
          tags,
          operationId: 'getSalesShippingSummary',
          summary: 'Orders to ship and backordered, by requested ship date',
          description:
            'Counts of the orders waiting for the warehouse: to ship (confirmed or partially shipped) and with a backordered line, by requested ship date (overdue, each of the next `days` days from today, later, none). For the dashboard chart.',
          querystring: ShippingSummaryQuery,
          response: { 200: EnvelopeSchema(ShippingSummaryResponse) },
        },
        config: requireAbility('sales:view-orders'),
      },
      async (request) => ok(await service.shippingSummary(request.auth.tenantId, request.query.days)),
    );

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'createSalesOrder',
          summary: 'Create a sales order (draft), for a customer by id or created with it',
          body: OrderCreateBody,
          response: { 201: One, 409: DuplicateOrderBody },
        },
        config: { ...requireAbility('sales:create-orders'), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const order = await service.create(request.auth.tenantId, request.auth.user.id, request.body);
        return reply.code(201).send(ok(withETag(reply, order), 'Sales order created successfully'));
      },
    );

    app.get(
      ONE,
      {
        schema: {
          tags,
          operationId: 'getSalesOrder',
          summary: 'Get a sales order with its lines',
          params: IdParams,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:view-orders'), conditional: 'read' },
      },
      async (request, reply) => ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: ONE,
      schema: {
        tags,
        operationId: 'updateSalesOrder',
        summary: 'Update a sales order (partial; lines sent replace the lines)',
        params: IdParams,
        body: OrderUpdateBody,
        response: { 200: One },
      },
      config: { ...requireAbility('sales:edit-orders'), conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.update(
              request.auth.tenantId,
              request.params.id,
              request.auth.user.id,
              request.body,
              ifMatch(request),
            ),
          ),
          'Sales order updated successfully',
        ),
    });

    app.delete(
      ONE,
      {
        schema: {
          tags,
          operationId: 'deleteSalesOrder',
          summary: 'Delete a draft sales order (soft delete)',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Null()) },
        },
        config: { ...requireAbility('sales:delete-orders'), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Sales order deleted successfully');
      },
    );

    app.post(
      `${ONE}/confirm`,
      {
        schema: {
          tags,
          operationId: 'confirmSalesOrder',
          summary: 'Confirm a draft and allocate its lines (422 approval_required above the threshold)',
          params: IdParams,
          response: { 200: Allocated },
        },
        config: { ...requireAbility('sales:edit-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, u, p] = [request.auth.tenantId, request.params.id, request.auth.user.id, ifMatch(request)];
        const result = await service.confirm(t, id, u, p);
        withETag(reply, result.order);
        return ok(result, 'Sales order confirmed');
      },
    );

    app.post(
      `${ONE}/allocate`,
      {
        schema: {
          tags,
          operationId: 'allocateSalesOrder',
          summary: 'Allocate what the lines still have backordered',
          params: IdParams,
          response: { 200: Allocated },
        },
        config: { ...requireAbility('sales:edit-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, u, p] = [request.auth.tenantId, request.params.id, request.auth.user.id, ifMatch(request)];
        const result = await service.allocate(t, id, u, p);
        withETag(reply, result.order);
        return ok(result, 'Sales order allocated');
      },
    );

    app.post(
      `${ONE}/hold`,
      {
        schema: {
          tags,
          operationId: 'holdSalesOrder',
          summary: 'Put an order on hold',
          params: IdParams,
          body: OptionalReasonBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:edit-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, p] = [request.auth.tenantId, request.params.id, ifMatch(request)];
        return ok(withETag(reply, await service.hold(t, id, request.body ?? {}, p)), 'Sales order put on hold');
      },
    );

    app.post(
      `${ONE}/release-hold`,
      {
        schema: {
          tags,
          operationId: 'releaseSalesOrderHold',
          summary: 'Release the hold of an order, back to the status it was held from',
          params: IdParams,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:edit-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, p] = [request.auth.tenantId, request.params.id, ifMatch(request)];
        return ok(withETag(reply, await service.releaseHold(t, id, p)), 'Sales order released from hold');
      },
    );

    app.post(
      `${ONE}/submit-for-approval`,
      {
        schema: {
          tags,
          operationId: 'submitSalesOrderForApproval',
          summary: 'Submit a draft for approval',
          params: IdParams,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:edit-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, p] = [request.auth.tenantId, request.params.id, ifMatch(request)];
        return ok(withETag(reply, await service.submitForApproval(t, id, p)), 'Sales order submitted for approval');
      },
    );

    app.post(
      `${ONE}/approve`,
      {
        schema: {
          tags,
          operationId: 'approveSalesOrder',
          summary: 'Approve a pending order: it is confirmed and allocated',
          params: IdParams,
          body: ApproveBody,
          response: { 200: Allocated },
        },
        config: { ...requireAbility('sales:approve-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, u, p] = [request.auth.tenantId, request.params.id, request.auth.user.id, ifMatch(request)];
        const result = await service.approve(t, id, u, request.body ?? {}, p);
        withETag(reply, result.order);
        return ok(result, 'Sales order approved');
      },
    );

    app.post(
      `${ONE}/reject`,
      {
        schema: {
          tags,
          operationId: 'rejectSalesOrder',
          summary: 'Reject a pending order back to draft, with the reason',
          params: IdParams,
          body: ReasonBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:approve-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, u, p] = [request.auth.tenantId, request.params.id, request.auth.user.id, ifMatch(request)];
        return ok(withETag(reply, await service.reject(t, id, u, request.body, p)), 'Sales order rejected');
      },
    );

    app.post(
      `${ONE}/cancel`,
      {
        schema: {
          tags,
          operationId: 'cancelSalesOrder',
          summary: 'Cancel an order before anything shipped (reason required); its reservations are released',
          params: IdParams,
          body: ReasonBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:cancel-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, u, p] = [request.auth.tenantId, request.params.id, request.auth.user.id, ifMatch(request)];
        return ok(withETag(reply, await service.cancel(t, id, u, request.body, p)), 'Sales order cancelled');
      },
    );

    app.post(
      `${ONE}/close`,
      {
        schema: {
          tags,
          operationId: 'closeSalesOrder',
          summary: 'Short-close an order: what remains unshipped is cancelled and released',
          params: IdParams,
          body: OptionalReasonBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:cancel-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, u, p] = [request.auth.tenantId, request.params.id, request.auth.user.id, ifMatch(request)];
        return ok(withETag(reply, await service.close(t, id, u, request.body ?? {}, p)), 'Sales order closed');
      },
    );

    app.post(
      `${ONE}/complete`,
      {
        schema: {
          tags,
          operationId: 'completeSalesOrder',
          summary: 'Complete a shipped order',
          params: IdParams,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:complete-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const [t, id, p] = [request.auth.tenantId, request.params.id, ifMatch(request)];
        return ok(withETag(reply, await service.complete(t, id, p)), 'Sales order completed');
      },
    );
  };
}
