// Auto-reorder route: drafts purchase orders for stock at or below its reorder point.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import type { PurchaseOrderReorders } from './purchase-order.reorders.js';
import { PurchaseOrderResponse } from './purchase-order.schemas.js';

const tags = ['Purchase orders'];

const ReordersResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Array(PurchaseOrderResponse),
  count: Type.Integer(),
});

/** POST /operations/purchase-orders/generate-reorders, relative to the API prefix. */
export function purchaseOrderReorderRoutes({
  reorders,
}: {
  reorders: PurchaseOrderReorders;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/operations/purchase-orders/generate-reorders',
      {
        schema: {
          tags,
          operationId: 'generateReorderPurchaseOrders',
          summary: 'Draft one purchase order per supplier for stock at or below its reorder point',
          response: { 200: ReordersResponse },
        },
        config: { ...requireAbility('operations:create-purchase-orders'), audit: 'when-changed' },
      },
      async (request) => {
        const orders = await reorders.generate(request.auth.tenantId, request.auth.user.id);
        const message =
          orders.length === 0 ? 'No reorders needed' : `${orders.length} reorder purchase order(s) generated`;
        return { success: true as const, message, data: orders, count: orders.length };
      },
    );
  };
}
