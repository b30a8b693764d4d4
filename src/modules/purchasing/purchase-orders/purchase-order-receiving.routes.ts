// Routes for receiving goods against a purchase order and reading its receipts, registered beside the order routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import { ReceiptListQuery, ReceiptResponse, ReceiveBody, ReceiveResponse } from './purchase-order-receiving.schemas.js';
import type { PurchaseOrderReceivingService } from './purchase-order-receiving.service.js';

/** POST /operations/purchase-orders/:id/receive and GET …/:id/receipts, relative to the API prefix. */
export function purchaseOrderReceivingRoutes({
  service,
}: {
  service: PurchaseOrderReceivingService;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/operations/purchase-orders/:id/receive',
      {
        schema: {
          tags: ['Purchase orders'],
          operationId: 'receivePurchaseOrder',
          summary: 'Receive goods (listed lines, or every pending quantity when none are listed)',
          params: IdParams,
          body: ReceiveBody,
          response: { 200: EnvelopeSchema(ReceiveResponse) },
        },
        config: {
          ...requireAbility('operations:receive-goods-purchase-orders'),
          conditional: 'write',
          audit: 'recorded',
        },
      },
      async (request, reply) => {
        const received = await service.receive(
          request.auth.tenantId,
          request.params.id,
          request.auth.user.id,
          request.body,
          ifMatch(request),
        );
        return ok(
          withETag(reply, received, 'receipt_id', 'total_received_percentage', 'awaiting_items', 'inventory_updated'),
          'Goods received successfully',
        );
      },
    );

    app.get(
      '/operations/purchase-orders/:id/receipts',
      {
        schema: {
          tags: ['Purchase orders'],
          operationId: 'listPurchaseOrderReceipts',
          summary: "The order's receipts, newest first: who received what, when, with quality checks and notes",
          description:
            "One entry per receipt (`POST …/receive`), partial or final, with its lines. Another tenant's order: 404.",
          params: IdParams,
          querystring: ReceiptListQuery,
          response: { 200: PaginatedSchema(ReceiptResponse) },
        },
        config: requireAbility('operations:view-purchase-orders'),
      },
      async (request) => {
        const { page, per_page } = request.query;
        return paginated(
          request,
          { page, per_page },
          await service.receipts(request.auth.tenantId, request.params.id, { page, per_page }),
        );
      },
    );
  };
}
