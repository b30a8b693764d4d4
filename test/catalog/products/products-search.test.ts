// The product list's `search` over a fixed catalog: the same matches on both engines (the expectations below are
// the same for SQLite and PostgreSQL), changes seen at once, and an index serving the match (db/search.ts,
// migration 0029).
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../../src/db/dialect.js';
import { drivenBySearch, matchesSearch, type SearchBreadth } from '../../../src/db/search.js';
import {
  PRODUCT_SEARCH,
  ProductListRepository,
  type ProductListFilter,
} from '../../../src/modules/catalog/products/product-list.repository.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { bearer, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { planInRolledBackTransaction } from '../../helpers/search-plan.js';
import { testEngine } from '../../helpers/test-database.js';

const PRODUCTS = '/api/v1/operations/products';

/** name, sku, description */
const CATALOG: Array<[string, string, string | null]> = [
  ['Alpine Kettle', 'KET-001', 'Stainless steel, 1.7 litres'],
  ['Café Crème Mug', 'MUG-CAFE', 'Glazed stoneware'],
  ['100% Cotton Towel', 'TOW_01', 'Soft and thick'],
  ['Lamp', 'AB-LAMP', 'Desk lamp with a 50% brighter bulb'],
  ['abacus', 'ZZ-9', null],
  ['Cable Tie', 'CT-10', 'Pack of 100'],
  ['ÉCLAIR TIN', 'TIN-2', 'Back\\slash'],
];

describe(`product search on ${testEngine}`, () => {
  let t: TestApp;
  let auth: { authorization: string };
  const clock = new FixedClock(new Date('2026-03-01T08:00:00.000Z'));
  const ids: Record<string, string> = {};

  async function names(search: string): Promise<string[]> {
    const res = await t.app.inject({
      url: `${PRODUCTS}?per_page=100&sort_by=name&sort_direction=asc&search=${encodeURIComponent(search)}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ name: string }>; meta: { total: number } };
    // The count runs the same predicate as the page.
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((p) => p.name);
  }

  /** The repository's own answer, past the list's answer cache (for writes made straight in the database). */
  async function repositoryMatches(search: string): Promise<string[]> {
    const filter: ProductListFilter = { search, statuses: [], tagIds: [], attributes: [] };
    const repository = new ProductListRepository();
    const page = (breadth: SearchBreadth) =>
      repository.pageIds(
        t.database.db,
        t.tenant.tenantId,
        { ...filter, searchBreadth: breadth },
        { sortBy: 'name', direction: 'asc', ranked: false },
        100,
        0,
      );
    const found = await page('narrow');
    // Asked row by row (a common word on SQLite), the index finds the same rows.
    expect(await page('broad')).toEqual(found);
    expect(await repository.countUpToLimit(t.database.db, t.tenant.tenantId, filter)).toBe(found.length);
    return Object.entries(ids)
      .filter(([, id]) => found.includes(id))
      .map(([name]) => name)
      .sort();
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    auth = t.auth;
    const build = apiBuilders(t.app, auth);
    for (const [name, sku, description] of CATALOG) {
      clock.advance(1000);
      ids[name] = (await build.product({ name, sku, ...(description === null ? {} : { description }) })).id;
    }
    // Another tenant's product holding the searched words: never listed.
    const other = await makeTenant(t.services);
    const otherAuth = bearer(await makeToken(t.services, other.tenantId, other.adminId));
    await apiBuilders(t.app, otherAuth).product({ name: 'Alpine Kettle Café', sku: 'AB-KET', description: '0% W_0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a substring of the name, SKU or description, whatever the case', async () => {
    expect(await names('kettle')).toEqual(['Alpine Kettle']);
    expect(await names('KETTLE')).toEqual(['Alpine Kettle']);
    expect(await names('ket-0')).toEqual(['Alpine Kettle']);
    expect(await names('STAINLESS STEEL')).toEqual(['Alpine Kettle']);
    expect(await names('lamp')).toEqual(['Lamp']);
    expect(await names('ab-l')).toEqual(['Lamp']);
    expect(await names('ble')).toEqual(['Cable Tie']);
    expect(await names('nothing like this')).toEqual([]);
  });

  it('takes a term of several words as one substring', async () => {
    expect(await names('crème mug')).toEqual(['Café Crème Mug']);
    expect(await names('mug crème')).toEqual([]);
    expect(await names('steel, 1.7')).toEqual(['Alpine Kettle']);
  });

  it('reads %, _ and \\ as themselves', async () => {
    expect(await names('0% c')).toEqual(['100% Cotton Towel']);
    expect(await names('0% b')).toEqual(['Lamp']);
    expect(await names('% c')).toEqual(['100% Cotton Towel']);
    expect(await names('W_0')).toEqual(['100% Cotton Towel']);
    expect(await names('W%0')).toEqual([]);
    expect(await names('k\\s')).toEqual(['ÉCLAIR TIN']);
    expect(await names('%%%')).toEqual([]);
  });

  it('folds the case of letters beyond ASCII, but not their accents', async () => {
    expect(await names('café')).toEqual(['Café Crème Mug']);
    expect(await names('CAFÉ CRÈME')).toEqual(['Café Crème Mug']);
    expect(await names('éclair')).toEqual(['ÉCLAIR TIN']);
    expect(await names('cafe')).toEqual(['Café Crème Mug']); // the SKU MUG-CAFE
    expect(await names('creme')).toEqual([]);
  });

  it('takes a term of one or two characters as the start of the name or SKU', async () => {
    expect(await names('ab')).toEqual(['abacus', 'Lamp']);
    expect(await names('AB')).toEqual(['abacus', 'Lamp']);
    expect(await names('a')).toEqual(['abacus', 'Alpine Kettle', 'Lamp']);
    expect(await names('10')).toEqual(['100% Cotton Towel']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    // Inside a word, or in the description only: not a match for so short a term.
    expect(await names('le')).toEqual([]);
    expect(await names('ZZ')).toEqual(['abacus']);
  });

  it('sees an update and a delete at once', async () => {
    const build = apiBuilders(t.app, auth);
    const { id } = await build.product({ name: 'Brass Lantern', sku: 'LAN-1', description: 'Oil lamp' });
    ids['Brass Lantern'] = id;
    expect(await names('lantern')).toEqual(['Brass Lantern']);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${PRODUCTS}/${id}`,
      headers: auth,
      payload: { name: 'Brass Torch', description: 'Battery light' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    ids['Brass Torch'] = id;
    delete ids['Brass Lantern'];
    expect(await names('lantern')).toEqual([]);
    expect(await names('oil lamp')).toEqual([]);
    expect(await names('torch')).toEqual(['Brass Torch']);
    expect(await names('battery')).toEqual(['Brass Torch']);

    const deleted = await t.app.inject({ method: 'DELETE', url: `${PRODUCTS}/${id}`, headers: auth });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await names('torch')).toEqual([]);
    expect(await repositoryMatches('torch')).toEqual([]);

    // A restore, as the database sees it: the row is live again, and found again.
    await t.database.db.updateTable('products').set({ deleted_at: null }).where('id', '=', id).execute();
    expect(await repositoryMatches('torch')).toEqual(['Brass Torch']);
    expect(await repositoryMatches('br')).toEqual(['Brass Torch']);

    // A row removed for good leaves the index with it.
    await t.database.db.deleteFrom('audit_log').where('entity_id', '=', id).execute();
    await t.database.db.deleteFrom('products').where('id', '=', id).execute();
    expect(await repositoryMatches('torch')).toEqual([]);
  });

  it('answers from an index', async () => {
    const db = t.database.db;
    const engine = engineOf(db);
    const query = (term: string) =>
      db
        .selectFrom('products')
        .select('products.id')
        .where('products.tenant_id', '=', t.tenant.tenantId)
        .where('products.deleted_at', 'is', null)
        .where((eb) => matchesSearch(eb, engine, PRODUCT_SEARCH, t.tenant.tenantId, term))
        .compile();
    // PostgreSQL plans by statistics: a few rows would be read whole. Planned over 20,000 more products (rolled
    // back), it picks what it picks in a real catalog.
    const plan = (compiled: CompiledQuery) =>
      planInRolledBackTransaction(db, compiled, async (trx) => {
        await sql`insert into products (id, tenant_id, name, sku, slug, description, created_at, updated_at)
          select 'filler' || n, ${t.tenant.tenantId}, 'Filler ' || n, 'FILL-' || n, 'filler-' || n, 'Plain text ' || n, now(), now()
          from generate_series(1, 20000) as n`.execute(trx);
        // As autovacuum would: new rows wait in a GIN index's pending list, which every search reads whole.
        await sql`select gin_clean_pending_list(indexrelid) from pg_index
          where indrelid = 'products'::regclass and indexrelid::regclass::text like '%_trgm_idx'`.execute(trx);
        await sql`analyze products`.execute(trx);
      });

    const substring = await plan(query('kettle'));
    if (engine === 'sqlite') expect(substring).toMatch(/products_search VIRTUAL TABLE INDEX/);
    else expect(substring).toMatch(/products_(name|sku|description)_trgm_idx/);

    if (engine === 'sqlite') {
      // A common word: the creation index walked newest first, each row tested itself (not asked of FTS5).
      const broad = db
        .selectFrom('products')
        .select('products.id')
        .where('products.tenant_id', '=', t.tenant.tenantId)
        .where('products.deleted_at', 'is', null)
        .where((eb) => matchesSearch(eb, engine, PRODUCT_SEARCH, t.tenant.tenantId, 'kettle', 'broad'))
        .orderBy('products.created_at', 'desc')
        .orderBy('products.id', 'desc')
        .limit(25)
        .compile();
      const broadPlan = await plan(broad);
      expect(broadPlan).toMatch(/products USING (COVERING )?INDEX products_tenant_created_idx \(tenant_id=\?\)/);
      expect(broadPlan).not.toContain('products_search');
      // The count: the FTS5 table drives, so that a limit stops it after that many matches.
      const driven = drivenBySearch(
        db
          .selectFrom('products')
          .select('products.id')
          .where('products.tenant_id', '=', t.tenant.tenantId)
          .where('products.deleted_at', 'is', null),
        PRODUCT_SEARCH,
        'kettle',
      )
        .limit(10_001)
        .compile();
      expect(await plan(driven)).toMatch(
        /^SCAN products_search VIRTUAL TABLE INDEX[\s\S]*SEARCH products USING INTEGER PRIMARY KEY/,
      );
    }

    const prefix = await plan(query('ab'));
    if (engine === 'sqlite')
      expect(prefix).toMatch(
        /products_tenant_name_idx \(tenant_id=\? AND <expr>>\? AND <expr><\?\)[\s\S]*products_tenant_sku_idx \(tenant_id=\? AND <expr>>\? AND <expr><\?\)/,
      );
    else expect(prefix).toMatch(/products_name_trgm_idx[\s\S]*products_sku_trgm_idx/);
  });
});
