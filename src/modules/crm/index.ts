// The crm modules: customers, whom sales orders will be placed for (docs/sales.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CrmDeps } from './crm.deps.js';
import { createCustomers } from './customers/index.js';

export type { CrmDeps } from './crm.deps.js';

export function createCrm(deps: CrmDeps) {
  return { customers: createCustomers(deps) };
}

export type Crm = ReturnType<typeof createCrm>;

/** Every crm module's routes. */
export function crmRoutes({ crm }: { crm: Crm }): FastifyPluginAsyncTypebox {
  return async (api) => {
    for (const module of Object.values(crm)) await api.register(module.routes);
  };
}
