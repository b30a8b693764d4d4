import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { BulkResultSchema } from '../../../http/bulk.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, MessageSchema, ok } from '../../../http/envelope.js';
import { sendExport } from '../../../http/files.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import type { Clock } from '../../../lib/clock.js';
import {
  TAG_EXPORT_COLUMNS,
  TagBulkBody,
  TagCreateBody,
  TagExportBody,
  TagExportFile,
  TagListQuery,
  TagMergeBody,
  TagMergeResponse,
  TagResponse,
  TagStatisticsResponse,
  TagUpdateBody,
} from './tag.schemas.js';
import { tagResource, type TagService } from './tag.service.js';
import type { AbilityName } from '../../auth/abilities.js';

const tags = ['Tags'];
const BASE = '/operations/tags';

const VIEW = 'operations:view-products';
const CREATE = 'operations:create-products';
const EDIT = 'operations:edit-products';
const DELETE = 'operations:delete-products';

const ExportFile = {
  description: 'The file, named in Content-Disposition.',
  content: {
    'text/csv': { schema: Type.String({ description: `CSV with a header row: ${TAG_EXPORT_COLUMNS.join(', ')}.` }) },
    'application/json': {
      schema: TagExportFile,
    },
  },
};

export function tagRoutes({ service, clock }: { service: TagService; clock: Clock }): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Static paths: find-my-way matches them before `/:id` whatever the registration order.
    app.get(
      `${BASE}/statistics`,
      {
        schema: {
          tags,
          operationId: 'getTagStatistics',
          summary: 'Tag statistics',
          response: { 200: EnvelopeSchema(TagStatisticsResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => ok(await service.statistics(request.auth.tenantId)),
    );

    app.post(
      `${BASE}/export`,
      {
        schema: {
          tags,
          operationId: 'exportTags',
          summary: 'Export tags as CSV or JSON',
          body: TagExportBody,
          response: { 200: ExportFile },
        },
        config: { ...requireAbility(VIEW), audit: { exempt: 'an export: a read, sent as POST for its format' } },
      },
      async (request, reply) => {
        const rows = await service.exportRows(request.auth.tenantId);
        return sendExport(reply, request.body.format ?? 'csv', 'tags', TAG_EXPORT_COLUMNS, rows, clock.now());
      },
    );

    app.post(
      `${BASE}/merge`,
      {
        schema: {
          tags,
          operationId: 'mergeTags',
          summary: 'Merge tags into a target',
          description:
            'Moves the product links of the sources to the target (no duplicate links), then deletes the sources; one transaction.',
          body: TagMergeBody,
          response: { 200: EnvelopeSchema(TagMergeResponse) },
        },
        config: { ...requireAbility(EDIT), audit: 'recorded' },
      },
      async (request) => ok(await service.merge(request.auth.tenantId, request.body), 'Tags merged successfully'),
    );

    const bulk = (
      path: string,
      operationId: string,
      summary: string,
      ability: AbilityName,
      run: (tenantId: string, ids: string[]) => ReturnType<TagService['bulkRemove']>,
    ) =>
      app.post(
        `${BASE}/${path}`,
        {
          schema: {
            tags,
            operationId,
            summary,
            body: TagBulkBody,
            response: { 200: EnvelopeSchema(BulkResultSchema) },
          },
          config: { ...requireAbility(ability), audit: 'when-changed' },
        },
        async (request) => ok(await run(request.auth.tenantId, request.body.tag_ids)),
      );
    bulk('bulk-activate', 'bulkActivateTags', 'Activate many tags', EDIT, (tenantId, ids) =>
      service.bulkSetActive(tenantId, ids, true),
    );
    bulk('bulk-deactivate', 'bulkDeactivateTags', 'Deactivate many tags', EDIT, (tenantId, ids) =>
      service.bulkSetActive(tenantId, ids, false),
    );
    bulk('bulk-delete', 'bulkDeleteTags', 'Delete many tags with their product links', DELETE, (tenantId, ids) =>
      service.bulkRemove(tenantId, ids),
    );

    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listTags',
          summary: 'List tags',
          querystring: TagListQuery,
          response: { 200: PaginatedSchema(TagResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(tagResource) });
      },
    );

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'createTag',
          summary: 'Create a tag',
          body: TagCreateBody,
          response: { 201: EnvelopeSchema(TagResponse) },
        },
        config: { ...requireAbility(CREATE), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const tag = await service.create(request.auth.tenantId, request.body);
        return reply.code(201).send(ok(withETag(reply, tagResource(tag)), 'Tag created successfully'));
      },
    );

    app.get(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          operationId: 'getTag',
          summary: 'Get a tag',
          params: IdParams,
          response: { 200: EnvelopeSchema(TagResponse) },
        },
        config: { ...requireAbility(VIEW), conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, tagResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: `${BASE}/:id`,
      schema: {
        tags,
        operationId: 'updateTag',
        summary: 'Update a tag (partial)',
        params: IdParams,
        body: TagUpdateBody,
        response: { 200: EnvelopeSchema(TagResponse) },
      },
      config: { ...requireAbility(EDIT), conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            tagResource(await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request))),
          ),
          'Tag updated successfully',
        ),
    });

    app.delete(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          operationId: 'deleteTag',
          summary: 'Delete a tag and its product links',
          params: IdParams,
          response: { 200: MessageSchema },
        },
        config: { ...requireAbility(DELETE), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return { success: true, message: 'Tag deleted successfully' };
      },
    );
  };
}
