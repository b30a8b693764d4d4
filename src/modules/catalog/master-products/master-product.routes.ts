// Master product routes: bearer tokens only (a session gets 401), products abilities.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedUnderMetaSchema, paginatedUnderMeta } from '../../../http/pagination.js';
import {
  MasterProductCreateBody,
  MasterProductGetQuery,
  MasterProductListQuery,
  MasterProductResponse,
  MasterProductUpdateBody,
} from './master-product.schemas.js';
import type { MasterProductService } from './master-product.service.js';
import type { AbilityName } from '../../auth/abilities.js';

const tags = ['Master products'];
const bearerOnly = (ability: AbilityName) => requireAbility(ability, { auth: 'bearer' });
const VIEW = bearerOnly('operations:view-products');
const CREATE = bearerOnly('operations:create-products');
const EDIT = bearerOnly('operations:edit-products');
const DELETE = bearerOnly('operations:delete-products');

export function masterProductRoutes({ service }: { service: MasterProductService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/master-products',
      {
        schema: {
          tags,
          operationId: 'listMasterProducts',
          summary: 'List master products',
          description:
            'Live master products of the tenant, newest first by default; pagination under `meta.pagination`. Bearer token only.',
          querystring: MasterProductListQuery,
          response: { 200: PaginatedUnderMetaSchema(MasterProductResponse) },
        },
        config: VIEW,
      },
      async (request) => {
        const { page, per_page, ...query } = request.query;
        return paginatedUnderMeta(
          { page, per_page },
          await service.list(request.auth.tenantId, query, { page, per_page }),
        );
      },
    );

    app.post(
      '/operations/master-products',
      {
        schema: {
          tags,
          operationId: 'createMasterProduct',
          summary: 'Create a master product',
          description: 'Bearer token only.',
          body: MasterProductCreateBody,
          response: { 201: EnvelopeSchema(MasterProductResponse) },
        },
        config: { ...CREATE, conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            ok(
              withETag(reply, await service.create(request.auth.tenantId, request.body)),
              'Master product created successfully',
            ),
          ),
    );

    app.get(
      '/operations/master-products/:id',
      {
        schema: {
          tags,
          operationId: 'getMasterProduct',
          summary: 'Get a master product',
          description: 'Bearer token only.',
          params: IdParams,
          querystring: MasterProductGetQuery,
          response: { 200: EnvelopeSchema(MasterProductResponse) },
        },
        config: { ...VIEW, conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id, request.query.include))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: '/operations/master-products/:id',
      schema: {
        tags,
        operationId: 'updateMasterProduct',
        summary: 'Update a master product (partial)',
        description:
          'Changing the variant configuration while live variants exist needs `regenerate_variants: true`. Bearer token only.',
        params: IdParams,
        body: MasterProductUpdateBody,
        response: { 200: EnvelopeSchema(MasterProductResponse) },
      },
      config: { ...EDIT, conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.update(
              request.auth.tenantId,
              request.params.id,
              request.body,
              request.auth.user.id,
              ifMatch(request),
            ),
          ),
          'Master product updated successfully',
        ),
    });

    app.delete(
      '/operations/master-products/:id',
      {
        schema: {
          tags,
          operationId: 'deleteMasterProduct',
          summary: 'Delete a master product (soft) and its variants',
          description: 'Refused with 422 while any variant holds stock on hand or reserved. Bearer token only.',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Null()) },
        },
        config: { ...DELETE, conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, request.auth.user.id, ifMatch(request));
        return ok(null, 'Master product deleted successfully');
      },
    );
  };
}
