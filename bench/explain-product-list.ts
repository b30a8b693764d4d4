// Prints the plan and timing of every SQL statement the product list runs for a set of queries on a seeded
// catalog: `npm run bench:explain [-- name ...]` (BENCH_DATABASE_URL for PostgreSQL, BENCH_PRODUCTS for the size,
// BENCH_REPEAT for timings that are medians of that many runs).
import type { CompiledQuery, LogEvent } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { validatorCompiler } from '../src/http/validation.js';
import { createServices } from '../src/services.js';
import { systemClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { ProductListQuery, attributeFiltersOf, productLister } from '../src/modules/catalog/products/product-list.js';
import { ProductListRepository } from '../src/modules/catalog/products/product-list.repository.js';
import { ProductRepository } from '../src/modules/catalog/products/product.repository.js';
import { openBenchDatabase } from './lib/database.js';
import { explainStatement, isRead } from './lib/explain.js';
import { seedCatalog, type SeededCatalog } from './seed/catalog.js';

/** Named query strings of the product list, from broad to narrow; `bench list` is the one `npm run bench` loads. */
function productListQueries(catalog: SeededCatalog): Record<string, string> {
  const [tag1, tag2] = catalog.tagIds;
  const q = (params: Record<string, string>) => new URLSearchParams({ per_page: '25', ...params }).toString();
  return {
    'bench list': q({
      status: 'active',
      category_id: catalog.rootCategoryIds[1]!,
      include_descendants: 'true',
      sort_by: 'selling_price',
      sort_direction: 'asc',
      page: '25',
    }),
    'default order': q({}),
    'status=active': q({ status: 'active' }),
    'status list': q({ status: 'draft,inactive' }),
    category: q({ category_id: catalog.leafCategoryIds[7]! }),
    'category tree': q({ category_id: catalog.rootCategoryIds[3]!, include_descendants: 'true' }),
    brand: q({ brand_id: catalog.brandIds[11]! }),
    supplier: q({ supplier_id: catalog.supplierIds[5]! }),
    'tags (any)': q({ tags: `${tag1},${tag2}` }),
    search: q({ search: 'summit' }),
    'search two words': q({ search: 'summit jacket' }),
    'search sku': q({ search: 'sku-00123' }),
    'search short': q({ search: 'su' }),
    'price range': q({ min_price: '100', max_price: '200' }),
    'by price asc': q({ sort_by: 'selling_price', sort_direction: 'asc' }),
    'by name': q({ sort_by: 'name', sort_direction: 'asc' }),
    'by stock': q({ sort_by: 'stock_quantity', sort_direction: 'asc' }),
    'low stock': q({ low_stock: 'true' }),
    featured: q({ is_featured: 'true' }),
    variants: q({ is_variant: 'true' }),
    'attribute select': q({ 'attributes[color]': 'red' }),
    'attribute multiselect': q({ 'attributes[material]': 'wool' }),
    'active red in stock of brand': q({
      status: 'active',
      brand_id: catalog.brandIds[3]!,
      'attributes[color]': 'red',
      in_stock: 'true',
    }),
    'page 200': q({ page: '200' }),
    // Incremental sync (docs/sync.md): a full pass by updated_at, and a round over the last day's changes.
    'sync full pass, page 500': q({ sort_by: 'updated_at', sort_direction: 'asc', per_page: '100', page: '500' }),
    'sync since last day': q({
      updated_since: '2025-12-31T00:00:00.000Z',
      sort_by: 'updated_at',
      sort_direction: 'asc',
      per_page: '100',
    }),
    barcode: q({ barcode: '4006381333931' }),
  };
}

const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/** Timings are the median of this many runs (the first run of a statement pays for preparing it and cold pages). */
const repeat = Number(process.env.BENCH_REPEAT ?? 1);

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
const only = process.argv.slice(2);

const bench = await openBenchDatabase({
  postgresUrl: process.env.BENCH_DATABASE_URL,
  keep: process.env.BENCH_KEEP === '1',
  poolSize: 2,
  sqliteAnalyze: process.env.BENCH_SQLITE_ANALYZE === '1',
});
try {
  const services = createServices({
    db: bench.database.db,
    clock: systemClock,
    newId,
    // The defaults, whatever this shell's environment says.
    config: loadConfig({}),
  });
  const { tenant } = await services.tenants.create({
    name: 'Bench',
    adminEmail: 'bench@example.test',
    adminPassword: 'correct-horse-battery',
  });
  const seeded = await seedCatalog(bench.database.db, tenant.id, { engine: bench.engine, products });
  await bench.analyse();
  console.log(`${bench.engine}: ${products} products\n`);

  const captured: CompiledQuery[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const traced = createDatabase({ databaseUrl: bench.databaseUrl, sqliteFile: bench.sqliteFile, poolSize: 1, log });
  const db = traced.db;
  const lister = productLister(new ProductRepository(), new ProductListRepository(), {
    categories: services.catalog.categories.service,
    attributes: services.catalog.attributes.service,
    tenants: services.tenants,
  });
  const validate = validatorCompiler({
    schema: ProductListQuery,
    httpPart: 'querystring',
    method: 'GET',
    url: '/',
  }) as (data: unknown) => boolean;

  for (const [name, query] of Object.entries(productListQueries(seeded))) {
    if (only.length > 0 && !only.includes(name)) continue;
    const parsed: Record<string, unknown> = Object.fromEntries(new URLSearchParams(query));
    if (!validate(parsed)) throw new Error(`invalid query ${query}`);
    const { page, per_page, ...filters } = parsed as ProductListQuery;
    const options = { ...filters, attributes: attributeFiltersOf(parsed) };
    captured.length = 0;
    const result = await lister(db, tenant.id, options, { page, per_page });
    const statements = [...captured];
    const total = await medianMs(() => lister(db, tenant.id, options, { page, per_page }));
    console.log(
      `== ${name}: ?${query}\n   ${result.items.length} items, total ${result.total}, ${total.toFixed(1)} ms`,
    );
    for (const statement of statements) {
      if (!isRead(statement.sql)) continue;
      const ms = await medianMs(() => db.executeQuery(statement));
      console.log(`   -- ${ms.toFixed(1)} ms: ${statement.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
      const plan = await explainStatement(db, bench.engine, statement, { buffers: false });
      for (const line of plan) console.log(`      ${line}`);
    }
    console.log('');
  }
  await db.destroy();
} finally {
  await bench.drop();
}
