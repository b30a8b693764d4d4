// Routes of an order's returns: record one, and list them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import { ReturnCreateBody, ReturnListQuery, ReturnResponse } from './return.schemas.js';
import type { ReturnService } from './return.service.js';

const tags = ['Sales orders'];
const URL = '/sales/orders/:id/returns';

export function returnRoutes({ service }: { service: ReturnService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      URL,
      {
        schema: {
          tags,
          operationId: 'createSalesReturn',
          summary: 'Record a return of shipped goods, restocking the lines that say so',
          description:
            "For an order partially shipped, shipped or completed (else 422 `invalid_transition`). Each line's quantity, with the request's other entries of the same line, is at most what shipped and has not come back (else 422 under `lines.<n>.quantity`, naming the line). Lines with `restock` put their units back into `warehouse_id` with a `return` stock movement; the others are recorded only. Another tenant's order: 404.",
          params: IdParams,
          body: ReturnCreateBody,
          response: { 201: EnvelopeSchema(ReturnResponse) },
        },
        config: { ...requireAbility('sales:edit-orders'), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const created = await service.create(
          request.auth.tenantId,
          request.params.id,
          request.auth.user.id,
          request.body,
        );
        return reply.code(201).send(ok(withETag(reply, created), 'Return recorded successfully'));
      },
    );

    app.get(
      URL,
      {
        schema: {
          tags,
          operationId: 'listSalesReturns',
          summary: "The order's returns, oldest first, with their lines",
          params: IdParams,
          querystring: ReturnListQuery,
          response: { 200: PaginatedSchema(ReturnResponse) },
        },
        config: requireAbility('sales:view-orders'),
      },
      async (request) => {
        const { page, per_page } = request.query;
        return paginated(
          request,
          { page, per_page },
          await service.ofOrder(request.auth.tenantId, request.params.id, { page, per_page }),
        );
      },
    );
  };
}
