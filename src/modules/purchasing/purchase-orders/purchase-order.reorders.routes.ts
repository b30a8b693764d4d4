// Auto-reorder route: drafts purchase orders for stock at or below its reorder point.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Ulid } from '../../../http/common-schemas.js';
import { withExample } from '../../../http/named-schemas.js';
import { requireAbility } from '../../../http/authentication.js';
import type { PurchaseOrderReorders } from './purchase-order.reorders.js';
import { PurchaseOrderResponse } from './purchase-order.schemas.js';

const tags = ['Purchase orders'];

/** Lines one request may order: enough for a buyer's selection, bounded like the bulk endpoints. */
const MAX_REORDER_LINES = 500;

const ReorderLine = Type.Object(
  {
    product_id: Ulid,
    warehouse_id: Ulid,
    quantity: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Units to order.' }),
  },
  { additionalProperties: false },
);

const ReordersBody = Type.Object(
  {
    lines: Type.Optional(
      Type.Array(ReorderLine, {
        minItems: 1,
        maxItems: MAX_REORDER_LINES,
        description: `Lines of the reorder report to order, at these quantities (at most ${MAX_REORDER_LINES}); every line short of stock when absent.`,
      }),
    ),
  },
  { additionalProperties: false },
);
withExample(ReordersBody, {
  lines: [{ product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w', warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x', quantity: 40 }],
});

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
          description:
            'Without a body (or without `lines`), every product short in some warehouse and on no open order, at its reorder quantity, skipping suppliers that cannot take orders. With `lines`, exactly those lines of the reorder report at the quantities given; a line not on the report, chosen twice, without a preferred supplier or with one that cannot take orders is a 422 at that line, and nothing is created.',
          body: ReordersBody,
          response: { 200: ReordersResponse },
        },
        config: { ...requireAbility('operations:create-purchase-orders'), audit: 'when-changed' },
      },
      async (request) => {
        const orders = await reorders.generate(request.auth.tenantId, request.auth.user.id, request.body.lines);
        const message =
          orders.length === 0 ? 'No reorders needed' : `${orders.length} reorder purchase order(s) generated`;
        return { success: true as const, message, data: orders, count: orders.length };
      },
    );
  };
}
