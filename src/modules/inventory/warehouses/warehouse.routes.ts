import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { ErrorBody, IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  WarehouseCreateBody,
  WarehouseListQuery,
  WarehouseResponse,
  WarehouseUpdateBody,
} from './warehouse.schemas.js';
import { warehouseResource, type WarehouseService } from './warehouse.service.js';

const tags = ['Warehouses'];

export function warehouseRoutes({ service }: { service: WarehouseService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/warehouses',
      {
        schema: {
          tags,
          operationId: 'listWarehouses',
          summary: 'List warehouses',
          querystring: WarehouseListQuery,
          response: { 200: PaginatedSchema(WarehouseResponse) },
        },
        config: requireAbility('operations:view-inventory'),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(warehouseResource) });
      },
    );

    app.post(
      '/operations/warehouses',
      {
        schema: {
          tags,
          operationId: 'createWarehouse',
          summary: 'Create a warehouse',
          body: WarehouseCreateBody,
          response: { 201: EnvelopeSchema(WarehouseResponse) },
        },
        config: { ...requireAbility('operations:manage-inventory'), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const warehouse = await service.create(request.auth.tenantId, request.body);
        return reply
          .code(201)
          .send(ok(withETag(reply, warehouseResource(warehouse)), 'Warehouse created successfully'));
      },
    );

    app.get(
      '/operations/warehouses/:id',
      {
        schema: {
          tags,
          operationId: 'getWarehouse',
          summary: 'Get a warehouse',
          params: IdParams,
          response: { 200: EnvelopeSchema(WarehouseResponse) },
        },
        config: { ...requireAbility('operations:view-inventory'), conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, warehouseResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: '/operations/warehouses/:id',
      schema: {
        tags,
        operationId: 'updateWarehouse',
        summary: 'Update a warehouse (partial)',
        params: IdParams,
        body: WarehouseUpdateBody,
        response: { 200: EnvelopeSchema(WarehouseResponse) },
      },
      config: { ...requireAbility('operations:manage-inventory'), conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            warehouseResource(
              await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
            ),
          ),
          'Warehouse updated successfully',
        ),
    });

    app.delete(
      '/operations/warehouses/:id',
      {
        schema: {
          tags,
          operationId: 'deleteWarehouse',
          summary: 'Delete a warehouse (soft)',
          description:
            'Refused with 422 for the default warehouse and while any of its records has stock on hand or reserved.',
          params: IdParams,
          response: {
            200: EnvelopeSchema(Type.Null()),
            422: { ...ErrorBody, description: 'The default warehouse, or stock is held.' },
          },
        },
        config: { ...requireAbility('operations:manage-inventory'), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Warehouse deleted successfully');
      },
    );
  };
}
