// Optimistic concurrency (README, Optimistic concurrency; docs/decisions/idempotency-and-concurrency.md): ETag on every single-record read
// and record-answering write, 304 for a matching If-None-Match, 412 for an If-Match the record no longer has,
// checked inside the write's transaction so that of two writers sending the same tag exactly one wins.
import { afterAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../helpers/factories.js';
import { signedInClient } from '../helpers/session-client.js';
import { buildTestApp, publicAddress, type HttpMethod } from '../helpers/test-app.js';
import {
  API,
  collectRoutes,
  concreteUrl,
  makeTenantRecords,
  paramValues,
  recordRoutes,
  routeName,
  type TenantRecords,
} from '../security/route-table.js';

const t = await buildTestApp({ beforeReady: recordRoutes, webhookResolver: publicAddress });
const routes = await collectRoutes(t.app);
const records = await makeTenantRecords(t, t.tenant, t.auth);
afterAll(() => t.close());

const PRECONDITION_FAILED = 'The record has changed since the version given in If-Match.';
const STALE = '"0000000000000000000000"';

const call = (method: HttpMethod, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { ...t.auth, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

const etagOf = async (url: string): Promise<string> => {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  const etag = res.headers.etag;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  return etag as string;
};

const create = async (url: string, payload: object): Promise<string> => {
  const res = await call('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};

describe('ETag and If-None-Match on single-record reads', () => {
  // Token routes take a session, not the bearer token these calls use: they are read below.
  const reads = routes.filter((route) => route.config.conditional === 'read' && route.config.auth !== 'session');

  it('every GET of one record by its id is a conditional read', () => {
    const single = routes.filter((route) => route.method === 'GET' && /\/:(id|documentId|deliveryId)$/.test(route.url));
    expect(single.length).toBeGreaterThanOrEqual(17);
    expect(single.filter((route) => route.config.conditional !== 'read').map(routeName)).toEqual([]);
  });

  it.each(reads.map((route) => [routeName(route), route] as const))(
    '%s answers an ETag, and 304 to it',
    async (_name, route) => {
      const url = concreteUrl(route.url, paramValues(route, records));
      const first = await t.app.inject({ method: 'GET', url, headers: t.auth });
      expect(first.statusCode, first.body).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      const again = await t.app.inject({ method: 'GET', url, headers: t.auth });
      expect(again.headers.etag).toBe(etag);

      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const notModified = await t.app.inject({ method: 'GET', url, headers: { ...t.auth, 'if-none-match': header } });
        expect(notModified.statusCode).toBe(304);
        expect(notModified.body).toBe('');
        expect(notModified.headers.etag).toBe(etag);
      }
      const modified = await t.app.inject({ method: 'GET', url, headers: { ...t.auth, 'if-none-match': STALE } });
      expect(modified.statusCode).toBe(200);
      expect(modified.json()).toEqual(first.json());
    },
  );

  it('changes the ETag when something embedded from another record changes', async () => {
    const before = await etagOf(`/operations/brands/${records.brand}`);
    await makeProduct(t.database.db, t.tenant.tenantId, { brand_id: records.brand });
    const after = await etagOf(`/operations/brands/${records.brand}`);
    expect(after).not.toBe(before);
    const stale = await call('GET', `/operations/brands/${records.brand}`, undefined, { 'if-none-match': before });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data.products_count).toBeGreaterThan(0);
  });
});

interface WriteCase {
  name: string;
  method: HttpMethod;
  url: (r: TenantRecords) => string;
  /** The record's own GET, whose ETag the write checks and answers. */
  resource: (r: TenantRecords) => string;
  payload?: (r: TenantRecords) => object;
  /** Whether the answer carries the record's ETag (false for an answer that is something else). */
  tagged?: boolean;
}

const record = (r: TenantRecords) => ({ product_id: r.product, warehouse_id: r.warehouse });
const parentCategory = await create('/operations/product-categories', { name: 'Parent of the moved category' });

// In order: each write is valid in the state the ones before it leave.
const WRITES: WriteCase[] = [
  {
    name: 'PATCH tenant',
    method: 'PATCH',
    url: () => '/tenant',
    resource: () => '/tenant',
    payload: () => ({ tax_id: 'GB123456789' }),
  },
  {
    name: 'PATCH brand',
    method: 'PATCH',
    url: (r) => `/operations/brands/${r.brand}`,
    resource: (r) => `/operations/brands/${r.brand}`,
    payload: () => ({ description: 'Patched' }),
  },
  {
    name: 'PUT brand',
    method: 'PUT',
    url: (r) => `/operations/brands/${r.brand}`,
    resource: (r) => `/operations/brands/${r.brand}`,
    payload: () => ({ description: 'Put' }),
  },
  {
    name: 'PATCH category',
    method: 'PATCH',
    url: (r) => `/operations/product-categories/${r.category}`,
    resource: (r) => `/operations/product-categories/${r.category}`,
    payload: () => ({ description: 'Patched' }),
  },
  {
    name: 'toggle-featured category',
    method: 'POST',
    url: (r) => `/operations/product-categories/${r.category}/toggle-featured`,
    resource: (r) => `/operations/product-categories/${r.category}`,
  },
  {
    name: 'move category',
    method: 'POST',
    url: (r) => `/operations/product-categories/${r.category}/move`,
    resource: (r) => `/operations/product-categories/${r.category}`,
    payload: () => ({ parent_id: parentCategory }),
  },
  {
    name: 'PATCH tag',
    method: 'PATCH',
    url: (r) => `/operations/tags/${r.tag}`,
    resource: (r) => `/operations/tags/${r.tag}`,
    payload: () => ({ description: 'Patched' }),
  },
  {
    name: 'PATCH attribute',
    method: 'PATCH',
    url: (r) => `/operations/attributes/${r.attribute}`,
    resource: (r) => `/operations/attributes/${r.attribute}`,
    payload: () => ({ description: 'Patched' }),
  },
  {
    name: 'PATCH supplier',
    method: 'PATCH',
    url: (r) => `/operations/suppliers/${r.supplier}`,
    resource: (r) => `/operations/suppliers/${r.supplier}`,
    payload: () => ({ phone: '555-0100' }),
  },
  {
    name: 'deactivate supplier',
    method: 'POST',
    url: (r) => `/operations/suppliers/${r.supplier}/deactivate`,
    resource: (r) => `/operations/suppliers/${r.supplier}`,
  },
  {
    name: 'suspend supplier',
    method: 'POST',
    url: (r) => `/operations/suppliers/${r.supplier}/suspend`,
    resource: (r) => `/operations/suppliers/${r.supplier}`,
    payload: () => ({ reason: 'Audit' }),
  },
  {
    name: 'activate supplier',
    method: 'POST',
    url: (r) => `/operations/suppliers/${r.supplier}/activate`,
    resource: (r) => `/operations/suppliers/${r.supplier}`,
  },
  {
    name: 'rate supplier',
    method: 'POST',
    url: (r) => `/operations/suppliers/${r.supplier}/rate`,
    resource: (r) => `/operations/suppliers/${r.supplier}`,
    payload: () => ({ rating: 4 }),
    tagged: false,
  },
  {
    name: 'PATCH customer',
    method: 'PATCH',
    url: (r) => `/crm/customers/${r.customer}`,
    resource: (r) => `/crm/customers/${r.customer}`,
    payload: () => ({ notes: 'Patched' }),
  },
  {
    name: 'PATCH warehouse',
    method: 'PATCH',
    url: (r) => `/operations/warehouses/${r.warehouse}`,
    resource: (r) => `/operations/warehouses/${r.warehouse}`,
    payload: () => ({ name: 'Renamed' }),
  },
  {
    name: 'PATCH product',
    method: 'PATCH',
    url: (r) => `/operations/products/${r.product}`,
    resource: (r) => `/operations/products/${r.product}`,
    payload: () => ({ description: 'Patched' }),
  },
  {
    name: 'activate product',
    method: 'POST',
    url: (r) => `/operations/products/${r.product}/activate`,
    resource: (r) => `/operations/products/${r.product}`,
  },
  {
    name: 'PATCH master product',
    method: 'PATCH',
    url: (r) => `/operations/master-products/${r.masterProduct}`,
    resource: (r) => `/operations/master-products/${r.masterProduct}`,
    payload: () => ({ description: 'Patched' }),
  },
  {
    name: 'adjust inventory',
    method: 'POST',
    url: () => '/operations/inventory/adjust',
    resource: (r) => `/operations/inventory/${r.inventoryRecord}`,
    payload: (r) => ({ ...record(r), quantity: 3, reason: 'Found' }),
  },
  {
    name: 'reserve inventory',
    method: 'POST',
    url: () => '/operations/inventory/reserve',
    resource: (r) => `/operations/inventory/${r.inventoryRecord}`,
    payload: (r) => ({ ...record(r), quantity: 2 }),
  },
  {
    name: 'release inventory',
    method: 'POST',
    url: () => '/operations/inventory/release',
    resource: (r) => `/operations/inventory/${r.inventoryRecord}`,
    payload: (r) => ({ ...record(r), quantity: 1 }),
  },
  {
    name: 'reorder settings',
    method: 'PUT',
    url: () => '/operations/inventory/reorder-settings',
    resource: (r) => `/operations/inventory/${r.inventoryRecord}`,
    payload: (r) => ({ ...record(r), reorder_point: 2, reorder_quantity: 10 }),
  },
  {
    name: 'physical count',
    method: 'POST',
    url: () => '/operations/inventory/physical-count',
    resource: (r) => `/operations/inventory/${r.inventoryRecord}`,
    payload: (r) => ({ ...record(r), counted_quantity: 9 }),
  },
  {
    name: 'PATCH purchase order',
    method: 'PATCH',
    url: (r) => `/operations/purchase-orders/${r.purchaseOrder}`,
    resource: (r) => `/operations/purchase-orders/${r.purchaseOrder}`,
    payload: () => ({ notes: 'Patched' }),
  },
  {
    name: 'submit purchase order',
    method: 'POST',
    url: (r) => `/operations/purchase-orders/${r.purchaseOrder}/submit-for-approval`,
    resource: (r) => `/operations/purchase-orders/${r.purchaseOrder}`,
  },
  {
    name: 'approve purchase order',
    method: 'POST',
    url: (r) => `/operations/purchase-orders/${r.purchaseOrder}/approve`,
    resource: (r) => `/operations/purchase-orders/${r.purchaseOrder}`,
  },
  {
    name: 'send purchase order',
    method: 'POST',
    url: (r) => `/operations/purchase-orders/${r.purchaseOrder}/send`,
    resource: (r) => `/operations/purchase-orders/${r.purchaseOrder}`,
  },
  {
    name: 'receive purchase order',
    method: 'POST',
    url: (r) => `/operations/purchase-orders/${r.purchaseOrder}/receive`,
    resource: (r) => `/operations/purchase-orders/${r.purchaseOrder}`,
  },
  {
    name: 'PATCH webhook subscription',
    method: 'PATCH',
    url: (r) => `/webhooks/subscriptions/${r.subscription}`,
    resource: (r) => `/webhooks/subscriptions/${r.subscription}`,
    payload: () => ({ description: 'Patched' }),
  },
  {
    name: 'disable webhook subscription',
    method: 'POST',
    url: (r) => `/webhooks/subscriptions/${r.subscription}/disable`,
    resource: (r) => `/webhooks/subscriptions/${r.subscription}`,
  },
  {
    name: 'activate webhook subscription',
    method: 'POST',
    url: (r) => `/webhooks/subscriptions/${r.subscription}/activate`,
    resource: (r) => `/webhooks/subscriptions/${r.subscription}`,
  },
  {
    name: 'rotate webhook secret',
    method: 'POST',
    url: (r) => `/webhooks/subscriptions/${r.subscription}/rotate-secret`,
    resource: (r) => `/webhooks/subscriptions/${r.subscription}`,
  },
  {
    name: 'PATCH user',
    method: 'PATCH',
    url: (r) => `/users/${r.user}`,
    resource: (r) => `/users/${r.user}`,
    payload: () => ({ name: 'Patched' }),
  },
  {
    name: 'deactivate user',
    method: 'POST',
    url: (r) => `/users/${r.user}/deactivate`,
    resource: (r) => `/users/${r.user}`,
  },
  {
    name: 'reactivate user',
    method: 'POST',
    url: (r) => `/users/${r.user}/reactivate`,
    resource: (r) => `/users/${r.user}`,
  },
  {
    name: 'PATCH product document',
    method: 'PATCH',
    url: (r) => `/operations/products/${r.product}/documents/${r.productDocument}`,
    resource: (r) => `/operations/products/${r.product}/documents/${r.productDocument}`,
    payload: () => ({ name: 'Patched' }),
  },
];

describe('If-Match on writes of one record', () => {
  it.each(WRITES.map((write) => [write.name, write] as const))(
    '%s: 412 for a stale tag, then the change for the current one',
    async (_name, write) => {
      const resource = write.resource(records);
      const before = await call('GET', resource);
      const etag = before.headers.etag as string;
      const payload = write.payload?.(records);

      const refused = await call(write.method, write.url(records), payload, { 'if-match': STALE });
      expect(refused.statusCode, refused.body).toBe(412);
      expect(refused.json()).toEqual({
        success: false,
        message: PRECONDITION_FAILED,
        code: 'precondition_failed',
        current_etag: etag,
      });
      expect(refused.headers.etag).toBe(etag);
      const unchanged = await call('GET', resource);
      expect(unchanged.headers.etag).toBe(etag);
      expect(unchanged.json()).toEqual(before.json());

      const done = await call(write.method, write.url(records), payload, { 'if-match': etag });
      expect(done.statusCode, done.body).toBe(200);
      const after = await etagOf(resource);
      expect(after).not.toBe(etag);
      if (write.tagged !== false) expect(done.headers.etag).toBe(after);
      else expect(done.headers.etag).toBeUndefined();
    },
  );

  it('routes that take If-Match say so in the route table, and every one is exercised above or below', () => {
    const guarded = routes.filter(
      (route) => route.config.conditional === 'write' || route.config.conditional === 'guard',
    );
    expect(guarded.length).toBeGreaterThanOrEqual(45);
    for (const route of guarded) {
      const headers = route.schema.headers as { properties?: Record<string, unknown> } | undefined;
      expect(headers?.properties?.['if-match'], routeName(route)).toBeDefined();
      expect((route.schema.response as Record<string, unknown>)[412], routeName(route)).toBeDefined();
    }
  });

  it('takes any of several tags, a weak or unquoted form of the current one, and * for any existing record', async () => {
    const url = `/operations/brands/${records.brand}`;
    const forms = [
      (tag: string) => `${STALE}, ${tag}`,
      (tag: string) => `W/${tag}`,
      (tag: string) => tag.slice(1, -1),
      () => '*',
    ];
    for (const [i, form] of forms.entries()) {
      const header = form(await etagOf(url));
      const res = await call('PATCH', url, { description: `Form ${i}` }, { 'if-match': header });
      expect(res.statusCode, header).toBe(200);
    }
  });

  it('answers 404 for a missing record, If-Match or not', async () => {
    for (const header of ['*', STALE]) {
      const res = await call(
        'PATCH',
        '/operations/brands/01hzzzzzzzzzzzzzzzzzzzzzzz',
        { description: 'x' },
        { 'if-match': header },
      );
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers 412 with no current tag for an inventory record that does not exist yet', async () => {
    const productId = await makeProduct(t.database.db, t.tenant.tenantId);
    const res = await call(
      'POST',
      '/operations/inventory/adjust',
      { product_id: productId, quantity: 1, reason: 'New' },
      { 'if-match': '*' },
    );
    expect(res.statusCode).toBe(412);
    expect(res.json()).toEqual({
      success: false,
      message: 'The record does not exist, so If-Match cannot match it.',
      code: 'precondition_failed',
      current_etag: null,
    });
    expect(
      await t.database.db.selectFrom('inventory_records').select('id').where('product_id', '=', productId).execute(),
    ).toEqual([]);
  });

  it('a write without If-Match behaves as before: last write wins', async () => {
    const url = `/operations/brands/${records.brand}`;
    const etag = await etagOf(url);
    expect((await call('PATCH', url, { description: 'First' })).statusCode).toBe(200);
    const second = await call('PATCH', url, { description: 'Second' });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.description).toBe('Second');
    expect(second.headers.etag).not.toBe(etag);
  });

  it('a create answers the ETag that the record then reads with', async () => {
    for (const [url, payload] of [
      ['/operations/brands', { name: 'Created brand' }],
      ['/operations/products', { name: 'Created product' }],
      ['/operations/master-products', { name: 'Created master' }],
      ['/operations/suppliers', { name: 'Created supplier', code: 'CRSUP', email: 'created@supplier.test' }],
    ] as const) {
      const res = await call('POST', url, payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers.etag).toBe(await etagOf(`${url}/${res.json().data.id}`));
    }
  });

  describe('DELETE', () => {
    const DELETES: Array<[string, () => Promise<string>]> = [
      [
        'brand',
        async () =>
          `/operations/brands/${await create('/operations/brands', { name: `Doomed brand ${Math.random()}` })}`,
      ],
      ['tag', async () => `/operations/tags/${await create('/operations/tags', { name: `doomed-${Date.now()}` })}`],
      [
        'product',
        async () => `/operations/products/${await create('/operations/products', { name: 'Doomed product' })}`,
      ],
      [
        'supplier',
        async () =>
          `/operations/suppliers/${await create('/operations/suppliers', { name: 'Doomed', code: `D${Date.now() % 1e7}`, email: 'doomed@supplier.test' })}`,
      ],
      [
        'customer',
        async () => `/crm/customers/${await create('/crm/customers', { name: `Doomed customer ${Math.random()}` })}`,
      ],
      [
        'warehouse',
        async () =>
          `/operations/warehouses/${await create('/operations/warehouses', { name: 'Doomed', code: `DM${Date.now() % 100000}` })}`,
      ],
      [
        'purchase order',
        async () =>
          `/operations/purchase-orders/${await create('/operations/purchase-orders', {
            supplier_id: records.supplier,
            warehouse_id: records.warehouse,
            items: [{ product_id: records.product, quantity: 1, unit_price: 1 }],
          })}`,
      ],
      [
        'webhook subscription',
        async () =>
          `/webhooks/subscriptions/${await create('/webhooks/subscriptions', { url: 'https://hooks.example.test/doomed', event_types: ['*'] })}`,
      ],
    ];

    it.each(DELETES)('%s: 412 for a stale tag, deleted for the current one', async (_name, make) => {
      const url = await make();
      const etag = await etagOf(url);
      const refused = await call('DELETE', url, undefined, { 'if-match': STALE });
      expect(refused.statusCode).toBe(412);
      expect(refused.json().current_etag).toBe(etag);
      expect((await call('GET', url)).statusCode).toBe(200);
      const deleted = await call('DELETE', url, undefined, { 'if-match': etag });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await call('GET', url)).statusCode).toBe(404);
    });
  });
});

describe('two writers with the same If-Match', () => {
  const WRITERS = 6;

  const race = async (requests: Array<() => Promise<{ statusCode: number }>>) => {
    const codes = (await Promise.all(requests.map((send) => send()))).map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 412)).toHaveLength(requests.length - 1);
    return codes;
  };

  it('on a brand: exactly one PATCH wins, and the record holds its change', async () => {
    const url = `/operations/brands/${records.brand}`;
    for (let round = 0; round < 3; round++) {
      const etag = await etagOf(url);
      const results = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          call('PATCH', url, { description: `Writer ${round}-${i}` }, { 'if-match': etag }),
        ),
      );
      const codes = results.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 412)).toHaveLength(WRITERS - 1);
      const winner = results.find((res) => res.statusCode === 200)!;
      const now = await call('GET', url);
      expect(now.json().data.description).toBe(winner.json().data.description);
      for (const loser of results.filter((res) => res.statusCode === 412))
        expect(loser.json().current_etag).toBe(now.headers.etag);
    }
  });

  it('on a product: exactly one of a PATCH and a lifecycle action wins', async () => {
    const productId = await create('/operations/products', { name: 'Raced product' });
    const url = `/operations/products/${productId}`;
    const etag = await etagOf(url);
    await race([
      () => call('PATCH', url, { description: 'Edited' }, { 'if-match': etag }),
      () => call('POST', `${url}/activate`, undefined, { 'if-match': etag }),
      () => call('PATCH', url, { description: 'Edited again' }, { 'if-match': etag }),
    ]);
  });

  it('on an inventory record: exactly one adjustment is made', async () => {
    const url = `/operations/inventory/${records.inventoryRecord}`;
    const before = (await call('GET', url)).json().data.quantity_on_hand as number;
    const etag = await etagOf(url);
    await race(
      Array.from(
        { length: WRITERS },
        () => () =>
          call(
            'POST',
            '/operations/inventory/adjust',
            { ...record(records), quantity: 1, reason: 'Race' },
            { 'if-match': etag },
          ),
      ),
    );
    expect((await call('GET', url)).json().data.quantity_on_hand).toBe(before + 1);
  });

  it('on a purchase order: exactly one of an approval and a cancellation happens', async () => {
    const id = await create('/operations/purchase-orders', {
      supplier_id: records.supplier,
      warehouse_id: records.warehouse,
      items: [{ product_id: records.product, quantity: 1, unit_price: 1 }],
      status: 'pending_approval',
    });
    const url = `/operations/purchase-orders/${id}`;
    const etag = await etagOf(url);
    expect((await call('GET', url)).json().data.status).toBe('pending_approval');
    const codes = await race([
      () => call('POST', `${url}/approve`, undefined, { 'if-match': etag }),
      () => call('POST', `${url}/cancel`, { reason: 'Changed our mind' }, { 'if-match': etag }),
    ]);
    expect((await call('GET', url)).json().data.status).toBe(codes[0] === 200 ? 'approved' : 'cancelled');
  });

  it('without If-Match, concurrent writers all succeed as before', async () => {
    const url = `/operations/brands/${records.brand}`;
    const results = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => call('PATCH', url, { description: `Unconditional ${i}` })),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array.from({ length: WRITERS }, () => 200));
  });
});

describe('the OpenAPI document', () => {
  it('documents ETag, If-None-Match and 304 on reads, If-Match and 412 on writes', async () => {
    const document = (await t.app.inject({ method: 'GET', url: `${API}/openapi.json` })).json();
    const one = document.paths['/api/v1/operations/brands/{id}'];
    const headerNames = (operation: { parameters: Array<{ in: string; name: string }> }) =>
      operation.parameters.filter((p) => p.in === 'header').map((p) => p.name);
    expect(headerNames(one.get)).toContain('if-none-match');
    expect(one.get.responses['200'].headers.ETag).toBeDefined();
    expect(one.get.responses['304']).toBeDefined();
    expect(one.get.responses['304'].content).toBeUndefined();
    expect(headerNames(one.patch)).toContain('if-match');
    expect(one.patch.responses['200'].headers.ETag).toBeDefined();
    expect(one.patch.responses['412'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PreconditionFailedError',
    });
    expect(document.components.schemas.PreconditionFailedError.properties.current_etag).toBeDefined();
    expect(headerNames(one.delete)).toContain('if-match');
    expect(document.paths['/api/v1/operations/brands'].post.responses['201'].headers.ETag).toBeDefined();
  });
});

// Tokens are managed by a signed-in session; their reads and writes follow the same rules.
describe('API tokens', () => {
  it('answers an ETag and 304 on read, and checks If-Match on revoke', async () => {
    const admin = await signedInClient(t.app, t.tenant.adminEmail);
    const created = await admin.post(`${API}/api-tokens`, {
      name: 'Conditional',
      type: 'application',
      abilities: ['operations:view-products'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `${API}/api-tokens/${created.json().data.id}`;
    const read = await admin.request({ url });
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect((await admin.request({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const refused = await admin.request({ method: 'DELETE', url, headers: { 'if-match': STALE } });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().current_etag).toBe(etag);
    const revoked = await admin.request({ method: 'DELETE', url, headers: { 'if-match': etag } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    expect(revoked.headers.etag).toBe((await admin.request({ url })).headers.etag);
  });
});
