// Routes of the stock-movement ledger's reads; static paths are matched before `/:id` by the router.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { keysetRequest } from '../../../core/keyset.js';
import { PaginatedOrKeysetSchema, keysetPaginated, paginated } from '../../../http/pagination.js';
import {
  MovementListQuery,
  MovementResponse,
  ProductHistoryParams,
  ProductHistoryQuery,
  ProductLevelsQuery,
  ProductLevelsResponse,
  WarehouseActivityQuery,
  WarehouseActivityResponse,
  WeeklyFlowQuery,
  WeeklyFlowResponse,
} from './movement.schemas.js';
import { MOVEMENT_ORDER, type MovementService } from './movement.service.js';

const tags = ['Stock movements'];
const VIEW = 'operations:view-inventory';

export function movementRoutes({ service }: { service: MovementService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/stock-movements',
      {
        schema: {
          tags,
          operationId: 'listStockMovements',
          summary: 'List stock movements, newest first',
          querystring: MovementListQuery,
          response: { 200: PaginatedOrKeysetSchema(MovementResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => {
        const { page, per_page, after, ...options } = request.query;
        if (after !== undefined) {
          const walk = keysetRequest(MOVEMENT_ORDER, { after, page, per_page });
          return keysetPaginated(request, per_page, await service.walk(request.auth.tenantId, options, walk));
        }
        return paginated(
          request,
          { page, per_page },
          await service.list(request.auth.tenantId, options, { page, per_page }),
        );
      },
    );

    app.get(
      '/operations/stock-movements/warehouse-activity',
      {
        schema: {
          tags,
          operationId: 'getWarehouseActivity',
          summary: "A warehouse's movements of the last days, with a summary",
          querystring: WarehouseActivityQuery,
          response: { 200: EnvelopeSchema(WarehouseActivityResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) =>
        ok(
          await service.warehouseActivity(
            request.auth.tenantId,
            request.query.warehouse_id || null,
            request.query.days,
          ),
        ),
    );

    app.get(
      '/operations/stock-movements/weekly-flow',
      {
        schema: {
          tags,
          operationId: 'getWeeklyStockFlow',
          summary: 'Units in and out of on-hand stock per week',
          description:
            'From the daily aggregate the stock ledger keeps with every movement: the units added to and taken from on-hand stock in each of the last `weeks` weeks (Monday to Sunday, UTC), in one warehouse or all. For a chart of stock coming in and going out.',
          querystring: WeeklyFlowQuery,
          response: { 200: EnvelopeSchema(WeeklyFlowResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) =>
        ok(await service.weeklyFlow(request.auth.tenantId, request.query.weeks, request.query.warehouse_id || null)),
    );

    app.get(
      '/operations/stock-movements/product/:productId/history',
      {
        schema: {
          tags,
          operationId: 'getProductStockHistory',
          summary: "A product's newest movements over every warehouse",
          params: ProductHistoryParams,
          querystring: ProductHistoryQuery,
          response: { 200: EnvelopeSchema(Type.Array(MovementResponse)) },
        },
        config: requireAbility(VIEW),
      },
      async (request) =>
        ok(await service.productHistory(request.auth.tenantId, request.params.productId, request.query.limit)),
    );

    app.get(
      '/operations/stock-movements/product/:productId/levels',
      {
        schema: {
          tags,
          operationId: 'getProductStockLevels',
          summary: "A product's on-hand stock per day, per warehouse and in total",
          description:
            'From the ledger: the level at the end of each of the last `days` UTC days (today: now), a day without an on-hand movement keeping the level before it. For a chart of stock over time.',
          params: ProductHistoryParams,
          querystring: ProductLevelsQuery,
          response: { 200: EnvelopeSchema(ProductLevelsResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) =>
        ok(await service.productLevels(request.auth.tenantId, request.params.productId, request.query.days)),
    );

    app.get(
      '/operations/stock-movements/:id',
      {
        schema: {
          tags,
          operationId: 'getStockMovement',
          summary: 'Get a stock movement',
          params: IdParams,
          response: { 200: EnvelopeSchema(MovementResponse) },
        },
        config: { ...requireAbility(VIEW), conditional: 'read' },
      },
      async (request, reply) => ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id))),
    );
  };
}
