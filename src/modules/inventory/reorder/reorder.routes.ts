// Routes of reorder settings, the low-stock list and the reorder report.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  LowStockItem,
  LowStockQuery,
  ReorderReportQuery,
  ReorderReportResponse,
  ReorderSettingsBody,
  ReorderSettingsResponse,
} from './reorder.schemas.js';
import type { ReorderService } from './reorder.service.js';

const tags = ['Inventory'];

export function reorderRoutes({ service }: { service: ReorderService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.put(
      '/operations/inventory/reorder-settings',
      {
        schema: {
          tags,
          operationId: 'setReorderSettings',
          summary: 'Set the reorder point and quantity of a product in a warehouse',
          description:
            'Both null (or omitted) disable reordering for the record. `warnings` lists advice such as a reorder quantity not above the reorder point.',
          body: ReorderSettingsBody,
          response: { 200: EnvelopeSchema(ReorderSettingsResponse) },
        },
        config: { ...requireAbility('operations:manage-inventory'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.updateSettings(request.auth.tenantId, request.body, ifMatch(request)),
            'warnings',
          ),
          'Reorder settings updated successfully',
        ),
    );

    app.get(
      '/operations/inventory/low-stock',
      {
        schema: {
          tags,
          operationId: 'listLowStock',
          summary: 'Records at or below their reorder point, most urgent first',
          description:
            'Paged. Most urgent first: by `quantity_available / max(reorder_point, 1)` (which orders the urgency bands too), then record. `meta.total` counts the records low on stock as every list counts (exact up to 10,000, then `total_is_capped`).',
          querystring: LowStockQuery,
          response: { 200: PaginatedSchema(LowStockItem) },
        },
        config: requireAbility('operations:view-inventory'),
      },
      async (request) => {
        const { page, per_page } = request.query;
        return paginated(
          request,
          { page, per_page },
          await service.lowStock(request.auth.tenantId, { page, per_page }),
        );
      },
    );

    app.get(
      '/operations/inventory/reorder-report',
      {
        schema: {
          tags,
          operationId: 'getReorderReport',
          summary: 'What to reorder, with usage and a summary',
          description:
            "Paged, most urgent first in the low-stock list's order. `warehouse_id` keeps the lines of one warehouse, `supplier_id` those of the products it supplies; `summary` and `meta.total` cover every line the filters keep, not only the page.",
          querystring: ReorderReportQuery,
          response: { 200: ReorderReportResponse },
        },
        config: requireAbility('operations:view-inventory'),
      },
      async (request) => {
        const { page, per_page, warehouse_id, supplier_id } = request.query;
        const { summary, ...lines } = await service.report(
          request.auth.tenantId,
          { page, per_page },
          { warehouseId: warehouse_id, supplierId: supplier_id },
        );
        return { ...paginated(request, { page, per_page }, lines), summary };
      },
    );
  };
}
