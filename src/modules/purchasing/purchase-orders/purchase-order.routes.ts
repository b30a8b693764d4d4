// Purchase order HTTP routes: CRUD and the state table's transitions (receiving comes with its own module).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  AcknowledgeBody,
  ApproveBody,
  CancelBody,
  PurchaseOrderCreateBody,
  PurchaseOrderListQuery,
  PurchaseOrderResponse,
  PurchaseOrderSentResponse,
  PurchaseOrderUpdateBody,
  RecordInvoiceBody,
  RejectBody,
  SendBody,
  SubmitForApprovalBody,
} from './purchase-order.schemas.js';
import type { PurchaseOrderService } from './purchase-order.service.js';

const tags = ['Purchase orders'];
const BASE = '/operations/purchase-orders';
const ONE = `${BASE}/:id`;
const One = EnvelopeSchema(PurchaseOrderResponse);

/** The purchase order routes, relative to the API prefix. */
export function purchaseOrderRoutes({ service }: { service: PurchaseOrderService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listPurchaseOrders',
          summary: 'List purchase orders',
          querystring: PurchaseOrderListQuery,
          response: { 200: PaginatedSchema(PurchaseOrderResponse) },
        },
        config: requireAbility('operations:view-purchase-orders'),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, result);
      },
    );

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'createPurchaseOrder',
          summary: 'Create a purchase order (draft, or pending_approval)',
          body: PurchaseOrderCreateBody,
          response: { 201: One },
        },
        config: { ...requireAbility('operations:create-purchase-orders'), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const order = await service.create(request.auth.tenantId, request.auth.user.id, request.body);
        return reply.code(201).send(ok(withETag(reply, order), 'Purchase order created successfully'));
      },
    );

    app.get(
      ONE,
      {
        schema: {
          tags,
          operationId: 'getPurchaseOrder',
          summary: 'Get a purchase order with its items',
          params: IdParams,
          response: { 200: One },
        },
        config: { ...requireAbility('operations:view-purchase-orders'), conditional: 'read' },
      },
      async (request, reply) => ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: ONE,
      schema: {
        tags,
        operationId: 'updatePurchaseOrder',
        summary: 'Update a draft purchase order (partial; lines sent replace all lines)',
        params: IdParams,
        body: PurchaseOrderUpdateBody,
        response: { 200: One },
      },
      config: { ...requireAbility('operations:edit-purchase-orders'), conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
          ),
          'Purchase order updated successfully',
        ),
    });

    app.delete(
      ONE,
      {
        schema: {
          tags,
          operationId: 'deletePurchaseOrder',
          summary: 'Delete a draft purchase order (soft delete)',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Null()) },
        },
        config: { ...requireAbility('operations:delete-purchase-orders'), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Purchase order deleted successfully');
      },
    );

    app.post(
      `${ONE}/submit-for-approval`,
      {
        schema: {
          tags,
          operationId: 'submitPurchaseOrderForApproval',
          summary: 'Submit a draft for approval',
          params: IdParams,
          body: SubmitForApprovalBody,
          response: { 200: One },
        },
        config: { ...requireAbility('operations:edit-purchase-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.submitForApproval(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
          ),
          'Purchase order submitted for approval',
        ),
    );

    app.post(
      `${ONE}/approve`,
      {
        schema: {
          tags,
          operationId: 'approvePurchaseOrder',
          summary: 'Approve a pending purchase order',
          params: IdParams,
          body: ApproveBody,
          response: { 200: One },
        },
        config: { ...requireAbility('operations:approve-purchase-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.approve(
              request.auth.tenantId,
              request.params.id,
              request.auth.user.id,
              request.body,
              ifMatch(request),
            ),
          ),
          'Purchase order approved successfully',
        ),
    );

    app.post(
      `${ONE}/reject`,
      {
        schema: {
          tags,
          operationId: 'rejectPurchaseOrder',
          summary: 'Reject a pending purchase order',
          params: IdParams,
          body: RejectBody,
          response: { 200: One },
        },
        config: { ...requireAbility('operations:approve-purchase-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.reject(
              request.auth.tenantId,
              request.params.id,
              request.auth.user.id,
              request.body,
              ifMatch(request),
            ),
          ),
          'Purchase order rejected',
        ),
    );

    app.post(
      `${ONE}/send`,
      {
        schema: {
          tags,
          operationId: 'sendPurchaseOrder',
          summary: 'Send an approved purchase order to its supplier',
          params: IdParams,
          body: SendBody,
          response: { 200: EnvelopeSchema(PurchaseOrderSentResponse) },
        },
        config: { ...requireAbility('operations:send-purchase-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) => {
        const { order, email_sent } = await service.send(
          request.auth.tenantId,
          request.params.id,
          request.body,
          ifMatch(request),
        );
        return ok(withETag(reply, { ...order, email_sent }, 'email_sent'), 'Purchase order sent successfully');
      },
    );

    app.post(
      `${ONE}/acknowledge`,
      {
        schema: {
          tags,
          operationId: 'acknowledgePurchaseOrder',
          summary: "Record the supplier's acknowledgement",
          params: IdParams,
          body: AcknowledgeBody,
          response: { 200: One },
        },
        config: { ...requireAbility('operations:edit-purchase-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.acknowledge(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
          ),
          'Purchase order acknowledged',
        ),
    );

    app.post(
      `${ONE}/cancel`,
      {
        schema: {
          tags,
          operationId: 'cancelPurchaseOrder',
          summary: 'Cancel a purchase order (before full receipt)',
          params: IdParams,
          body: CancelBody,
          response: { 200: One },
        },
        config: { ...requireAbility('operations:edit-purchase-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.cancel(
              request.auth.tenantId,
              request.params.id,
              request.auth.user.id,
              request.body,
              ifMatch(request),
            ),
          ),
          'Purchase order cancelled successfully',
        ),
    );

    app.post(
      `${ONE}/record-invoice`,
      {
        schema: {
          tags,
          operationId: 'recordPurchaseOrderInvoice',
          summary: "Record the supplier's invoice of a received order",
          params: IdParams,
          body: RecordInvoiceBody,
          response: { 200: One },
        },
        config: { ...requireAbility('operations:edit-purchase-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.recordInvoice(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
          ),
          'Invoice recorded successfully',
        ),
    );

    app.post(
      `${ONE}/complete`,
      {
        schema: {
          tags,
          operationId: 'completePurchaseOrder',
          summary: 'Complete a received or invoiced order',
          params: IdParams,
          response: { 200: One },
        },
        config: { ...requireAbility('operations:edit-purchase-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(reply, await service.complete(request.auth.tenantId, request.params.id, ifMatch(request))),
          'Purchase order completed',
        ),
    );
  };
}
