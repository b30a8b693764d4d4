// The app's route table, read from the running app, so security suites cover every route by construction.
// Fastify keeps no public list of routes with their config: the tree from printRoutes names every path
// and method, and one unauthenticated probe per route reads its declared config and schemas back from
// request.routeOptions (the probe is answered 401 by the authentication hook; no handler runs).
// Below the table: one record of every kind a path parameter names, for the suites that call routes
// with real ids.
import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import { inTransaction } from '../../src/db/transaction.js';
import { newId } from '../../src/lib/ids.js';
import { apiBuilders } from '../helpers/api-builders.js';
import { pdfBytes } from '../helpers/document-fixtures.js';
import type { TenantFixture } from '../helpers/factories.js';
import type { HttpMethod, TestApp } from '../helpers/test-app.js';

export const API = '/api/v1';
/** A well-formed ULID that names no record. */
export const UNKNOWN_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

export interface RouteEntry {
  method: HttpMethod;
  /** As declared: `/api/v1/operations/products/:id`. */
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema;
  /** Path parameter names in order. */
  params: string[];
}

const PROBE_HEADER = 'x-route-table-probe';
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const probes = new WeakMap<
  FastifyInstance,
  Map<string, { method: string; url: string; config: FastifyContextConfig; schema: FastifySchema }>
>();

/** Call from `buildTestApp({ beforeReady })`: records what each probe request reached. */
export function recordRoutes(app: FastifyInstance): void {
  const seen = new Map<string, { method: string; url: string; config: FastifyContextConfig; schema: FastifySchema }>();
  probes.set(app, seen);
  app.addHook('onSend', async (request) => {
    const probe = request.headers[PROBE_HEADER];
    if (typeof probe !== 'string' || request.routeOptions.url === undefined) return;
    const { url, config, schema } = request.routeOptions;
    seen.set(probe, { method: request.method, url, config, schema: schema ?? {} });
  });
}

/** `(path template, methods)` for every leaf of printRoutes' tree, templates as printed (`:id|:master`). */
export function printedRoutes(app: FastifyInstance): Array<{ template: string; methods: HttpMethod[] }> {
  const stack: string[] = [];
  const routes: Array<{ template: string; methods: HttpMethod[] }> = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.indexOf('── ');
    if (branch < 0) continue;
    const depth = (branch - 1) / 4;
    const match = /^(.*) \(([A-Z, ]+)\)/.exec(line.slice(branch + 3));
    if (!match) throw new Error(`Unreadable route line: ${line}`);
    const template = (stack[depth - 1] ?? '') + match[1]!;
    stack[depth] = template;
    stack.length = depth + 1;
    const methods = match[2]!.split(', ').filter((m): m is HttpMethod => (METHODS as readonly string[]).includes(m));
    routes.push({ template, methods });
  }
  return routes;
}

const PARAM = /:[A-Za-z0-9_]+(?:\|:[A-Za-z0-9_]+)*/g;
const shape = (template: string) => template.replace(PARAM, ':');

/** Every route under the API prefix, with its declared config and schemas, sorted by url then method. */
export async function collectRoutes(app: FastifyInstance, prefix = API): Promise<RouteEntry[]> {
  const seen = probes.get(app);
  if (!seen) throw new Error('recordRoutes(app) must run in beforeReady before collectRoutes(app).');
  const entries: RouteEntry[] = [];
  let probe = 0;
  for (const { template, methods } of printedRoutes(app)) {
    if (!template.startsWith(`${prefix}/`)) continue;
    for (const method of methods) {
      const id = `probe-${probe++}`;
      await app.inject({ method, url: template.replace(PARAM, UNKNOWN_ID), headers: { [PROBE_HEADER]: id } });
      const reached = seen.get(id);
      if (!reached || reached.method !== method || shape(reached.url) !== shape(template)) {
        throw new Error(
          `The probe of ${method} ${template} reached ${reached ? `${reached.method} ${reached.url}` : 'no route'}.`,
        );
      }
      entries.push({
        method,
        url: reached.url,
        config: reached.config,
        schema: reached.schema,
        params: paramsOf(reached.url),
      });
    }
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

export function paramsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

export const routeName = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The url with each path parameter replaced by `values[name]`, or the unknown id. */
export function concreteUrl(url: string, values: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_all, name: string) => values[name] ?? UNKNOWN_ID);
}

export const hasJsonBody = (route: RouteEntry) => route.schema.body !== undefined && route.method !== 'GET';

/** A query string with a sample of each required query parameter (`?format=csv`), or ''. */
export function sampleQuery(route: RouteEntry): string {
  const sample = sampleOf(route.schema.querystring as Schema | undefined) as Record<string, unknown> | null;
  const entries = Object.entries(sample ?? {}).map(([name, value]): [string, string] => [name, String(value)]);
  return entries.length > 0 ? `?${new URLSearchParams(entries).toString()}` : '';
}

export function querystringProperties(route: RouteEntry): string[] {
  const query = route.schema.querystring as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(query?.properties ?? {});
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};

const FORMATS: Record<string, string> = {
  date: '2030-01-15',
  'date-time': '2026-01-15T10:00:00.000Z',
  email: 'someone@example.test',
  'http-url': 'https://example.test/',
  'http-url-or-path': '/media/example.png',
};

/**
 * The smallest value a JSON schema accepts, as far as it can be guessed: required properties only,
 * ULID patterns get an unknown id, enums their first value. Enough to pass validation on most routes,
 * so that what answers is the handler (a real create or update needs a fixture instead).
 */
export function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sampleOf(branches.find((b) => b.type !== 'null') ?? branches[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name])]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      if (schema.pattern?.includes('[0-9a-hjkmnp-tv-z]{26}')) return UNKNOWN_ID;
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return null;
  }
}

/** One record of every kind a path parameter can name, all in one tenant. */
export interface TenantRecords {
  tenantId: string;
  auth: { authorization: string };
  token: string;
  warehouse: string;
  category: string;
  brand: string;
  tag: string;
  supplier: string;
  attribute: string;
  product: string;
  masterProduct: string;
  inventoryRecord: string;
  stockMovement: string;
  stockReservation: string;
  purchaseOrder: string;
  /** A receipt of the purchase order, written as a row: what a route of a receipt looks up is only its id. */
  purchaseOrderReceipt: string;
  productDocument: string;
  supplierDocument: string;
  purchaseOrderDocument: string;
  subscription: string;
  delivery: string;
  /** An invited manager (not the tenant's admin, whom the last-admin rule protects). */
  user: string;
  /** A queued supplier import. */
  importJob: string;
  customer: string;
  salesOrder: string;
  shipment: string;
}

let recordSequence = 0;

/**
 * Makes one record of each kind through the API as the tenant's own all-abilities token (stock through
 * the stock ledger, deliveries through the publisher), so every record is what the app itself writes.
 */
export async function makeTenantRecords(
  t: TestApp,
  tenant: TenantFixture,
  auth: { authorization: string },
): Promise<TenantRecords> {
  const n = ++recordSequence;
  const build = apiBuilders(t.app, auth);
  const upload = async (owner: string, ownerId: string): Promise<string> => {
    const form = new FormData();
    form.append('type', owner === 'suppliers' ? 'contract' : 'other');
    form.append('file', new Blob([pdfBytes()], { type: 'application/pdf' }), `record-${n}.pdf`);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/operations/${owner}/${ownerId}/documents`,
      headers: auth,
      payload: form,
    });
    if (res.statusCode !== 201) throw new Error(`upload to ${owner}: ${res.statusCode} ${res.body}`);
    return res.json().data.id as string;
  };

  const warehouse = (await build.warehouse()).id;
  const category = (await build.category()).id;
  const brand = (await build.brand()).id;
  const tag = (await build.tag()).id;
  const supplier = (await build.supplier()).id;
  await t.database.db.updateTable('suppliers').set({ status: 'active' }).where('id', '=', supplier).execute();
  const attribute = (await build.attribute()).id;
  const product = (await build.product()).id;
  const masterProduct = (await build.masterProduct()).id;
  const customer = (await build.customer()).id;
  const salesOrder = (await build.salesOrder({ customer_id: customer })).id;
  const subscription = (await build.subscription()).id;
  const importForm = new FormData();
  importForm.append('type', 'suppliers');
  importForm.append(
    'file',
    new Blob([`code,name,email\nRIMP${n},Import ${n},import-${n}@example.test\n`], { type: 'text/csv' }),
    `records-${n}.csv`,
  );
  const imported = await t.app.inject({
    method: 'POST',
    url: `${API}/operations/imports`,
    headers: auth,
    payload: importForm,
  });
  if (imported.statusCode !== 202) throw new Error(`import: ${imported.statusCode} ${imported.body}`);
  const user = (await build.user()).id;

  await inTransaction(t.database.db, (trx) =>
    t.services.stock.changeOnHand(trx, {
      tenantId: tenant.tenantId,
      productId: product,
      warehouseId: warehouse,
      quantity: 5,
      type: 'adjustment',
      reason: 'records',
    }),
  );
  const inventoryRecord = (
    await t.database.db
      .selectFrom('inventory_records')
      .select('id')
      .where('product_id', '=', product)
      .executeTakeFirstOrThrow()
  ).id;
  const stockMovement = (
    await t.database.db
      .selectFrom('stock_movements')
      .select('id')
      .where('product_id', '=', product)
      .executeTakeFirstOrThrow()
  ).id;
  const stockReservation = (
    await inTransaction(t.database.db, (trx) =>
      t.services.stock.applyReservation(trx, {
        tenantId: tenant.tenantId,
        productId: product,
        warehouseId: warehouse,
        quantity: 1,
      }),
    )
  ).reservation.id;

  // A shipment of an order that the product's stock in the warehouse was allocated to.
  const allocatedOrder = await build.salesOrder({
    customer_id: customer,
    lines: [{ product_id: product, quantity: 1, unit_price: 1 }],
  });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `${API}/sales/orders/${allocatedOrder.id}/confirm`,
    headers: auth,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const shipped = await t.app.inject({
    method: 'POST',
    url: `${API}/sales/orders/${allocatedOrder.id}/shipments`,
    headers: auth,
    payload: { warehouse_id: warehouse },
  });
  if (shipped.statusCode !== 201) throw new Error(`shipment: ${shipped.statusCode} ${shipped.body}`);
  const shipment = shipped.json().data.id as string;

  const purchaseOrder = (
    await build.purchaseOrder({
      supplier_id: supplier,
      warehouse_id: warehouse,
      items: [{ product_id: product, quantity: 2, unit_price: 1.5 }],
    })
  ).id;

  const purchaseOrderReceipt = newId();
  await t.database.db
    .insertInto('purchase_order_receipts')
    .values({
      id: purchaseOrderReceipt,
      tenant_id: tenant.tenantId,
      purchase_order_id: purchaseOrder,
      received_date: '2026-01-05',
      notes: null,
      quality_check_passed: true,
      quality_notes: null,
      received_by: null,
      created_at: new Date().toISOString(),
    })
    .execute();

  await t.services.publisher.publishAll();
  const delivery = (
    await t.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('subscription_id', '=', subscription)
      .executeTakeFirstOrThrow()
  ).id;
  const token = (
    await t.database.db
      .selectFrom('api_tokens')
      .select('id')
      .where('tenant_id', '=', tenant.tenantId)
      .executeTakeFirstOrThrow()
  ).id;

  return {
    tenantId: tenant.tenantId,
    auth,
    token,
    warehouse,
    category,
    brand,
    tag,
    supplier,
    attribute,
    product,
    masterProduct,
    inventoryRecord,
    stockMovement,
    stockReservation,
    purchaseOrder,
    purchaseOrderReceipt,
    productDocument: await upload('products', product),
    supplierDocument: await upload('suppliers', supplier),
    purchaseOrderDocument: await upload('purchase-orders', purchaseOrder),
    subscription,
    delivery,
    user,
    importJob: imported.json().data.id as string,
    customer,
    salesOrder,
    shipment,
  };
}

/** Resolves a path parameter: the key is the url up to that parameter, without the API prefix. */
export const PARAM_RECORDS: Record<string, keyof Omit<TenantRecords, 'tenantId' | 'auth'>> = {
  '/api-tokens/:id': 'token',
  '/crm/customers/:id': 'customer',
  '/operations/attributes/:id': 'attribute',
  '/operations/brands/:id': 'brand',
  '/operations/imports/:id': 'importJob',
  '/operations/inventory/:id': 'inventoryRecord',
  '/operations/master-products/:id': 'masterProduct',
  '/operations/master-products/:master': 'masterProduct',
  '/operations/product-categories/:id': 'category',
  '/operations/products/:id': 'product',
  '/operations/products/:id/documents/:documentId': 'productDocument',
  '/operations/purchase-orders/:id': 'purchaseOrder',
  '/operations/purchase-orders/:id/documents/:documentId': 'purchaseOrderDocument',
  '/operations/purchase-orders/:id/receipts/:receiptId': 'purchaseOrderReceipt',
  '/operations/stock-movements/:id': 'stockMovement',
  '/operations/reservations/:id': 'stockReservation',
  '/operations/stock-movements/product/:productId': 'product',
  '/operations/suppliers/:id': 'supplier',
  '/operations/suppliers/:id/documents/:documentId': 'supplierDocument',
  '/operations/tags/:id': 'tag',
  '/operations/warehouses/:id': 'warehouse',
  '/sales/orders/:id': 'salesOrder',
  '/sales/shipments/:id': 'shipment',
  '/users/:id': 'user',
  '/webhooks/subscriptions/:id': 'subscription',
  '/webhooks/subscriptions/:subscriptionId': 'subscription',
  '/webhooks/subscriptions/:subscriptionId/deliveries/:deliveryId': 'delivery',
};

/** The fixture key of each path parameter of a route, in order. */
export function paramKeys(route: Pick<RouteEntry, 'url'>, prefix = API): Array<{ param: string; key: string }> {
  const path = route.url.slice(prefix.length);
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    param: m[1]!,
    key: path.slice(0, m.index + m[0].length),
  }));
}

/** Path parameter values naming the records of `records` (unknown keys are left out). */
export function paramValues(route: Pick<RouteEntry, 'url'>, records: TenantRecords): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { param, key } of paramKeys(route)) {
    const kind = PARAM_RECORDS[key];
    if (kind) values[param] = records[kind];
  }
  return values;
}
