// Variant listing and bulk update routes under /operations/master-products/{master}/variants: bearer only,
// like every master product route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../../http/authentication.js';
import { EnvelopeSchema, ok } from '../../../../http/envelope.js';
import { paginated } from '../../../../http/pagination.js';
import {
  AvailableValuesResponse,
  BulkPriceBody,
  BulkPriceResult,
  BulkStockBody,
  BulkStockResult,
  MasterParams,
  VariantListQuery,
  VariantListResponse,
} from './variant-listing.schemas.js';
import type { VariantListingService } from './variant-listing.service.js';

const tags = ['Variants'];
const VIEW = 'operations:view-products';
const EDIT = 'operations:edit-products';
const BASE = '/operations/master-products/:master/variants';

export function variantListingRoutes({ service }: { service: VariantListingService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listVariants',
          summary: "List a master product's variants",
          description:
            'Live variants, by default in generation order (created_at, then id). `meta` adds stock totals over every variant matching the filters.',
          params: MasterParams,
          querystring: VariantListQuery,
          response: { 200: VariantListResponse },
        },
        config: requireAbility(VIEW, { auth: 'bearer' }),
      },
      async (request) => {
        const { page, per_page, ...options } = request.query;
        const result = await service.list(request.auth.tenantId, request.params.master, options, { page, per_page });
        const list = paginated(request, { page, per_page }, result);
        return { ...list, meta: { ...list.meta, ...result.totals } };
      },
    );

    app.get(
      `${BASE}/available`,
      {
        schema: {
          tags,
          operationId: 'listAvailableVariantValues',
          summary: 'Used and still available attribute values',
          description:
            'Per attribute: `used_values` are held by at least one live variant; `available_values` belong to at least one combination no live variant holds yet. A master without configuration answers `data: {}` and zero combinations.',
          params: MasterParams,
          response: { 200: AvailableValuesResponse },
        },
        config: requireAbility(VIEW, { auth: 'bearer' }),
      },
      async (request) => ({
        success: true as const,
        ...(await service.available(request.auth.tenantId, request.params.master)),
      }),
    );

    app.post(
      `${BASE}/bulk-update-prices`,
      {
        schema: {
          tags,
          operationId: 'bulkUpdateVariantPrices',
          summary: 'Set or change the price of many variants',
          description:
            '`{action: set_price, price}`, `{action: increase_percentage | decrease_percentage, percentage}` or the simple `{price}`; optional `filters.variant_selection`. Percentages apply to the effective price and the result becomes the variant’s own price.',
          params: MasterParams,
          body: BulkPriceBody,
          response: { 200: EnvelopeSchema(BulkPriceResult) },
        },
        config: { ...requireAbility(EDIT, { auth: 'bearer' }), audit: 'when-changed' },
      },
      async (request) => {
        const result = await service.bulkUpdatePrices(request.auth.tenantId, request.params.master, request.body);
        return ok(result, `Updated the price of ${result.updated_count} variant(s)`);
      },
    );

    app.post(
      `${BASE}/bulk-update-stock`,
      {
        schema: {
          tags,
          operationId: 'bulkUpdateVariantStock',
          summary: 'Set the stock of many variants',
          description:
            '`{action: set_quantity, quantity, filters}` or the simple `{quantity}`: each matching variant’s on-hand total in the default warehouse becomes `quantity`, through one adjustment movement per changed variant.',
          params: MasterParams,
          body: BulkStockBody,
          response: { 200: EnvelopeSchema(BulkStockResult) },
        },
        config: { ...requireAbility(EDIT, { auth: 'bearer' }), audit: 'when-changed' },
      },
      async (request) => {
        const result = await service.bulkUpdateStock(
          request.auth.tenantId,
          request.params.master,
          request.body,
          request.auth.user.id,
        );
        return ok(result, `Updated the stock of ${result.updated_count} variant(s)`);
      },
    );
  };
}
