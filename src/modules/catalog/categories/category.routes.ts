import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { BulkResultSchema } from '../../../http/bulk.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import {
  BreadcrumbResponse,
  BulkStatusBody,
  CategoryCreateBody,
  CategoryListQuery,
  CategoryResponse,
  CategoryTreeNode,
  CategoryUpdateBody,
  MoveBody,
  ReorderBody,
  ReorderResponse,
} from './category.schemas.js';
import { categoryResource, type CategoryService } from './category.service.js';

const tags = ['Product categories'];
const BASE = '/operations/product-categories';
const VIEW = 'operations:view-products';
const MANAGE = 'operations:manage-product-categories';

export function categoryRoutes({ service }: { service: CategoryService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listCategories',
          summary: 'List product categories (flat, paged)',
          querystring: CategoryListQuery,
          response: { 200: PaginatedSchema(CategoryResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => {
        const { page, per_page, parent_id, ...filters } = request.query;
        const parent = parent_id === undefined ? undefined : parent_id === 'null' ? null : parent_id;
        const result = await service.list(request.auth.tenantId, { ...filters, parent_id: parent }, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(categoryResource) });
      },
    );

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'createCategory',
          summary: 'Create a product category',
          body: CategoryCreateBody,
          response: { 201: EnvelopeSchema(CategoryResponse) },
        },
        config: { ...requireAbility(MANAGE), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const category = await service.create(request.auth.tenantId, request.body);
        return reply.code(201).send(ok(withETag(reply, categoryResource(category)), 'Category created successfully'));
      },
    );

    app.get(
      `${BASE}/tree`,
      {
        schema: {
          tags,
          operationId: 'getCategoryTree',
          summary: 'The category tree (nested children)',
          response: { 200: EnvelopeSchema(Type.Array(CategoryTreeNode)) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => ok(await service.tree(request.auth.tenantId)),
    );

    app.post(
      `${BASE}/reorder`,
      {
        schema: {
          tags,
          operationId: 'reorderCategories',
          summary: 'Set the sort order of sibling categories',
          body: ReorderBody,
          response: { 200: EnvelopeSchema(ReorderResponse) },
        },
        config: { ...requireAbility(MANAGE), audit: 'when-changed' },
      },
      async (request) =>
        ok(
          { reordered: await service.reorder(request.auth.tenantId, request.body) },
          'Categories reordered successfully',
        ),
    );

    app.post(
      `${BASE}/bulk-status`,
      {
        schema: {
          tags,
          operationId: 'bulkSetCategoryStatus',
          summary: 'Activate or deactivate many categories',
          body: BulkStatusBody,
          response: { 200: EnvelopeSchema(BulkResultSchema) },
        },
        config: { ...requireAbility(MANAGE), audit: 'when-changed' },
      },
      async (request) => ok(await service.bulkStatus(request.auth.tenantId, request.body), 'Category status updated'),
    );

    app.get(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          operationId: 'getCategory',
          summary: 'Get a product category',
          params: IdParams,
          response: { 200: EnvelopeSchema(CategoryResponse) },
        },
        config: { ...requireAbility(VIEW), conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, categoryResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: `${BASE}/:id`,
      schema: {
        tags,
        operationId: 'updateCategory',
        summary: 'Update a product category (partial; the parent changes through move)',
        params: IdParams,
        body: CategoryUpdateBody,
        response: { 200: EnvelopeSchema(CategoryResponse) },
      },
      config: { ...requireAbility(MANAGE), conditional: 'write', audit: 'recorded' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            categoryResource(
              await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
            ),
          ),
          'Category updated successfully',
        ),
    });

    app.delete(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          operationId: 'deleteCategory',
          summary: 'Delete a product category (soft; refused while it has subcategories or products)',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Null()) },
        },
        config: { ...requireAbility(MANAGE), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Category deleted successfully');
      },
    );

    app.get(
      `${BASE}/:id/breadcrumbs`,
      {
        schema: {
          tags,
          operationId: 'getCategoryBreadcrumbs',
          summary: 'The path from the root to a category',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Array(BreadcrumbResponse)) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => ok(await service.breadcrumbs(request.auth.tenantId, request.params.id)),
    );

    app.post(
      `${BASE}/:id/move`,
      {
        schema: {
          tags,
          operationId: 'moveCategory',
          summary: 'Move a category (and its subtree) under another parent',
          params: IdParams,
          body: MoveBody,
          response: { 200: EnvelopeSchema(CategoryResponse) },
        },
        config: { ...requireAbility(MANAGE), conditional: 'write', audit: 'when-changed' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            categoryResource(
              await service.move(request.auth.tenantId, request.params.id, request.body.parent_id, ifMatch(request)),
            ),
          ),
          'Category moved successfully',
        ),
    );

    app.post(
      `${BASE}/:id/toggle-featured`,
      {
        schema: {
          tags,
          operationId: 'toggleCategoryFeatured',
          summary: 'Flip is_featured',
          params: IdParams,
          response: { 200: EnvelopeSchema(CategoryResponse) },
        },
        config: { ...requireAbility(MANAGE), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            categoryResource(await service.toggleFeatured(request.auth.tenantId, request.params.id, ifMatch(request))),
          ),
          'Category featured status updated',
        ),
    );
  };
}
