// Products and product pages answered from memory, and every change to what they show holds from the next request
// on: changes made through the API (the product, its brand, its stock), by another connection to the same
// database, and for other tenants and callers. See docs/decisions/performance-caches.md.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sql } from 'kysely';
import { createDatabase } from '../../../src/db/database.js';
import { CATALOG_ANSWER_TABLES } from '../../../src/modules/catalog/catalog-answers.js';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';
import { afterCommitElsewhere } from '../../helpers/test-database.js';

const PRODUCTS = '/api/v1/operations/products';
/** PostgreSQL tells of another process's commit by a notification, which arrives a moment after the commit. */
const NOTIFICATION_WAIT_MS = 2000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('catalog answers kept in memory', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let reads: MockInstance;
  let lists: MockInstance;
  let sequence = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    reads?.mockRestore();
    lists?.mockRestore();
    reads = vi.spyOn(t.services.catalog.products.service, 'get');
    lists = vi.spyOn(t.services.catalog.products.service, 'list');
  });

  async function createProduct(fields: Record<string, unknown> = {}): Promise<string> {
    const res = await call('POST', PRODUCTS, { name: 'Cordless drill', sku: `DRL-KEPT-${++sequence}`, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }

  /**
   * Reads `url` until it is answered from memory: from its third read on SQLite (an answer is kept from its second
   * read); on PostgreSQL once the listener is in place (until then every request is read from the database).
   * Gives the answer.
   */
  async function warm(url: string, spy: MockInstance) {
    for (const deadline = Date.now() + NOTIFICATION_WAIT_MS; ;) {
      expect((await call('GET', url)).statusCode).toBe(200);
      const before = spy.mock.calls.length;
      const res = await call('GET', url);
      expect(res.statusCode).toBe(200);
      if (spy.mock.calls.length === before) return res;
      if (Date.now() > deadline) throw new Error(`${url} is never answered from memory`);
      await pause(20);
    }
  }

  it('answers a product, with its ETag, and a page of products it has served without reading them again', async () => {
    const id = await createProduct();
    const first = await warm(`${PRODUCTS}/${id}`, reads);
    reads.mockClear();
    const again = await call('GET', `${PRODUCTS}/${id}`);
    expect(reads).not.toHaveBeenCalled();
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');

    const page = await warm(`${PRODUCTS}?per_page=5`, lists);
    lists.mockClear();
    expect((await call('GET', `${PRODUCTS}?per_page=5`)).body).toBe(page.body);
    expect(lists).not.toHaveBeenCalled();
  });

  it('keeps an answer from its second read: a product read once is read from the database again', async () => {
    const id = await createProduct();
    await warm(`${PRODUCTS}?per_page=5`, lists); // the listener in place on PostgreSQL
    reads.mockClear();
    expect((await call('GET', `${PRODUCTS}/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `${PRODUCTS}/${id}`)).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(2);
    await warm(`${PRODUCTS}/${id}`, reads);
  });

  it('keeps answers apart by the origin their links are built on, and never keeps one under a Host longer than a host name', async () => {
    const id = await createProduct();
    const page = `${PRODUCTS}?per_page=5`;
    const under = (host: string) => call('GET', page, undefined, { ...t.auth, host });
    await warm(page, lists); // the listener in place on PostgreSQL
    for (const host of ['one.example', 'one.example', 'one.example']) expect((await under(host)).statusCode).toBe(200);
    const other = await under('two.example:8080');
    expect(other.json().links.first).toMatch(/^http:\/\/two\.example:8080\//);

    const longHost = `${'h'.repeat(300)}.example`;
    lists.mockClear();
    reads.mockClear();
    for (let i = 0; i < 3; i += 1) {
      expect((await under(longHost)).statusCode).toBe(200);
      expect((await call('GET', `${PRODUCTS}/${id}`, undefined, { ...t.auth, host: longHost })).statusCode).toBe(200);
    }
    expect(lists).toHaveBeenCalledTimes(3);
    expect(reads).toHaveBeenCalledTimes(3);
  });

  it('answers 304 from memory to an If-None-Match naming the kept ETag', async () => {
    const id = await createProduct();
    const { headers } = await warm(`${PRODUCTS}/${id}`, reads);
    reads.mockClear();
    const res = await call('GET', `${PRODUCTS}/${id}`, undefined, {
      ...t.auth,
      'if-none-match': headers.etag as string,
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(reads).not.toHaveBeenCalled();
  });

  it('shows a change to the product, its brand or its stock at the next request', async () => {
    const brand = (await call('POST', '/api/v1/operations/brands', { name: `Brand ${++sequence}` })).json().data;
    const id = await createProduct({ brand_id: brand.id });
    const url = `${PRODUCTS}/${id}`;

    await warm(url, reads);
    expect((await call('PATCH', url, { name: 'Hammer drill' })).statusCode).toBe(200);
    expect((await call('GET', url)).json().data.name).toBe('Hammer drill');

    await warm(url, reads);
    expect((await call('PATCH', `/api/v1/operations/brands/${brand.id}`, { name: 'Renamed brand' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', url)).json().data.brand.name).toBe('Renamed brand');

    await warm(url, reads);
    expect(
      (await call('POST', '/api/v1/operations/inventory/adjust', { product_id: id, quantity: 7, reason: 'Found' }))
        .statusCode,
    ).toBe(200);
    const after = await call('GET', url);
    expect(after.json().data.stock_quantity).toBe(7);
  });

  it('counts a new product and forgets a deleted one in the next page', async () => {
    const { auth } = await makeTenantWithToken(t.services);
    const own = jsonCaller(t.app, auth);
    const listed = async () => (await own('GET', `${PRODUCTS}?per_page=5`)).json().meta.total as number;
    expect(await listed()).toBe(0);
    const created = await own('POST', PRODUCTS, { name: 'Level', sku: `LVL-${++sequence}` });
    expect(await listed()).toBe(1);
    expect((await own('DELETE', `${PRODUCTS}/${created.json().data.id}`)).statusCode).toBe(200);
    expect(await listed()).toBe(0);
  });

  it("gives each tenant its own answer to the same URL, and another tenant's product is still 404", async () => {
    const id = await createProduct();
    await warm(`${PRODUCTS}/${id}`, reads);
    const other = await makeTenantWithToken(t.services);
    expect((await call('GET', `${PRODUCTS}/${id}`, undefined, other.auth)).statusCode).toBe(404);
    await warm(`${PRODUCTS}?per_page=5`, lists);
    const page = (await call('GET', `${PRODUCTS}?per_page=5`, undefined, other.auth)).json();
    expect(page.meta.total).toBe(0);
  });

  it('still refuses a caller without the right to read products, and one with an unknown token', async () => {
    const id = await createProduct();
    await warm(`${PRODUCTS}/${id}`, reads);
    const clerk = await makeUser(t.services, t.tenant.tenantId);
    const narrow = await makeToken(t.services, t.tenant.tenantId, clerk.id, {
      abilities: ['operations:view-inventory'],
    });
    expect((await call('GET', `${PRODUCTS}/${id}`, undefined, bearer(narrow))).statusCode).toBe(403);
    expect((await call('GET', `${PRODUCTS}/${id}`, undefined, { authorization: 'Bearer qm_unknown' })).statusCode).toBe(
      401,
    );
  });

  it('sees a change written through another connection at the next request', async () => {
    const id = await createProduct();
    const url = `${PRODUCTS}/${id}`;
    await warm(url, reads);
    const other = createDatabase({ databaseUrl: t.location.databaseUrl, sqliteFile: t.location.sqliteFile });
    try {
      await other.db.updateTable('products').set({ name: 'Renamed elsewhere' }).where('id', '=', id).execute();
    } finally {
      await other.close();
    }
    await afterCommitElsewhere();
    expect((await call('GET', url)).json().data.name).toBe('Renamed elsewhere');
  });

  it('reads them again after another connection writes any table they are made of', async () => {
    const created = async (resource: string, body: Record<string, unknown>) => {
      const res = await call('POST', `/api/v1/operations/${resource}`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const n = ++sequence;
    // A record of the tenant in every table: the product, all it links to, and a master product.
    await created('attributes', { code: `finish_${n}`, name: `Finish ${n}`, label: 'Finish', type: 'text' });
    await created('master-products', { name: `Master ${n}`, sku: `KEPT-MASTER-${n}` });
    const id = await createProduct({
      category_id: await created('product-categories', { name: `Category ${n}` }),
      brand_id: await created('brands', { name: `Brand ${n}` }),
      supplier_id: await created('suppliers', {
        name: `Supplier ${n}`,
        code: `KEPT-${n}`,
        email: `kept-${n}@example.test`,
      }),
      tags: [await created('tags', { name: `Tag ${n}` })],
      attributes: { [`finish_${n}`]: 'Matte' },
    });
    const url = `${PRODUCTS}/${id}`;
    const other = createDatabase({ databaseUrl: t.location.databaseUrl, sqliteFile: t.location.sqliteFile });
    try {
      for (const table of CATALOG_ANSWER_TABLES.tables) {
        await warm(url, reads);
        // The tenant's rows written again as they are: a commit that changes no value a reader sees.
        const key = table === 'tenants' ? 'id' : 'tenant_id';
        await sql`update ${sql.table(table)} set ${sql.ref(key)} = ${sql.ref(key)} where ${sql.ref(key)} = ${t.tenant.tenantId}`.execute(
          other.db,
        );
        await afterCommitElsewhere();
        reads.mockClear();
        expect((await call('GET', url)).statusCode).toBe(200);
        expect(reads, table).toHaveBeenCalledTimes(1);
      }
    } finally {
      await other.close();
    }
  });
});

describe('catalog answers kept in memory with PUBLIC_URL', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;

  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://stock.example' } });
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  it('gives one kept answer whatever Host the request names, its links on PUBLIC_URL', async () => {
    const lists = vi.spyOn(t.services.catalog.products.service, 'list');
    const page = `${PRODUCTS}?per_page=5`;
    const under = (host: string) => call('GET', page, undefined, { ...t.auth, host });
    for (const deadline = Date.now() + NOTIFICATION_WAIT_MS; ; await pause(20)) {
      await under('first.example');
      lists.mockClear();
      await under('first.example');
      if (lists.mock.calls.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${page} is never answered from memory`);
    }
    for (let i = 0; i < 50; i += 1) {
      const res = await under(`made-up-${i}.example`);
      expect(res.json().links.first).toMatch(/^https:\/\/stock\.example\//);
    }
    expect(lists).not.toHaveBeenCalled();
  });
});

describe('catalog answers with ANSWER_CACHE_MB=0', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ config: { answerCacheBytes: 0 } });
  });
  afterAll(() => t.close());

  it('keeps no answer: every read of a page goes to the database', async () => {
    expect(t.services.catalogAnswers).toBeNull();
    const call = jsonCaller(t.app, t.auth);
    const lists = vi.spyOn(t.services.catalog.products.service, 'list');
    for (let i = 0; i < 5; i += 1) expect((await call('GET', `${PRODUCTS}?per_page=5`)).statusCode).toBe(200);
    expect(lists).toHaveBeenCalledTimes(5);
  });
});
