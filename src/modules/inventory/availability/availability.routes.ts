// The availability of one product.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { AvailabilityQuery, AvailabilityResponse } from './availability.schemas.js';
import type { AvailabilityService } from './availability.service.js';

export function availabilityRoutes({ service }: { service: AvailabilityService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/inventory/availability',
      {
        schema: {
          tags: ['Inventory'],
          operationId: 'getProductAvailability',
          summary: 'Stock, goods due and backorders of a product per warehouse, and what is available to promise',
          description:
            'Per active warehouse: on hand, reserved, available, goods due on purchase orders placed with suppliers (approved, sent, acknowledged, partially received) with their expected dates, and available to promise once the backordered demand of sales orders is served. 404 for an unknown product.',
          querystring: AvailabilityQuery,
          response: { 200: EnvelopeSchema(AvailabilityResponse) },
        },
        config: requireAbility('operations:view-inventory'),
      },
      async (request) => ok(await service.ofProduct(request.auth.tenantId, request.query.product_id)),
    );
  };
}
