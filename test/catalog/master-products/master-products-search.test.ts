// The master product list's `search` through its index (migration 0031, db/search.ts): a substring of the name or
// slug from three characters, a prefix of either below that; changes seen at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../../src/db/dialect.js';
import { matchesSearch } from '../../../src/db/search.js';
import { MASTER_PRODUCT_SEARCH } from '../../../src/modules/catalog/master-products/master-product.repository.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { searchPlan } from '../../helpers/search-plan.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngine } from '../../helpers/test-database.js';

const MASTERS = '/api/v1/operations/master-products';

describe(`master product search on ${testEngine}`, () => {
  let t: TestApp;

  async function names(search: string): Promise<string[]> {
    const query = `per_page=100&sort_by=name&sort_direction=asc&search=${encodeURIComponent(search)}`;
    const res = await t.app.inject({ url: `${MASTERS}?${query}`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ name: string }>; meta: { pagination: { total: number } } };
    expect(body.meta.pagination.total).toBe(body.data.length);
    return body.data.map((m) => m.name);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const build = apiBuilders(t.app, t.auth);
    await build.masterProduct({ name: 'Trail Runner', slug: 'trail-runner-2026' });
    await build.masterProduct({ name: 'Crème Parka' });
    await build.masterProduct({ name: 'Runner 50% Wool Sock' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a substring of the name or slug, whatever the case', async () => {
    expect(await names('RUNNER')).toEqual(['Runner 50% Wool Sock', 'Trail Runner']);
    expect(await names('r-2026')).toEqual(['Trail Runner']);
    expect(await names('CRÈME')).toEqual(['Crème Parka']);
    expect(await names('0% w')).toEqual(['Runner 50% Wool Sock']);
    expect(await names('0_w')).toEqual([]);
  });

  it('takes one or two characters as the start of the name or slug', async () => {
    expect(await names('r')).toEqual(['Runner 50% Wool Sock']);
    expect(await names('TR')).toEqual(['Trail Runner']);
    expect(await names('un')).toEqual([]);
  });

  it('sees a change at once', async () => {
    const build = apiBuilders(t.app, t.auth);
    const { id } = await build.masterProduct({ name: 'Canvas Tote' });
    expect(await names('tote')).toEqual(['Canvas Tote']);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${MASTERS}/${id}`,
      headers: t.auth,
      payload: { name: 'Canvas Duffel' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await names('duffel')).toEqual(['Canvas Duffel']);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${MASTERS}/${id}`, headers: t.auth });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await names('canvas')).toEqual([]);
  });

  it('answers from an index', async () => {
    const db = t.database.db;
    const plan = (term: string) =>
      searchPlan(
        db,
        db
          .selectFrom('master_products')
          .select('master_products.id')
          .where('master_products.tenant_id', '=', t.tenant.tenantId)
          .where('master_products.deleted_at', 'is', null)
          .where((eb) => matchesSearch(eb, engineOf(db), MASTER_PRODUCT_SEARCH, t.tenant.tenantId, term))
          .compile(),
        ['master_products'],
      );
    if (testEngine === 'sqlite') {
      expect(await plan('runner')).toMatch(/master_products_search VIRTUAL TABLE INDEX/);
      expect(await plan('tr')).toMatch(
        /master_products_tenant_name_lower_idx[\s\S]*master_products_tenant_slug_lower_idx/,
      );
    } else {
      expect(await plan('runner')).toMatch(/master_products_(name|slug)_trgm_idx/);
      expect(await plan('tr')).toMatch(/master_products_name_trgm_idx[\s\S]*master_products_slug_trgm_idx/);
    }
  });
});
