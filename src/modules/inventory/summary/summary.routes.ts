// The inventory summary endpoint.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { InventorySummaryResponse } from './summary.schemas.js';
import type { SummaryService } from './summary.service.js';

export function summaryRoutes({ service }: { service: SummaryService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/inventory/summary',
      {
        schema: {
          tags: ['Inventory'],
          operationId: 'getInventorySummary',
          summary: 'Stock value and product stock counts',
          description:
            "The dashboard's numbers: stock value in the tenant's default currency, the counts the product list answers with `low_stock=true` and `in_stock=false`, and the count of records the inventory list answers with `low_stock=true`.",
          response: { 200: EnvelopeSchema(InventorySummaryResponse) },
        },
        config: requireAbility('operations:view-inventory'),
      },
      async (request) => ok(await service.summary(request.auth.tenantId)),
    );
  };
}
