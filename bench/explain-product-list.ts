// Prints the plan and timing of every SQL statement the product list runs for a set of queries on a seeded
// catalog: `npm run bench:explain [-- name ...]` (BENCH_DATABASE_URL for PostgreSQL, BENCH_PRODUCTS for the size).
import { Kysely, PostgresDialect, sql, type CompiledQuery, type LogEvent } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { ImmediateSqliteDialect, ValueNormalisationPlugin, pgTypes } from '../src/db/dialect.js';
import type { DB } from '../src/db/schema.js';
import { validatorCompiler } from '../src/http/validation.js';
import { createServices } from '../src/services.js';
import { systemClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { ProductListQuery, attributeFiltersOf, productLister } from '../src/modules/catalog/products/product-list.js';
import { ProductRepository } from '../src/modules/catalog/products/product.repository.js';
import { openBenchDatabase } from './lib/database.js';
import { productListQueries } from './cases/product-list.js';
import { seedCatalog } from './seed/catalog.js';

const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
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
    config: { eventRetentionDays: 30, sessionLifetimeMinutes: 120, loginMaxAttempts: 5, publicUrl: null },
  });
  const { tenant } = await services.tenants.create({ name: 'Bench', adminEmail: 'bench@example.test', adminPassword: 'correct-horse-battery' });
  const seeded = await seedCatalog(bench.database.db, tenant.id, { products });
  await bench.analyse();
  console.log(`${bench.engine}: ${products} products\n`);

  const captured: CompiledQuery[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const plugins = [new ValueNormalisationPlugin(bench.engine)];
  const db =
    bench.engine === 'sqlite'
      ? new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: new BetterSqlite3(bench.sqliteFile) }), plugins, log })
      : new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: bench.databaseUrl!, max: 1, types: pgTypes }) }), plugins, log });
  const lister = productLister(new ProductRepository(), { categories: services.catalog.categories.service, attributes: services.catalog.attributes.service });
  const validate = validatorCompiler({ schema: ProductListQuery, httpPart: 'querystring', method: 'GET', url: '/' }) as (data: unknown) => boolean;

  for (const [name, query] of Object.entries(productListQueries(seeded))) {
    if (only.length > 0 && !only.includes(name)) continue;
    const parsed: Record<string, unknown> = Object.fromEntries(new URLSearchParams(query));
    if (!validate(parsed)) throw new Error(`invalid query ${query}`);
    const { page, per_page, ...filters } = parsed as ProductListQuery;
    const options = { ...filters, attributes: attributeFiltersOf(parsed) };
    captured.length = 0;
    const started = performance.now();
    const result = await lister(db, tenant.id, options, { page, per_page });
    const total = performance.now() - started;
    console.log(`== ${name}: ?${query}\n   ${result.items.length} items, total ${result.total}, ${total.toFixed(1)} ms`);
    for (const statement of [...captured]) {
      if (!/^select/i.test(statement.sql)) continue;
      const timed = performance.now();
      await db.executeQuery(statement);
      const ms = performance.now() - timed;
      console.log(`   -- ${ms.toFixed(1)} ms: ${statement.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
      const explain = bench.engine === 'sqlite' ? sql`explain query plan ${sql.raw('')}` : sql`explain (analyze, buffers off, costs off) `;
      const plan = await db.executeQuery<Record<string, unknown>>({ ...statement, sql: `${explain.compile(db).sql}${statement.sql}` });
      for (const row of plan.rows) console.log(`      ${bench.engine === 'sqlite' ? `${String(row.detail)}` : String(row['QUERY PLAN'])}`);
    }
    console.log('');
  }
  await db.destroy();
} finally {
  await bench.drop();
}
