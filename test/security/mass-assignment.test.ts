// OWASP API3 (mass assignment), generated from the route table. Statically: no JSON body declares
// tenant_id, id or timestamps, and status or stock_quantity only where docs/decisions/ makes them writable
// (or as an explicit 422 refusal). Over HTTP: every create and update route, sent a valid body plus those
// fields, answers 2xx (the fields dropped) or a 422 naming them, and the stored row keeps its own values.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import { makeTenant } from '../helpers/factories.js';
import { inTransaction } from '../../src/db/transaction.js';
import { insertOrder, insertShipment, makeSalesOrder } from '../helpers/sales-fixtures.js';
import { signedInClient } from '../helpers/session-client.js';
import { buildTestApp, publicAddress } from '../helpers/test-app.js';
import {
  API,
  collectRoutes,
  concreteUrl,
  hasJsonBody,
  makeTenantRecords,
  paramValues,
  recordRoutes,
  routeName,
  type RouteEntry,
} from './route-table.js';

const t = await buildTestApp({ beforeReady: recordRoutes, webhookResolver: publicAddress });
const routes = await collectRoutes(t.app);
afterAll(() => t.close());

const other = await makeTenant(t.services);
const own = await makeTenantRecords(t, t.tenant, t.auth);
const session = await signedInClient(t.app, t.tenant.adminEmail);
const colours = Array.from({ length: 10 }, (_, i) => `Colour ${i}`);
const configuredMaster = await t.app.inject({
  method: 'POST',
  url: '/api/v1/operations/master-products',
  headers: t.auth,
  payload: {
    name: 'Mass configured master',
    sku: 'MASSCFG',
    variant_attributes: { attributes: [{ name: 'Colour', values: colours }], allowCombinations: true },
  },
});
const configuredMasterId = configuredMaster.json().data.id as string;

const NEVER_WRITABLE = ['tenant_id', 'id', 'deleted_at', 'created_at', 'updated_at'];
const GUARDED = ['status', 'stock_quantity'];
/**
 * Where docs/decisions/ makes a guarded field writable: a master product's status (Master products), a new
 * order's status (Purchase orders), opening stock (Products, Variants).
 */
const DOCUMENTED_WRITABLE: Record<string, string[]> = {
  'POST /api/v1/operations/master-products': ['status'],
  'PUT /api/v1/operations/master-products/:id': ['status'],
  'PATCH /api/v1/operations/master-products/:id': ['status'],
  'POST /api/v1/operations/master-products/:master/variants': ['stock_quantity'],
  'POST /api/v1/operations/products': ['stock_quantity'],
  'POST /api/v1/operations/purchase-orders': ['status'],
};
const INJECTED_ID = '01hyyyyyyyyyyyyyyyyyyyyyyy';
/** A shipped sales order of the tenant, 2 units of its line shipped: enough for the two returns a case makes. */
const shipped = await insertOrder(t.database.db, t.tenant.tenantId, {
  status: 'shipped',
  lines: [{ product_id: own.product, quantity: 2 }],
});
await insertShipment(t.database.db, t.tenant.tenantId, shipped.orderId, t.tenant.defaultWarehouseId, [
  { order_line_id: shipped.lineIds[0]!, product_id: own.product, quantity: 2 },
]);
/** A confirmed sales order holding 20 units reserved in the default warehouse: a shipment takes 1 a case. */
await inTransaction(t.database.db, (trx) =>
  t.services.stock.changeOnHand(trx, {
    tenantId: t.tenant.tenantId,
    productId: own.product,
    warehouseId: t.tenant.defaultWarehouseId,
    quantity: 20,
    type: 'adjustment',
    reason: 'shipments',
  }),
);
const allocated = await makeSalesOrder(t.services, t.tenant.tenantId, [
  { productId: own.product, quantity: 20, reserve: [{ warehouseId: t.tenant.defaultWarehouseId, quantity: 20 }] },
]);
const PAST = '2000-01-01T00:00:00.000Z';

type Table = keyof DB;
type Row = Record<string, unknown>;
interface WriteFixture {
  table: Table;
  body: () => object;
  /** Path parameters other than the tenant's own record of each kind. */
  params?: () => Record<string, string>;
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${++sequence}`;

/** A minimal valid body for each create route, fresh on every call (codes and slugs are unique). */
const CREATES: Record<string, WriteFixture> = {
  'POST /api/v1/api-tokens': {
    table: 'api_tokens',
    body: () => ({ name: `Mass ${unique()}`, type: 'application', abilities: ['*'] }),
  },
  'POST /api/v1/crm/customers': { table: 'customers', body: () => ({ name: `Mass customer ${unique()}` }) },
  'POST /api/v1/sales/orders/:id/returns': {
    table: 'sales_returns',
    body: () => ({
      warehouse_id: t.tenant.defaultWarehouseId,
      reason: `Mass ${unique()}`,
      lines: [{ order_line_id: shipped.lineIds[0], quantity: 1, restock: false }],
    }),
    params: () => ({ id: shipped.orderId }),
  },
  'POST /api/v1/sales/orders/:id/shipments': {
    table: 'shipments',
    body: () => ({
      warehouse_id: t.tenant.defaultWarehouseId,
      lines: [{ order_line_id: allocated.lineIds[0], quantity: 1 }],
    }),
    params: () => ({ id: allocated.orderId }),
  },
  'POST /api/v1/operations/attributes': {
    table: 'attribute_definitions',
    body: () => ({ code: `mass_${unique()}`, name: `Mass ${unique()}`, label: 'Mass', type: 'text' }),
  },
  'POST /api/v1/operations/brands': { table: 'brands', body: () => ({ name: `Mass brand ${unique()}` }) },
  'POST /api/v1/operations/master-products': {
    table: 'master_products',
    body: () => ({ name: `Mass master ${unique()}` }),
  },
  'POST /api/v1/operations/master-products/:master/variants': {
    table: 'products',
    body: () => ({ variant_attributes: { Colour: colours.shift()! } }),
    params: () => ({ master: configuredMasterId }),
  },
  'POST /api/v1/operations/product-categories': {
    table: 'product_categories',
    body: () => ({ name: `Mass category ${unique()}` }),
  },
  'POST /api/v1/operations/products': { table: 'products', body: () => ({ name: `Mass product ${unique()}` }) },
  'POST /api/v1/operations/purchase-orders': {
    table: 'purchase_orders',
    body: () => ({
      supplier_id: own.supplier,
      warehouse_id: own.warehouse,
      items: [{ product_id: own.product, quantity: 1, unit_price: 1 }],
    }),
  },
  'POST /api/v1/sales/orders': {
    table: 'sales_orders',
    body: () => ({ customer_id: own.customer, lines: [{ product_id: own.product, quantity: 1, unit_price: 1 }] }),
  },
  'POST /api/v1/operations/suppliers': {
    table: 'suppliers',
    body: () => ({
      name: `Mass supplier ${unique()}`,
      code: `MS${unique()}`.toUpperCase(),
      email: 'mass@example.test',
    }),
  },
  'POST /api/v1/operations/tags': {
    table: 'tags',
    body: () => ({ name: `mass-${unique()}`, slug: `mass-${unique()}` }),
  },
  'POST /api/v1/operations/warehouses': {
    table: 'warehouses',
    body: () => ({ name: `Mass ${unique()}`, code: `M${unique()}`.toUpperCase().slice(0, 20) }),
  },
  'POST /api/v1/webhooks/subscriptions': {
    table: 'webhook_subscriptions',
    body: () => ({ url: `https://hooks.example.test/mass-${unique()}`, event_types: ['*'] }),
  },
  'POST /api/v1/users': {
    table: 'users',
    body: () => ({ name: `Mass user ${unique()}`, email: `mass-${unique()}@example.test`, role: 'viewer' }),
  },
};

/** A minimal valid change for each updatable record, by url (PUT and PATCH alike); the target is the tenant's own record. */
const UPDATES: Record<string, WriteFixture> = {
  '/api/v1/crm/customers/:id': { table: 'customers', body: () => ({ name: `Mass customer ${unique()}` }) },
  '/api/v1/operations/attributes/:id': { table: 'attribute_definitions', body: () => ({ label: `Mass ${unique()}` }) },
  '/api/v1/operations/brands/:id': { table: 'brands', body: () => ({ name: `Mass brand ${unique()}` }) },
  '/api/v1/operations/master-products/:id': {
    table: 'master_products',
    body: () => ({ name: `Mass master ${unique()}` }),
  },
  '/api/v1/operations/product-categories/:id': {
    table: 'product_categories',
    body: () => ({ name: `Mass category ${unique()}` }),
  },
  '/api/v1/operations/products/:id': { table: 'products', body: () => ({ name: `Mass product ${unique()}` }) },
  '/api/v1/operations/products/:id/documents/:documentId': {
    table: 'documents',
    body: () => ({ name: `Mass ${unique()}.pdf` }),
  },
  '/api/v1/operations/purchase-orders/:id': { table: 'purchase_orders', body: () => ({ notes: `Mass ${unique()}` }) },
  '/api/v1/sales/orders/:id': { table: 'sales_orders', body: () => ({ notes: `Mass ${unique()}` }) },
  '/api/v1/operations/purchase-orders/:id/documents/:documentId': {
    table: 'documents',
    body: () => ({ name: `Mass ${unique()}.pdf` }),
  },
  '/api/v1/operations/suppliers/:id': { table: 'suppliers', body: () => ({ name: `Mass supplier ${unique()}` }) },
  '/api/v1/operations/suppliers/:id/documents/:documentId': {
    table: 'documents',
    body: () => ({ name: `Mass ${unique()}.pdf` }),
  },
  '/api/v1/operations/tags/:id': { table: 'tags', body: () => ({ name: `mass-${unique()}` }) },
  '/api/v1/operations/warehouses/:id': { table: 'warehouses', body: () => ({ name: `Mass ${unique()}` }) },
  '/api/v1/webhooks/subscriptions/:id': {
    table: 'webhook_subscriptions',
    body: () => ({ description: `Mass ${unique()}` }),
  },
  '/api/v1/users/:id': { table: 'users', body: () => ({ name: `Mass user ${unique()}` }) },
};

type BodySchema = { properties?: Record<string, { description?: string }> };
const bodyProperties = (route: RouteEntry) => (route.schema.body as BodySchema).properties ?? {};
/** A property declared only so that the service can refuse it with 422 (see product.schemas.ts). */
const isRefusal = (property: { description?: string }) => property.description?.startsWith('Not accepted') === true;
const writable = (route: RouteEntry, field: string) => {
  const property = bodyProperties(route)[field];
  return property !== undefined && !isRefusal(property);
};

const bodyRoutes = routes.filter(hasJsonBody);
const isCreate = (route: RouteEntry) =>
  route.method === 'POST' && routes.some((r) => r.method === 'GET' && r.url === route.url);
const isUpdate = (route: RouteEntry) =>
  (route.method === 'PUT' || route.method === 'PATCH') && /\/:[A-Za-z]+$/.test(route.url);
/** Uploads are multipart, with form fields instead of a JSON body: they have a test of their own. */
const isImport = (route: RouteEntry) => route.method === 'POST' && route.url === `${API}/operations/imports`;
const isUpload = (route: RouteEntry) =>
  (route.method === 'POST' && route.url.endsWith('/documents')) || isImport(route);
const createRoutes = bodyRoutes.filter(isCreate);
const uploadRoutes = createRoutes.filter((route) => isUpload(route) && !isImport(route));
const updateRoutes = bodyRoutes.filter(isUpdate);

function injectedFields(route: RouteEntry): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    tenant_id: other.tenantId,
    id: INJECTED_ID,
    deleted_at: PAST,
    created_at: PAST,
    updated_at: PAST,
  };
  if (!writable(route, 'status')) fields.status = 'active';
  if (!writable(route, 'stock_quantity')) fields.stock_quantity = 999;
  return fields;
}

function send(route: RouteEntry, url: string, payload: object): Promise<LightMyRequestResponse> {
  if (route.config.auth === 'session') return session.request({ method: route.method, url, payload });
  return t.app.inject({ method: route.method, url, headers: t.auth, payload });
}

/** Sends body + injected fields; a 422 may only name injected fields, and the body without them must then pass. */
async function sendWithInjection(route: RouteEntry, url: string, body: object): Promise<LightMyRequestResponse> {
  const injected = injectedFields(route);
  const res = await send(route, url, { ...body, ...injected });
  if (res.statusCode !== 422) return res;
  const refused = Object.keys(res.json().errors ?? {});
  expect(refused.length, res.body).toBeGreaterThan(0);
  expect(
    refused.filter((field) => !(field in injected)),
    res.body,
  ).toEqual([]);
  const kept = Object.fromEntries(Object.entries(injected).filter(([field]) => !refused.includes(field)));
  return send(route, url, { ...body, ...kept });
}

const row = (table: Table, id: string) =>
  t.database.db
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id as never)
    .executeTakeFirstOrThrow() as Promise<Row>;
const year = (value: unknown) => new Date(value as string).getUTCFullYear();

async function expectNoInjectedRow(table: Table) {
  expect(
    await t.database.db
      .selectFrom(table)
      .select('id')
      .where('id', '=', INJECTED_ID as never)
      .executeTakeFirst(),
  ).toBeUndefined();
}

function expectGuardedUnchanged(stored: Row, reference: Row) {
  for (const field of GUARDED) if (field in reference) expect(stored[field], field).toEqual(reference[field]);
}

function upload(url: string, fields: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append('type', 'other');
  for (const [field, value] of Object.entries(fields)) form.append(field, String(value));
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'mass.pdf');
  return t.app.inject({ method: 'POST', url, headers: t.auth, payload: form });
}

const createdId = (res: LightMyRequestResponse) => res.json().data.id as string;

describe('mass assignment', () => {
  it('no body declares tenant_id, id or timestamps as writable', () => {
    const offenders = bodyRoutes.flatMap((route) =>
      NEVER_WRITABLE.filter((field) => writable(route, field)).map((field) => `${routeName(route)}: ${field}`),
    );
    expect(offenders).toEqual([]);
  });

  it('status and stock_quantity are writable only where docs/decisions/ says so', () => {
    const offenders = bodyRoutes.flatMap((route) =>
      GUARDED.filter(
        (field) => writable(route, field) && !(DOCUMENTED_WRITABLE[routeName(route)] ?? []).includes(field),
      ).map((field) => `${routeName(route)}: ${field}`),
    );
    expect(offenders).toEqual([]);
  });

  it('has a valid body for every create and update route', () => {
    expect(createRoutes.filter((route) => !CREATES[routeName(route)] && !isUpload(route)).map(routeName)).toEqual([]);
    expect(updateRoutes.filter((route) => !UPDATES[route.url]).map(routeName)).toEqual([]);
    expect(createRoutes.length + updateRoutes.length).toBeGreaterThan(30);
  });

  it.each(createRoutes.filter((route) => CREATES[routeName(route)]).map((route) => [routeName(route), route] as const))(
    '%s stores its own tenant, id, timestamps and status',
    async (_name, route) => {
      const fixture = CREATES[routeName(route)]!;
      const url = concreteUrl(route.url, fixture.params?.() ?? {});
      const control = await send(route, url, fixture.body());
      expect(control.statusCode, control.body).toBeLessThan(300);
      const res = await sendWithInjection(route, url, fixture.body());
      expect(res.statusCode, res.body).toBeLessThan(300);

      const id = createdId(res);
      expect(id).not.toBe(INJECTED_ID);
      await expectNoInjectedRow(fixture.table);
      const stored = await row(fixture.table, id);
      expect(stored.tenant_id).toBe(t.tenant.tenantId);
      expect(stored.deleted_at ?? null).toBeNull();
      expect(year(stored.created_at)).not.toBe(2000);
      expect(year(stored.updated_at)).not.toBe(2000);
      expectGuardedUnchanged(stored, await row(fixture.table, createdId(control)));
    },
  );

  it.each(updateRoutes.filter((route) => UPDATES[route.url]).map((route) => [routeName(route), route] as const))(
    '%s keeps its tenant, id, timestamps and status',
    async (_name, route) => {
      const fixture = UPDATES[route.url]!;
      const id = route.params.at(-1)!;
      const values = paramValues(route, own);
      const before = await row(fixture.table, values[id]!);
      const res = await sendWithInjection(route, concreteUrl(route.url, values), fixture.body());
      expect(res.statusCode, res.body).toBeLessThan(300);

      await expectNoInjectedRow(fixture.table);
      const stored = await row(fixture.table, values[id]!);
      expect(stored.tenant_id).toBe(t.tenant.tenantId);
      expect(stored.deleted_at ?? null).toBeNull();
      expect(stored.created_at).toEqual(before.created_at);
      expect(year(stored.updated_at)).not.toBe(2000);
      expectGuardedUnchanged(stored, before);
    },
  );

  it.each(uploadRoutes.map((route) => [routeName(route), route] as const))(
    '%s ignores record fields sent as form fields',
    async (_name, route) => {
      const url = concreteUrl(route.url, paramValues(route, own));
      const control = await upload(url, {});
      expect(control.statusCode, control.body).toBe(201);
      const res = await upload(url, {
        ...injectedFields(route),
        status: 'archived',
        owner_id: INJECTED_ID,
        owner_type: 'supplier',
      });
      expect(res.statusCode, res.body).toBe(201);

      await expectNoInjectedRow('documents');
      const stored = await row('documents', createdId(res));
      const reference = await row('documents', createdId(control));
      expect(stored.tenant_id).toBe(t.tenant.tenantId);
      expect([stored.owner_type, stored.owner_id, stored.status]).toEqual([
        reference.owner_type,
        reference.owner_id,
        reference.status,
      ]);
      expect(stored.deleted_at ?? null).toBeNull();
      expect(year(stored.created_at)).not.toBe(2000);
    },
  );

  it('POST /api/v1/operations/imports ignores record fields sent as form fields', async () => {
    const form = new FormData();
    form.append('type', 'suppliers');
    for (const [field, value] of Object.entries({
      tenant_id: other.tenantId,
      id: INJECTED_ID,
      status: 'completed',
      created_count: 5,
      created_at: PAST,
      rows_done: 9,
    })) {
      form.append(field, String(value));
    }
    form.append('file', new Blob(['code,name,email\nMASS,Mass,mass@example.test\n'], { type: 'text/csv' }), 'mass.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/operations/imports`,
      headers: t.auth,
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(202);
    await expectNoInjectedRow('import_jobs');
    const stored = await row('import_jobs', createdId(res));
    expect([stored.tenant_id, stored.status, stored.created_count, stored.rows_done]).toEqual([
      t.tenant.tenantId,
      'queued',
      0,
      0,
    ]);
    expect(year(stored.created_at)).not.toBe(2000);
  });

  it('cannot move a record into another tenant: the other tenant sees nothing new', async () => {
    const rows = await t.database.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', other.tenantId)
      .execute();
    expect(rows).toEqual([]);
  });
});
