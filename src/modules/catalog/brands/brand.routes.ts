import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { BulkResultSchema } from '../../../http/bulk.js';
import { ErrorBody, IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { sendExport } from '../../../http/files.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import type { Clock } from '../../../lib/clock.js';
import {
  BRAND_EXPORT_COLUMNS,
  BrandBulkBody,
  BrandCreateBody,
  BrandExportFile,
  BrandExportQuery,
  BrandListQuery,
  BrandResponse,
  BrandStatisticsResponse,
  BrandUpdateBody,
} from './brand.schemas.js';
import { brandResource, type BrandService } from './brand.service.js';
import type { AbilityName } from '../../auth/abilities.js';

const tags = ['Brands'];
const VIEW = 'operations:view-products';
const CREATE = 'operations:create-products';
const EDIT = 'operations:edit-products';
const DELETE = 'operations:delete-products';

const ExportFile = {
  description: 'The brands as a file (Content-Disposition: attachment).',
  content: {
    'text/csv': { schema: Type.String({ description: `Columns: ${BRAND_EXPORT_COLUMNS.join(', ')}.` }) },
    'application/json': {
      schema: BrandExportFile,
    },
  },
};

export function brandRoutes({ service, clock }: { service: BrandService; clock: Clock }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/brands',
      {
        schema: {
          tags,
          operationId: 'listBrands',
          summary: 'List brands',
          querystring: BrandListQuery,
          response: { 200: PaginatedSchema(BrandResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => {
        const { page, per_page, ...options } = request.query;
        const result = await service.list(request.auth.tenantId, options, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(brandResource) });
      },
    );

    app.post(
      '/operations/brands',
      {
        schema: {
          tags,
          operationId: 'createBrand',
          summary: 'Create a brand',
          body: BrandCreateBody,
          response: { 201: EnvelopeSchema(BrandResponse) },
        },
        config: { ...requireAbility(CREATE), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const brand = await service.create(request.auth.tenantId, request.body);
        return reply.code(201).send(ok(withETag(reply, brandResource(brand)), 'Brand created successfully'));
      },
    );

    app.get(
      '/operations/brands/statistics',
      {
        schema: {
          tags,
          operationId: 'getBrandStatistics',
          summary: 'Brand statistics',
          response: { 200: EnvelopeSchema(BrandStatisticsResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => ok(await service.statistics(request.auth.tenantId)),
    );

    app.get(
      '/operations/brands/export',
      {
        schema: {
          tags,
          operationId: 'exportBrands',
          summary: 'Export brands as CSV or JSON',
          querystring: BrandExportQuery,
          response: { 200: ExportFile },
        },
        config: requireAbility(VIEW),
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const rows = await service.exportRows(request.auth.tenantId, filters);
        return sendExport(reply, format, 'brands', BRAND_EXPORT_COLUMNS, rows, clock.now());
      },
    );

    const bulk = (
      path: string,
      operationId: string,
      summary: string,
      ability: AbilityName,
      run: (tenantId: string, ids: string[]) => ReturnType<BrandService['bulkRemove']>,
      message: string,
    ) =>
      app.post(
        `/operations/brands/${path}`,
        {
          schema: {
            tags,
            operationId,
            summary,
            body: BrandBulkBody,
            response: { 200: EnvelopeSchema(BulkResultSchema) },
          },
          config: { ...requireAbility(ability), audit: 'when-changed' },
        },
        async (request) => ok(await run(request.auth.tenantId, request.body.brand_ids), message),
      );
    bulk(
      'bulk-activate',
      'bulkActivateBrands',
      'Activate brands',
      EDIT,
      (tenantId, ids) => service.bulkSetActive(tenantId, ids, true),
      'Brands activated',
    );
    bulk(
      'bulk-deactivate',
      'bulkDeactivateBrands',
      'Deactivate brands',
      EDIT,
      (tenantId, ids) => service.bulkSetActive(tenantId, ids, false),
      'Brands deactivated',
    );
    bulk(
      'bulk-delete',
      'bulkDeleteBrands',
      'Delete brands without linked products',
      DELETE,
      (tenantId, ids) => service.bulkRemove(tenantId, ids),
      'Brands deleted',
    );

    app.get(
      '/operations/brands/:id',
      {
        schema: {
          tags,
          operationId: 'getBrand',
          summary: 'Get a brand',
          params: IdParams,
          response: { 200: EnvelopeSchema(BrandResponse) },
        },
        config: { ...requireAbility(VIEW), conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, brandResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: '/operations/brands/:id',
      schema: {
        tags,
        operationId: 'updateBrand',
        summary: 'Update a brand (partial)',
        params: IdParams,
        body: BrandUpdateBody,
        response: { 200: EnvelopeSchema(BrandResponse) },
      },
      config: { ...requireAbility(EDIT), conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            brandResource(
              await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
            ),
          ),
          'Brand updated successfully',
        ),
    });

    app.delete(
      '/operations/brands/:id',
      {
        schema: {
          tags,
          operationId: 'deleteBrand',
          summary: 'Delete a brand (soft)',
          description: 'Refused with 409 while live products are linked to the brand.',
          params: IdParams,
          response: {
            200: EnvelopeSchema(Type.Null()),
            409: { ...ErrorBody, description: 'Products are linked to the brand.' },
          },
        },
        config: { ...requireAbility(DELETE), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Brand deleted successfully');
      },
    );
  };
}
