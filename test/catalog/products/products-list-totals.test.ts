// The product list's total past the count bound (COUNT_LIMIT): exact up to it, then a lower bound that says so,
// with a last page that stays ahead of the page read while products follow, and exact again on the last page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '../../../src/core/pagination.js';
import { newId } from '../../../src/lib/ids.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const PRODUCTS = '/api/v1/operations/products';
const MATCHES = COUNT_LIMIT + 50;

describe('product list totals past the count bound', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    const now = new Date().toISOString();
    const rows = Array.from({ length: MATCHES }, (_, i) => ({
      id: newId(),
      tenant_id: t.tenant.tenantId,
      name: `Bulk ${i}`,
      slug: `bulk-${i}`,
      sku: `BULK-${i}`,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.database.db
        .insertInto('products')
        .values(rows.slice(i, i + 500))
        .execute();
  }, 120_000);
  afterAll(() => t.close());

  it('counts up to the bound and says the total is capped', async () => {
    const first = (await call('GET', `${PRODUCTS}?per_page=100`)).json();
    expect(first.meta).toEqual({
      current_page: 1,
      per_page: 100,
      total: COUNT_LIMIT,
      last_page: COUNT_LIMIT / 100,
      total_is_capped: true,
    });
    expect(first.links.next).toMatch(/page=2/);
  });

  it('keeps the last page ahead of the page read while products follow, and reaches every product', async () => {
    const beyond = (await call('GET', `${PRODUCTS}?per_page=100&page=101`)).json();
    expect(beyond.data).toHaveLength(50);
    // The last page tells the total by itself: exact again.
    expect(beyond.meta).toEqual({ current_page: 101, per_page: 100, total: MATCHES, last_page: 101 });
    expect(beyond.links.next).toBeNull();
    const atBound = (await call('GET', `${PRODUCTS}?per_page=100&page=100`)).json();
    expect(atBound.meta).toMatchObject({ total: COUNT_LIMIT + 1, last_page: 101, total_is_capped: true });
    expect(atBound.links.next).toMatch(/page=101/);
  });

  it('counts a narrower match exactly', async () => {
    const narrow = (await call('GET', `${PRODUCTS}?search=BULK-99&per_page=5`)).json();
    // BULK-99, BULK-990…999 and BULK-9900…9999: 1 + 10 + 100.
    expect(narrow.meta).toEqual({ current_page: 1, per_page: 5, total: 111, last_page: 23 });
  });
});
