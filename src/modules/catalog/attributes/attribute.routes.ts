import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  AttributeCreateBody,
  AttributeListQuery,
  AttributeResponse,
  AttributeStatisticsResponse,
  AttributeTypeResponse,
  AttributeUpdateBody,
} from './attribute.schemas.js';
import { attributeResource, type AttributeService } from './attribute.service.js';

const tags = ['Attributes'];
const VIEW = 'operations:view-products';
const MANAGE = 'operations:manage-product-attributes';

export function attributeRoutes({ service }: { service: AttributeService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/attributes/types',
      {
        schema: {
          tags,
          operationId: 'listAttributeTypes',
          summary: 'List attribute types and their capabilities',
          response: { 200: EnvelopeSchema(Type.Array(AttributeTypeResponse)) },
        },
        config: requireAbility(VIEW),
      },
      async () => ok(service.types()),
    );

    app.get(
      '/operations/attributes/statistics',
      {
        schema: {
          tags,
          operationId: 'getAttributeStatistics',
          summary: 'Attribute statistics',
          response: { 200: EnvelopeSchema(AttributeStatisticsResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => ok(await service.statistics(request.auth.tenantId)),
    );

    app.get(
      '/operations/attributes',
      {
        schema: {
          tags,
          operationId: 'listAttributes',
          summary: 'List attribute definitions',
          description: 'Sorted by sort_order, then code, unless sort_by says otherwise.',
          querystring: AttributeListQuery,
          response: { 200: PaginatedSchema(AttributeResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(attributeResource) });
      },
    );

    app.post(
      '/operations/attributes',
      {
        schema: {
          tags,
          operationId: 'createAttribute',
          summary: 'Create an attribute definition',
          body: AttributeCreateBody,
          response: { 201: EnvelopeSchema(AttributeResponse) },
        },
        config: { ...requireAbility(MANAGE), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const attribute = await service.create(request.auth.tenantId, request.body);
        return reply
          .code(201)
          .send(ok(withETag(reply, attributeResource(attribute)), 'Attribute created successfully'));
      },
    );

    app.get(
      '/operations/attributes/:id',
      {
        schema: {
          tags,
          operationId: 'getAttribute',
          summary: 'Get an attribute definition',
          params: IdParams,
          response: { 200: EnvelopeSchema(AttributeResponse) },
        },
        config: { ...requireAbility(VIEW), conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, attributeResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: '/operations/attributes/:id',
      schema: {
        tags,
        operationId: 'updateAttribute',
        summary: 'Update an attribute definition (partial)',
        params: IdParams,
        body: AttributeUpdateBody,
        response: { 200: EnvelopeSchema(AttributeResponse) },
      },
      config: { ...requireAbility(MANAGE), conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            attributeResource(
              await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
            ),
          ),
          'Attribute updated successfully',
        ),
    });

    app.delete(
      '/operations/attributes/:id',
      {
        schema: {
          tags,
          operationId: 'deleteAttribute',
          summary: 'Delete an attribute definition (soft)',
          description:
            'Removes its product values too. Refused (422) for a required attribute that live products hold a value for.',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Null()) },
        },
        config: { ...requireAbility(MANAGE), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Attribute deleted successfully');
      },
    );
  };
}
