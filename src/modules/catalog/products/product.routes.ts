import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedOrKeysetSchema, keysetPaginated, paginated } from '../../../http/pagination.js';
import { CATALOG_ANSWERS } from '../catalog-answers.js';
import { LIFECYCLE_ACTIONS, TRANSITIONS, type LifecycleAction } from './product-lifecycle.js';
import { askedForSort } from '../../../http/asked-sort.js';
import { ATTRIBUTE_FILTER_DOC, ProductListQuery, attributeFiltersOf } from './product-list.js';
import {
  ProductCreateBody,
  ProductLookupQuery,
  ProductLookupResponse,
  ProductResponse,
  ProductUpdateBody,
  ReasonBody,
} from './product.schemas.js';
import type { ProductService } from './product.service.js';
import type { ProductBulkService } from './product-bulk.service.js';
import { ProductBulkBody, ProductBulkResult } from './product-bulk.schemas.js';

const tags = ['Products'];
const VIEW = 'operations:view-products';
const CREATE = 'operations:create-products';
const EDIT = 'operations:edit-products';
const DELETE = 'operations:delete-products';
const DISCONTINUE = 'operations:discontinue-products';

/** The OpenAPI operationId of each lifecycle action's route. */
const LIFECYCLE_OPERATION_IDS: Record<LifecycleAction, string> = {
  activate: 'activateProduct',
  deactivate: 'deactivateProduct',
  discontinue: 'discontinueProduct',
  'submit-for-review': 'submitProductForReview',
  approve: 'approveProduct',
  decline: 'declineProduct',
  'return-for-revisions': 'returnProductForRevisions',
  revise: 'reviseProduct',
};

export function productRoutes({
  service,
  bulk,
}: {
  service: ProductService;
  bulk: ProductBulkService;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/products',
      {
        schema: {
          tags,
          operationId: 'listProducts',
          summary: 'List products',
          description: `Live products of the tenant, filtered and sorted as the query says, newest first by default. ${ATTRIBUTE_FILTER_DOC}`,
          querystring: ProductListQuery,
          response: { 200: PaginatedOrKeysetSchema(ProductResponse) },
        },
        config: { ...requireAbility(VIEW), answerCache: CATALOG_ANSWERS },
      },
      async (request) => {
        const { page, per_page, after, ...filters } = request.query;
        const options = { ...filters, attributes: attributeFiltersOf(request.query) };
        if (after !== undefined) {
          // A walk follows the list's order: a search's ranking (below) is for the numbered pages.
          const walked = await service.walk(request.auth.tenantId, options, { after, page, per_page });
          return keysetPaginated(request, per_page, walked);
        }
        return paginated(
          request,
          { page, per_page },
          await service.list(
            request.auth.tenantId,
            { ...options, rankSearch: !askedForSort(request) },
            { page, per_page },
          ),
        );
      },
    );

    app.post(
      '/operations/products',
      {
        schema: {
          tags,
          operationId: 'createProduct',
          summary: 'Create a product (status draft)',
          body: ProductCreateBody,
          response: { 201: EnvelopeSchema(ProductResponse) },
        },
        config: { ...requireAbility(CREATE), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const product = await service.create(request.auth.tenantId, request.body, request.auth.user.id);
        return reply.code(201).send(ok(withETag(reply, product), 'Product created successfully'));
      },
    );

    app.post(
      '/operations/products/bulk',
      {
        schema: {
          tags,
          operationId: 'bulkChangeProducts',
          summary: 'Change many products at once',
          description:
            'Applies one action to 1 to 500 products: `activate`, `deactivate`, `set_category` (`category_id`), `add_tags` or `remove_tags` (`tag_ids`), `change_price` (`price_change`). Each product is changed in a transaction of its own, by the rules, events and audit entry of its PATCH or lifecycle action; a product refused (unknown, another organisation’s, a status the action does not leave, a price that would fall below 0) is a `failed` row with its error, the others are still changed. 200 with one row per id, in the order sent. Needs operations:edit-products.',
          body: ProductBulkBody,
          response: { 200: EnvelopeSchema(ProductBulkResult) },
        },
        config: { ...requireAbility(EDIT), audit: 'when-changed' },
      },
      async (request) => ok(await bulk.apply(request.auth.tenantId, request.body), 'Bulk change applied'),
    );

    app.get(
      '/operations/products/lookup',
      {
        schema: {
          tags,
          operationId: 'lookupProduct',
          summary: 'Find the product a scanned or typed code names',
          description:
            'The one live product whose barcode is exactly `code`, else the one whose SKU is (a barcode wins when the code is one product’s barcode and another’s SKU); `meta.matched_on` says which. 404 when neither matches.',
          querystring: ProductLookupQuery,
          response: { 200: ProductLookupResponse },
        },
        config: requireAbility(VIEW),
      },
      async (request) => {
        const { product, matched_on } = await service.lookup(request.auth.tenantId, request.query.code);
        return { success: true as const, data: product, meta: { matched_on } };
      },
    );

    app.get(
      '/operations/products/:id',
      {
        schema: {
          tags,
          operationId: 'getProduct',
          summary: 'Get a product',
          params: IdParams,
          response: { 200: EnvelopeSchema(ProductResponse) },
        },
        config: { ...requireAbility(VIEW), conditional: 'read', answerCache: CATALOG_ANSWERS },
      },
      async (request, reply) => ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: '/operations/products/:id',
      schema: {
        tags,
        operationId: 'updateProduct',
        summary: 'Update a product (partial)',
        params: IdParams,
        body: ProductUpdateBody,
        response: { 200: EnvelopeSchema(ProductResponse) },
      },
      config: { ...requireAbility(EDIT), conditional: 'write', audit: 'when-changed' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
          ),
          'Product updated successfully',
        ),
    });

    app.delete(
      '/operations/products/:id',
      {
        schema: {
          tags,
          operationId: 'deleteProduct',
          summary: 'Delete a product (soft)',
          description: 'Refused with 422 while the product has stock on hand or reserved.',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Null()) },
        },
        config: { ...requireAbility(DELETE), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Product deleted successfully');
      },
    );

    for (const action of LIFECYCLE_ACTIONS) {
      const rule = TRANSITIONS[action];
      const ability = action === 'discontinue' ? DISCONTINUE : EDIT;
      const reasonNote = rule.takesReason ? ' The body, and its `reason`, are optional.' : '';
      app.post(
        `/operations/products/:id/${action}`,
        {
          schema: {
            tags,
            operationId: LIFECYCLE_OPERATION_IDS[action],
            summary: rule.summary,
            description: `From ${rule.from.join(', ')} to ${rule.to}; 422 naming the current status otherwise.${rule.event ? ` Records ${rule.event}.` : ''}${reasonNote} Needs ${ability}.`,
            params: IdParams,
            ...(rule.takesReason ? { body: ReasonBody } : {}),
            response: { 200: EnvelopeSchema(ProductResponse) },
          },
          config: { ...requireAbility(ability), conditional: 'write', audit: 'recorded' },
        },
        async (request, reply) => {
          const reason = rule.takesReason ? ((request.body as ReasonBody).reason ?? null) : null;
          return ok(
            withETag(
              reply,
              await service.transition(request.auth.tenantId, request.params.id, action, reason, ifMatch(request)),
            ),
            rule.message,
          );
        },
      );
    }
  };
}
