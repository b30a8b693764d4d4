// Variant generation, single creation and deletion of all variants of a master product. Bearer only, like
// every master product route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { ProductResponse } from '../products/product.schemas.js';
import {
  DeletedResponse,
  GeneratedResponse,
  MasterParams,
  VariantCreateBody,
  VariantDeleteBody,
  VariantGenerateBody,
} from './variant.schemas.js';
import type { VariantService } from './variant.service.js';

const tags = ['Master products'];
const CREATE = 'operations:create-products';
const DELETE = 'operations:delete-products';
const BASE = '/operations/master-products/:master/variants';

export function variantRoutes({ service }: { service: VariantService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      `${BASE}/generate`,
      {
        schema: {
          tags,
          operationId: 'generateVariants',
          summary: 'Generate every missing variant of a master product',
          description:
            'Creates a draft variant for each combination of the configuration that has none yet (a second call creates none). ' +
            'SKUs `{sku_prefix}{MASTER-SKU or MASTER-SLUG}-{V1}-{V2}` (values upper-cased, spaces to hyphens, other characters removed), ' +
            '`-2`, `-3`… on conflict. 422 when the master has no configuration.',
          params: MasterParams,
          body: VariantGenerateBody,
          response: { 201: GeneratedResponse },
        },
        config: { ...requireAbility(CREATE, { auth: 'bearer' }), audit: 'when-changed' },
      },
      async (request, reply) => {
        const variants = await service.generate(
          request.auth.tenantId,
          request.params.master,
          request.body,
          request.auth.user.id,
        );
        return reply.code(201).send({
          success: true as const,
          message: `Generated ${variants.length} variant(s) successfully`,
          data: { generated_count: variants.length, variants },
          meta: { total_generated: variants.length },
        });
      },
    );

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'createVariant',
          summary: 'Create one variant of a master product',
          description:
            'The selection must give every configured attribute one of its values; the combination and the SKU must be new. ' +
            'Prices, weight and the rest not sent are inherited from the master.',
          params: MasterParams,
          body: VariantCreateBody,
          response: { 201: EnvelopeSchema(ProductResponse) },
        },
        config: { ...requireAbility(CREATE, { auth: 'bearer' }), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const variant = await service.create(
          request.auth.tenantId,
          request.params.master,
          request.body,
          request.auth.user.id,
        );
        return reply.code(201).send(ok(withETag(reply, variant), 'Variant created successfully'));
      },
    );

    app.delete(
      BASE,
      {
        schema: {
          tags,
          operationId: 'deleteVariants',
          summary: 'Delete every variant of a master product (soft)',
          description:
            'The reason is kept in the audit trail. Refused with 422, deleting nothing, while any variant holds stock on hand or reserved.',
          params: MasterParams,
          body: VariantDeleteBody,
          response: { 200: DeletedResponse },
        },
        config: { ...requireAbility(DELETE, { auth: 'bearer' }), audit: 'when-changed' },
      },
      async (request) => {
        const deleted = await service.removeAll(
          request.auth.tenantId,
          request.params.master,
          request.body.reason,
          request.auth.user.id,
        );
        return {
          success: true as const,
          message: `Deleted ${deleted} variant(s) successfully`,
          data: { deleted_count: deleted },
        };
      },
    );
  };
}
