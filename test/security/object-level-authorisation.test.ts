// OWASP API1 (broken object-level authorisation), generated from the route table: every route that takes an
// id is called by tenant A with tenant B's ids (and, for nested routes, with A's own parent and B's child)
// and must answer 404, leaving every row of tenant B as it was. A new parametrised route is covered as soon
// as its parameter has a record kind in PARAM_RECORDS; until then the first test fails and names it.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { bearer, makeTenant, makeToken } from '../helpers/factories.js';
import { signedInClient, type SessionClient } from '../helpers/session-client.js';
import { buildTestApp, publicAddress } from '../helpers/test-app.js';
import {
  collectRoutes,
  concreteUrl,
  hasJsonBody,
  makeTenantRecords,
  PARAM_RECORDS,
  paramKeys,
  paramValues,
  recordRoutes,
  routeName,
  sampleOf,
  sampleQuery,
  type RouteEntry,
} from './route-table.js';

const t = await buildTestApp({ beforeReady: recordRoutes, webhookResolver: publicAddress });
const routes = await collectRoutes(t.app);
afterAll(() => t.close());

const tenantA = t.tenant;
const tenantB = await makeTenant(t.services);
const attacker = await makeTenantRecords(t, tenantA, t.auth);
const victim = await makeTenantRecords(
  t,
  tenantB,
  bearer(await makeToken(t.services, tenantB.tenantId, tenantB.adminId)),
);
const attackerSession: SessionClient = await signedInClient(t.app, tenantA.adminEmail);
const victimRowsBefore = await tenantRows(t.database, tenantB.tenantId);

/** Path parameters that name a kind of thing, not a record: nothing of another tenant to reach. */
const NOT_RECORDS = new Set(['/operations/imports/templates/:type']);
const paramRoutes = routes.filter((route) => paramKeys(route).some(({ key }) => !NOT_RECORDS.has(key)));
const nestedRoutes = paramRoutes.filter((route) => route.params.length > 1);

/** Every row of the tenant in every table that has a tenant_id, to prove an attack changed nothing. */
async function tenantRows(database: Database, tenantId: string): Promise<Record<string, unknown[]>> {
  const tables = await database.db.introspection.getTables();
  const rows: Record<string, unknown[]> = {};
  for (const table of tables.filter((tb) => tb.columns.some((c) => c.name === 'tenant_id'))) {
    const name = table.name as 'warehouses';
    const found = await database.db.selectFrom(name).selectAll().where('tenant_id', '=', tenantId).execute();
    rows[table.name] = found.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

/** Uploads and renewals are multipart: a real file, so that what answers is the owner lookup. */
function multipartUpload(): FormData {
  const form = new FormData();
  form.append('type', 'other');
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'attack.pdf');
  return form;
}

/** Bodies whose rules reach beyond their schema's `required`: enough to pass validation, so the lookup answers. */
const BODY_OVERRIDES: Record<string, object> = {
  'POST /api/v1/operations/purchase-orders/:id/cancel': { reason: 'Cross-tenant probe' },
  'DELETE /api/v1/operations/master-products/:master/variants': { reason: 'Cross-tenant probe' },
  'POST /api/v1/operations/master-products/:master/variants/bulk-update-prices': { price: 1 },
};

const isUpload = (route: RouteEntry) =>
  route.method === 'POST' && /\/documents(\/:documentId\/renew)?$/.test(route.url);

const jsonBody = (route: RouteEntry) => ({
  ...(sampleOf(route.schema.body as never) as object),
  ...BODY_OVERRIDES[routeName(route)],
});

function attack(route: RouteEntry, values: Record<string, string>): Promise<LightMyRequestResponse> {
  const url = concreteUrl(route.url, values) + sampleQuery(route);
  const payload = isUpload(route) ? multipartUpload() : hasJsonBody(route) ? jsonBody(route) : undefined;
  if (route.config.auth === 'session')
    return attackerSession.request({ method: route.method, url, ...(payload ? { payload } : {}) });
  return t.app.inject({
    method: route.method,
    url,
    headers: attacker.auth,
    ...(payload === undefined ? {} : { payload }),
  });
}

function expectNotFound(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toMatchObject({ success: false, data: null });
}

describe('object-level authorisation across tenants', () => {
  it('knows the record kind of every path parameter', () => {
    const unknown = [...new Set(paramRoutes.flatMap((route) => paramKeys(route).map(({ key }) => key)))].filter(
      (key) => !(key in PARAM_RECORDS),
    );
    expect(unknown).toEqual([]);
    expect(paramRoutes.length).toBeGreaterThan(60);
  });

  it.each(paramRoutes.map((route) => [routeName(route), route] as const))(
    "%s answers 404 for another tenant's record",
    async (_name, route) => {
      expectNotFound(await attack(route, paramValues(route, victim)));
    },
  );

  it.each(nestedRoutes.map((route) => [routeName(route), route] as const))(
    "%s answers 404 for another tenant's record under the caller's own",
    async (_name, route) => {
      const own = paramValues(route, attacker);
      const last = route.params.at(-1)!;
      expectNotFound(await attack(route, { ...own, [last]: paramValues(route, victim)[last]! }));
    },
  );

  it('leaves every row of the other tenant as it was', async () => {
    expect(await tenantRows(t.database, tenantB.tenantId)).toEqual(victimRowsBefore);
  });

  it('reaches the records through their own tenant', async () => {
    const own = await t.app.inject({
      url: concreteUrl('/api/v1/operations/products/:id', { id: victim.product }),
      headers: victim.auth,
    });
    expect(own.statusCode).toBe(200);
  });
});
