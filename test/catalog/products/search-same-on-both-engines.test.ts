// The product search gives the same matches in the same order on SQLite and PostgreSQL: one fixed catalog, one
// table of terms and the products each must list, checked by both engine projects against these same
// expectations (db/search.ts; docs/decisions/requests-and-responses.md). Without a sort in the request the
// matches are ranked: the exact SKU or barcode, then names and SKUs starting with the term, then the rest,
// newest first within each rank.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import {
  ProductListRepository,
  rankCollected,
  type ProductListFilter,
} from '../../../src/modules/catalog/products/product-list.repository.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngine } from '../../helpers/test-database.js';

const PRODUCTS = '/api/v1/operations/products';

/** Created in this order, a second apart: the list's default order is the reverse. */
const CATALOG: Array<{ name: string; sku: string; description?: string; barcode?: string }> = [
  { name: 'Alpine Kettle', sku: 'KET-001', description: 'Stainless steel, 1.7 litres', barcode: '4006381333931' },
  { name: 'Kettle Descaler', sku: 'DESC-KET', description: 'For every kettle' },
  { name: 'Travel Kettle', sku: 'KET', description: 'Small and light' },
  { name: 'Café Crème Mug', sku: 'MUG-CAFE', description: 'Glazed stoneware' },
  { name: '100% Cotton Towel', sku: 'TOW_01', description: 'Soft and thick' },
  { name: 'Lamp', sku: 'AB-LAMP', description: 'Desk lamp with a 50% brighter bulb' },
  { name: 'abacus', sku: 'ZZ-9' },
  { name: 'ÉCLAIR TIN', sku: 'TIN-2', description: `Back\\slash, "quoted", it's` },
  { name: 'Écru Scarf', sku: 'SCARF-1', description: 'Wool' },
  { name: 'Label Roll', sku: 'LBL-77', description: 'Code 128 labels on écru paper', barcode: 'LBL-ABC-77' },
  { name: 'Kettlebell', sku: 'KB-16', description: '16 kg', barcode: '96385074' },
];

/** Term → the products listed, in order, when the request names no sort (ranked). */
const RANKED: Array<[term: string, names: string[]]> = [
  // Words: prefixes of a name before the other matches, each rank newest first.
  ['kettle', ['Kettlebell', 'Kettle Descaler', 'Travel Kettle', 'Alpine Kettle']],
  ['KETTLE', ['Kettlebell', 'Kettle Descaler', 'Travel Kettle', 'Alpine Kettle']],
  // The exact SKU first, whatever the case, then names and SKUs starting with the term.
  ['ket', ['Travel Kettle', 'Kettlebell', 'Kettle Descaler', 'Alpine Kettle']],
  ['KeT', ['Travel Kettle', 'Kettlebell', 'Kettle Descaler', 'Alpine Kettle']],
  ['zz-9', ['abacus']],
  // Substrings, several words as one.
  ['tleb', ['Kettlebell']],
  ['steel, 1.7', ['Alpine Kettle']],
  ['crème mug', ['Café Crème Mug']],
  ['mug crème', []],
  ['nothing like this', []],
  // Barcodes: exact as stored, and as a substring whatever the case.
  ['4006381333931', ['Alpine Kettle']],
  ['0638133', ['Alpine Kettle']],
  ['LBL-ABC-77', ['Label Roll']],
  ['lbl-abc', ['Label Roll']],
  ['lbl', ['Label Roll']],
  // One or two characters: the start of the name, SKU or barcode.
  ['a', ['abacus', 'Lamp', 'Alpine Kettle']],
  ['ab', ['abacus', 'Lamp']],
  ['AB', ['abacus', 'Lamp']],
  ['la', ['Label Roll', 'Lamp']],
  ['96', ['Kettlebell']],
  ['10', ['100% Cotton Towel']],
  ['le', []],
  // Unicode: case folded beyond ASCII (in the ranking too), accents kept.
  ['café', ['Café Crème Mug']],
  ['CAFÉ CRÈME', ['Café Crème Mug']],
  ['cafe', ['Café Crème Mug']],
  ['creme', []],
  ['éclair', ['ÉCLAIR TIN']],
  ['écru', ['Écru Scarf', 'Label Roll']],
  ['ÉCRU', ['Écru Scarf', 'Label Roll']],
  // `%`, `_` and `\` are themselves, quotes too.
  ['0% c', ['100% Cotton Towel']],
  ['% c', ['100% Cotton Towel']],
  ['w_0', ['100% Cotton Towel']],
  ['w%0', []],
  ['%%%', []],
  ['%', []],
  ['_', []],
  ['k\\s', ['ÉCLAIR TIN']],
  ['"quoted"', ['ÉCLAIR TIN']],
  [`it's`, ['ÉCLAIR TIN']],
  [`"`, []],
];

describe(`the same product search on both engines (${testEngine})`, () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-01T08:00:00.000Z'));
  const ids = new Map<string, string>();

  async function listed(query: string): Promise<string[]> {
    const res = await t.app.inject({ url: `${PRODUCTS}?per_page=100&${query}`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ id: string; name: string }>; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    // The ids themselves, not only the names: each name is one product of the catalog.
    for (const product of body.data) expect(product.id).toBe(ids.get(product.name));
    return body.data.map((p) => p.name);
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const build = apiBuilders(t.app, t.auth);
    for (const product of CATALOG) {
      clock.advance(1000);
      ids.set(product.name, (await build.product(product)).id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(RANKED)('ranks the matches of %j', async (term, names) => {
    expect(await listed(`search=${encodeURIComponent(term)}`)).toEqual(names);
  });

  // A ranked page is read from the matches collected up to the count bound, ranked and ordered in memory; past the
  // bound from the ranked query of a broad search; the ranked query of a narrow one, or of the collected rowids on
  // SQLite, would list the same. All must list every term's matches alike.
  it.each(RANKED)('ranks the matches of %j alike in every way a page is read', async (term) => {
    const repository = new ProductListRepository();
    const filter: ProductListFilter = { search: term, statuses: [], tagIds: [], attributes: [] };
    const { db } = t.database;
    const collected = await repository.searchMatchesUpToLimit(db, t.tenant.tenantId, { ...filter, search: term });
    const filters: ProductListFilter[] = [
      filter,
      { ...filter, searchBreadth: 'broad' },
      ...('rowids' in collected ? [{ ...filter, collectedMatches: collected }] : []),
    ];
    for (const [limit, offset] of [
      [100, 0],
      [2, 1],
    ] as const) {
      const pages = await Promise.all(
        filters.map((f) =>
          repository.pageIds(
            db,
            t.tenant.tenantId,
            f,
            { sortBy: 'created_at', direction: 'desc', ranked: true },
            limit,
            offset,
          ),
        ),
      );
      const expected = (await listed(`search=${encodeURIComponent(term)}`))
        .slice(offset, offset + limit)
        .map((name) => ids.get(name));
      for (const found of pages) expect(found).toEqual(expected);
      const ranked = await repository.rankedMatches(db, t.tenant.tenantId, term, collected);
      expect(rankCollected(ranked, limit, offset)).toEqual(expected);
    }
  });

  it('keeps the order the request asks for', async () => {
    const newestFirst = ['Kettlebell', 'Travel Kettle', 'Kettle Descaler', 'Alpine Kettle'];
    expect(await listed('search=ket&sort_direction=desc')).toEqual(newestFirst);
    expect(await listed('search=ket&sort_by=created_at')).toEqual(newestFirst);
    expect(await listed('search=ket&sort_by=created_at&sort_direction=asc')).toEqual([...newestFirst].reverse());
    expect(await listed('search=4006381333931&sort_by=updated_at')).toEqual(['Alpine Kettle']);
  });

  it('ranks within the other filters', async () => {
    expect(await listed('search=ket&is_featured=true')).toEqual([]);
    expect(await listed('search=ket&is_featured=false')).toEqual(await listed('search=ket'));
    expect(await listed('search=ket&barcode=4006381333931')).toEqual(['Alpine Kettle']);
  });
});

describe(`ranked product search over many matches (${testEngine})`, () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-01T08:00:00.000Z'));
  const WIDGETS = 30;

  async function page(query: string): Promise<{ names: string[]; total: number }> {
    const res = await t.app.inject({ url: `${PRODUCTS}?per_page=5&${query}`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ name: string }>; meta: { total: number } };
    return { names: body.data.map((p) => p.name), total: body.meta.total };
  }
  const widgets = (...numbers: number[]) => numbers.map((n) => `Widget ${n}`);

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const build = apiBuilders(t.app, t.auth);
    // The oldest products: their codes are the terms, which every newer product's name or description holds.
    await build.product({ name: 'Gadget', sku: 'WIDGET' });
    clock.advance(1000);
    await build.product({ name: 'Sprocket', sku: 'SPR-1', barcode: '96385074' });
    for (let n = 1; n <= WIDGETS; n++) {
      clock.advance(1000);
      await build.product({ name: `Widget ${n}`, sku: `W-${n}`, description: 'Batch 96385074' });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the exact SKU first, then the rest newest first, page after page', async () => {
    expect(await page('search=widget')).toEqual({ names: ['Gadget', ...widgets(30, 29, 28, 27)], total: 31 });
    expect(await page('search=WIDGET&page=2')).toEqual({ names: widgets(26, 25, 24, 23, 22), total: 31 });
    expect(await page('search=widget&page=7')).toEqual({ names: widgets(1), total: 31 });
  });

  it('lists the exact barcode first', async () => {
    expect(await page('search=96385074')).toEqual({ names: ['Sprocket', ...widgets(30, 29, 28, 27)], total: 31 });
    expect((await page('search=9638507')).names).toEqual(widgets(30, 29, 28, 27, 26));
  });

  it('keeps a sort the request asks for', async () => {
    expect((await page('search=widget&sort_by=created_at')).names).toEqual(widgets(30, 29, 28, 27, 26));
    expect((await page('search=widget&sort_direction=asc')).names).toEqual(['Gadget', ...widgets(1, 2, 3, 4)]);
  });
});
