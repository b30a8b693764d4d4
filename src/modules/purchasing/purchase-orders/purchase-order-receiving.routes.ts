// Route for receiving goods against a purchase order, registered beside the order routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { ReceiveBody, ReceiveResponse } from './purchase-order-receiving.schemas.js';
import type { PurchaseOrderReceivingService } from './purchase-order-receiving.service.js';

/** POST /operations/purchase-orders/:id/receive, relative to the API prefix. */
export function purchaseOrderReceivingRoutes({ service }: { service: PurchaseOrderReceivingService }): FastifyPluginAsyncTypebox {
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
        config: { ...requireAbility('operations:receive-goods-purchase-orders'), conditional: 'write' },
      },
      async (request, reply) => {
        const received = await service.receive(request.auth.tenantId, request.params.id, request.auth.user.id, request.body, ifMatch(request));
        return ok(withETag(reply, received, 'receipt_id', 'total_received_percentage', 'awaiting_items', 'inventory_updated'), 'Goods received successfully');
      },
    );
  };
}
