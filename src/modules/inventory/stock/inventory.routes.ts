// Inventory record endpoints: adjust, reserve, release, list, detail and the ledger reconciliation.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  AdjustBody,
  ChangedRecordResponse,
  InventoryListQuery,
  InventoryRecordResponse,
  ReconcileResponse,
  ReleaseBody,
  ReleasedRecordResponse,
  ReserveBody,
  ReservedRecordResponse,
} from './inventory.schemas.js';
import type { StockService } from './stock.service.js';

const tags = ['Inventory'];
const VIEW = 'operations:view-inventory';

export function stockRoutes({ service }: { service: StockService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/operations/inventory/adjust',
      {
        schema: {
          tags,
          operationId: 'adjustInventory',
          summary: 'Adjust on-hand stock',
          description:
            'One `adjustment` movement; 422 `Stock cannot be negative. Current: <n>, Adjustment: <n>` below zero or below reserved.',
          body: AdjustBody,
          response: { 200: EnvelopeSchema(ChangedRecordResponse) },
        },
        config: { ...requireAbility('operations:adjust-stock'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.adjust(request.auth.tenantId, request.auth.user.id, request.body, ifMatch(request)),
            'movement',
          ),
          'Stock adjusted successfully',
        ),
    );

    app.post(
      '/operations/inventory/reserve',
      {
        schema: {
          tags,
          operationId: 'reserveInventory',
          summary: 'Reserve available stock',
          description:
            'Opens one active manual reservation, answered with the record; 422 `Insufficient available stock. Available: <n>, Requested: <n>` when less is available.',
          body: ReserveBody,
          response: { 200: EnvelopeSchema(ReservedRecordResponse) },
        },
        config: { ...requireAbility('operations:reserve-stock'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.reserveStock(request.auth.tenantId, request.auth.user.id, request.body, ifMatch(request)),
            'movement',
            'reservation',
          ),
          'Stock reserved successfully',
        ),
    );

    app.post(
      '/operations/inventory/release',
      {
        schema: {
          tags,
          operationId: 'releaseInventory',
          summary: 'Release reserved stock',
          description:
            "Releases the reservation named by `reservation_id`, else manual reservations oldest first; answers the record and the reservations released from. 422 `Cannot release more than is reserved. Reserved: <n>, Requested: <n>`; 409 `reservation_held_by_order` for an order line's reservation.",
          body: ReleaseBody,
          response: { 200: EnvelopeSchema(ReleasedRecordResponse) },
        },
        config: { ...requireAbility('operations:release-stock'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.releaseStock(request.auth.tenantId, request.auth.user.id, request.body, ifMatch(request)),
            'movement',
            'reservations',
          ),
          'Stock released successfully',
        ),
    );

    app.get(
      '/operations/inventory',
      {
        schema: {
          tags,
          operationId: 'listInventory',
          summary: 'List inventory records',
          querystring: InventoryListQuery,
          response: { 200: PaginatedSchema(InventoryRecordResponse) },
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
      '/operations/inventory/reconcile',
      {
        schema: {
          tags,
          operationId: 'reconcileInventory',
          summary: 'Records that differ from their movement sums',
          description:
            'Every record whose on hand differs from the sum of its on-hand movements, or whose reserved differs from the sum of its reservation and release movements or from the sum of its active reservations (`data`); every product, warehouse and day whose kept daily usage differs from the sum of its usage movements (`daily_usage`), or whose kept units in and out differ from its on-hand movements (`daily_flow`); and every record whose fields kept for the reports differ from its reorder point and its product (`report_state`). All empty while the ledger holds.',
          response: { 200: ReconcileResponse },
        },
        config: requireAbility(VIEW),
      },
      async (request) => {
        const { records, ...kept } = await service.reconcile(request.auth.tenantId);
        return { ...ok(records), ...kept };
      },
    );

    app.get(
      '/operations/inventory/:id',
      {
        schema: {
          tags,
          operationId: 'getInventoryRecord',
          summary: 'Get an inventory record',
          params: IdParams,
          response: { 200: EnvelopeSchema(InventoryRecordResponse) },
        },
        config: { ...requireAbility(VIEW), conditional: 'read' },
      },
      async (request, reply) => ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id))),
    );
  };
}
