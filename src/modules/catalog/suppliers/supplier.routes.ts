import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  SupplierCreateBody,
  SupplierListQuery,
  SupplierPerformanceResponse,
  SupplierRateBody,
  SupplierRatingResponse,
  SupplierResponse,
  SupplierSuspendBody,
  SupplierUpdateBody,
} from './supplier.schemas.js';
import { supplierResource, type SupplierService } from './supplier.service.js';

const tags = ['Suppliers'];
const BASE = '/operations/suppliers';
const ONE = `${BASE}/:id`;

/** The suppliers routes, relative to the API prefix. */
export function supplierRoutes({ service }: { service: SupplierService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listSuppliers',
          summary: 'List suppliers',
          querystring: SupplierListQuery,
          response: { 200: PaginatedSchema(SupplierResponse) },
        },
        config: requireAbility('operations:view-suppliers'),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(supplierResource) });
      },
    );

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'createSupplier',
          summary: 'Create a supplier (status inactive)',
          body: SupplierCreateBody,
          response: { 201: EnvelopeSchema(SupplierResponse) },
        },
        config: { ...requireAbility('operations:create-suppliers'), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const supplier = await service.create(request.auth.tenantId, request.body);
        return reply.code(201).send(ok(withETag(reply, supplierResource(supplier)), 'Supplier created successfully'));
      },
    );

    app.get(
      ONE,
      {
        schema: {
          tags,
          operationId: 'getSupplier',
          summary: 'Get a supplier',
          params: IdParams,
          response: { 200: EnvelopeSchema(SupplierResponse) },
        },
        config: { ...requireAbility('operations:view-suppliers'), conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, supplierResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: ONE,
      schema: {
        tags,
        operationId: 'updateSupplier',
        summary: 'Update a supplier (partial)',
        params: IdParams,
        body: SupplierUpdateBody,
        response: { 200: EnvelopeSchema(SupplierResponse) },
      },
      config: { ...requireAbility('operations:edit-suppliers'), conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            supplierResource(
              await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
            ),
          ),
          'Supplier updated successfully',
        ),
    });

    app.delete(
      ONE,
      {
        schema: {
          tags,
          operationId: 'deleteSupplier',
          summary: 'Delete a supplier (soft delete)',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Null()) },
        },
        config: { ...requireAbility('operations:delete-suppliers'), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Supplier deleted successfully');
      },
    );

    app.post(
      `${ONE}/activate`,
      {
        schema: {
          tags,
          operationId: 'activateSupplier',
          summary: 'Activate a supplier (from inactive or suspended)',
          params: IdParams,
          response: { 200: EnvelopeSchema(SupplierResponse) },
        },
        config: { ...requireAbility('operations:edit-suppliers'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            supplierResource(await service.activate(request.auth.tenantId, request.params.id, ifMatch(request))),
          ),
          'Supplier activated successfully',
        ),
    );

    app.post(
      `${ONE}/deactivate`,
      {
        schema: {
          tags,
          operationId: 'deactivateSupplier',
          summary: 'Deactivate a supplier (from active)',
          params: IdParams,
          response: { 200: EnvelopeSchema(SupplierResponse) },
        },
        config: { ...requireAbility('operations:edit-suppliers'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            supplierResource(await service.deactivate(request.auth.tenantId, request.params.id, ifMatch(request))),
          ),
          'Supplier deactivated successfully',
        ),
    );

    app.post(
      `${ONE}/suspend`,
      {
        schema: {
          tags,
          operationId: 'suspendSupplier',
          summary: 'Suspend a supplier (from any status but blacklisted)',
          params: IdParams,
          body: SupplierSuspendBody,
          response: { 200: EnvelopeSchema(SupplierResponse) },
        },
        config: { ...requireAbility('operations:edit-suppliers'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            supplierResource(
              await service.suspend(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
            ),
          ),
          'Supplier suspended successfully',
        ),
    );

    app.post(
      `${ONE}/rate`,
      {
        schema: {
          tags,
          operationId: 'rateSupplier',
          summary: 'Rate a supplier',
          params: IdParams,
          body: SupplierRateBody,
          response: { 200: EnvelopeSchema(SupplierRatingResponse) },
        },
        config: { ...requireAbility('operations:rate-suppliers'), conditional: 'guard', audit: 'recorded' },
      },
      async (request) =>
        ok(
          await service.rate(
            request.auth.tenantId,
            request.params.id,
            request.auth.user.id,
            request.body,
            ifMatch(request),
          ),
          'Supplier rated successfully',
        ),
    );

    app.get(
      `${ONE}/performance`,
      {
        schema: {
          tags,
          operationId: 'getSupplierPerformance',
          summary: "A supplier's performance, computed at request time",
          params: IdParams,
          response: { 200: EnvelopeSchema(SupplierPerformanceResponse) },
        },
        config: requireAbility('operations:view-suppliers'),
      },
      async (request) => ok(await service.performance(request.auth.tenantId, request.params.id)),
    );
  };
}
