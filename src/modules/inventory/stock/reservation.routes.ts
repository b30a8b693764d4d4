// Stock reservation reads: the list with its filters, and one reservation.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import { ReservationListQuery, ReservationResponse } from './reservation.schemas.js';
import type { ReservationService } from './reservation.service.js';

const tags = ['Inventory'];
const VIEW = 'operations:view-inventory';

export function reservationRoutes({ service }: { service: ReservationService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/reservations',
      {
        schema: {
          tags,
          operationId: 'listReservations',
          summary: 'List stock reservations, newest first',
          querystring: ReservationListQuery,
          response: { 200: PaginatedSchema(ReservationResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        return paginated(
          request,
          { page, per_page },
          await service.list(request.auth.tenantId, filters, { page, per_page }),
        );
      },
    );

    app.get(
      '/operations/reservations/:id',
      {
        schema: {
          tags,
          operationId: 'getReservation',
          summary: 'Get a stock reservation',
          params: IdParams,
          response: { 200: EnvelopeSchema(ReservationResponse) },
        },
        config: { ...requireAbility(VIEW), conditional: 'read' },
      },
      async (request, reply) => ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id))),
    );
  };
}
