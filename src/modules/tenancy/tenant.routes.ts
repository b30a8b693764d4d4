import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility, withoutAbility } from '../../http/authentication.js';
import { ifMatch, withETag } from '../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../http/envelope.js';
import { TenantResponse, TenantUpdateBody } from './tenant.schemas.js';
import { tenantResource, type TenantService } from './tenant.service.js';

const tags = ['Tenant'];
export const MANAGE_SETTINGS = 'system:manage-settings';

export function tenantRoutes({ service }: { service: TenantService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/tenant',
      {
        schema: {
          tags,
          operationId: 'getTenant',
          summary: "Get the caller's tenant and its settings",
          description:
            'The default currency, time zone, company address, tax id and purchase-order footer. Every user of the tenant may read them.',
          response: { 200: EnvelopeSchema(TenantResponse) },
        },
        config: {
          ...withoutAbility(
            'every user of the tenant reads its settings: the currency its prices default to, its time zone and address',
          ),
          conditional: 'read',
        },
      },
      async (request, reply) => ok(withETag(reply, tenantResource(await service.get(request.auth.tenantId)))),
    );

    app.patch(
      '/tenant',
      {
        schema: {
          tags,
          operationId: 'updateTenant',
          summary: "Change the caller's tenant settings (partial)",
          description: 'Recorded in the audit log as `tenant.updated` with the changed fields.',
          body: TenantUpdateBody,
          response: { 200: EnvelopeSchema(TenantResponse) },
        },
        config: { ...requireAbility(MANAGE_SETTINGS), conditional: 'write', audit: 'when-changed' },
      },
      async (request, reply) =>
        ok(
          withETag(reply, tenantResource(await service.update(request.auth.tenantId, request.body, ifMatch(request)))),
          'Tenant settings updated successfully',
        ),
    );
  };
}
