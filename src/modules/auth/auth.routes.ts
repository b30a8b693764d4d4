import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EnvelopeSchema, ok } from '../../http/envelope.js';
import type { TenantService } from '../tenancy/tenant.service.js';

const MeResponse = Type.Object({
  user: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String(), roles: Type.Array(Type.String()) }),
  tenant: Type.Object({ id: Type.String(), name: Type.String() }),
});

export const authRoutes: FastifyPluginAsyncTypebox<{ tenants: TenantService }> = async (app, { tenants }) => {
  app.get(
    '/auth/me',
    { schema: { tags: ['Authentication'], summary: 'The caller: user, roles and tenant', response: { 200: EnvelopeSchema(MeResponse) } } },
    async (request) => {
      const { user, tenantId } = request.auth;
      const tenant = await tenants.get(tenantId);
      return ok({ user: { id: user.id, name: user.name, email: user.email, roles: [user.role] }, tenant: { id: tenant.id, name: tenant.name } });
    },
  );
};
