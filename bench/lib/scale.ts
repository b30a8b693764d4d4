// `npm run bench -- --scale`: the same reads on catalogs of growing size, each read from the database (every URL
// new), so that what grows with the catalog shows: one database per size, seeded in bulk, the real server started
// on it, the reads measured, the server's memory read, and at the largest size the plan of every statement each
// read runs.
import { sql } from 'kysely';
import { loadConfig, type Config } from '../../src/config.js';
import type { Engine } from '../../src/db/dialect.js';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createServices } from '../../src/services.js';
import { NOUNS, seedCatalog, WORDS, type SeededCatalog } from '../seed/catalog.js';
import { BULK_TABLES, withIndexesAfter } from '../seed/deferred-indexes.js';
import { seedOperations, type SeededOperations } from '../seed/operations.js';
import { startAppServer } from './app-server.js';
import { openBenchDatabase, openKeptBenchDatabase, type BenchDatabase } from './database.js';
import { distinctQueries, shuffled, type QueryFamily } from './distinct-urls.js';
import { explainStatement, isRead } from './explain.js';
import { growthRows, type GrowthRow, type ScaleCell } from './growth.js';
import { issueBenchToken, seedTenant } from './harness.js';
import { checkOnce, measureHttp } from './load.js';
import { buildServer, freePort, type ServerBuild } from './processes.js';
import { captureRequest } from './statement-ceilings.js';

const API = '/api/v1';

export interface ScaleSettings {
  /** Products of each catalog, smallest first. */
  sizes: number[];
  /** Concurrencies each read is measured at. */
  connections: number[];
  duration: number;
  warmup: number;
  /** Distinct URLs made per read and size (a read with fewer, the product get, stops when they are used up). */
  urlsPerRead: number;
  keepDatabase: boolean;
  /**
   * Databases kept by an earlier run (`--scale-databases`), measured instead of seeding new ones, smallest first:
   * the folders it printed on SQLite, the database names on PostgreSQL. `sizes` is then ignored.
   */
  keptDatabases?: readonly string[];
  sqliteAnalyze: boolean;
  acceptEncoding: string;
}

/** What a catalog of `products` products is seeded with: the operational history grows with it, the feed does not. */
export function scaleSeedSizes(products: number) {
  return {
    products,
    masters: Math.max(1, Math.round(products / 100)),
    warehouses: 5,
    stockMovements: products * 10,
    events: 200_000,
    purchaseOrders: Math.max(1, Math.round(products / 10)),
    linesPerOrder: 10,
  };
}

export interface ScaleRead {
  name: string;
  /** The path with `{{item}}`, which each request fills with the next of the items. */
  path: string;
  /** The items, all different: each request's URL is new. */
  items(limit: number): string[];
}

/** The reads of the scale run, each over URLs that are all different (distinct-urls.ts says how they vary). */
export function scaleReads(context: {
  catalog: Pick<SeededCatalog, 'rootCategoryIds' | 'words' | 'nouns'>;
  liveProductIds: readonly string[];
  /** Feed event ids, oldest first. */
  eventIds: readonly string[];
  products: number;
}): ScaleRead[] {
  const { catalog } = context;
  const list = (name: string, path: string, family: QueryFamily): ScaleRead => ({
    name,
    path: `${API}${path}?{{item}}`,
    items: (limit) => distinctQueries(family, limit),
  });
  // Around the standard run's pages (25 products, 100 events) and the reports' default (50): the work of a request
  // stays that of the standard run's, and the range makes more URLs.
  const perPage = [20, 30] as const;
  const search = (count: number, term: (i: number) => string): QueryFamily => ({
    variants: { count, at: (i) => ({ search: term(i) }) },
    pages: 1,
    perPage,
  });
  // SKUs are SKU- and 7 digits, from 0: a prefix of 5 digits names a block of 100 products.
  const skuBlocks = Math.max(1, Math.floor(context.products / 100));
  // The cursors of the first 90% of the feed: each page after one of them is full.
  const cursors = context.eventIds.slice(0, Math.floor(context.eventIds.length * 0.9));
  return [
    {
      name: 'product get',
      path: `${API}/operations/products/{{item}}`,
      items: (limit) => shuffled(context.liveProductIds).slice(0, limit),
    },
    list('product list (newest first)', '/operations/products', {
      fixed: { sort_by: 'created_at', sort_direction: 'desc' },
      pages: 10,
      perPage,
    }),
    list('product list (category tree by price)', '/operations/products', {
      fixed: { status: 'active', include_descendants: 'true', sort_by: 'selling_price', sort_direction: 'asc' },
      variants: { count: catalog.rootCategoryIds.length, at: (i) => ({ category_id: catalog.rootCategoryIds[i]! }) },
      pages: 10,
      perPage,
    }),
    list(
      'search: one common word',
      '/operations/products',
      search(catalog.words.length, (i) => catalog.words[i]!),
    ),
    list(
      'search: two words',
      '/operations/products',
      search(
        catalog.words.length * catalog.nouns.length,
        (i) => `${catalog.words[i % catalog.words.length]!} ${catalog.nouns[Math.floor(i / catalog.words.length)]!}`,
      ),
    ),
    list(
      'search: SKU prefix',
      '/operations/products',
      search(skuBlocks, (i) => `SKU-${String(Math.floor((i * 7919) % skuBlocks)).padStart(5, '0')}`),
    ),
    list(
      'search: barcode prefix',
      '/operations/products',
      search(10_000, (i) => `400638${String(i).padStart(4, '0')}`),
    ),
    list('stock movement list', '/operations/stock-movements', { pages: 10, perPage }),
    list('event feed page', '/webhooks/events', {
      variants: { count: cursors.length, at: (i) => ({ after: cursors[(i * 7919) % cursors.length]! }) },
      pages: 0,
      perPage: [90, 100],
    }),
    list('low-stock report', '/operations/inventory/low-stock', { pages: 1, perPage: [40, 60] }),
    list('reorder report', '/operations/inventory/reorder-report', { pages: 1, perPage: [40, 60] }),
  ];
}

export interface ScaleReadResult extends ScaleCell {
  read: string;
  /** Distinct URLs the read had; the load stops when it has used them (`exhausted`). */
  distinct_urls: number;
  bytes_per_answer?: number;
  failures: number;
}

export interface ScaleSizeResult {
  products: number;
  /** With `kept`, the database an earlier run seeded, not timed here (`seconds` 0). */
  seed: ReturnType<typeof scaleSeedSizes> & { seconds: number; phases: Record<string, number>; kept?: string };
  /** The server's resident set after the size's reads, and its peak. */
  rss_mb: number | null;
  rss_peak_mb: number | null;
  reads: ScaleReadResult[];
}

export interface ReadPlan {
  read: string;
  url: string;
  statements: Array<{ sql: string; parameters: unknown[]; plan: string[] }>;
}

export interface ScaleEngineResult {
  engine: Engine;
  sizes: ScaleSizeResult[];
  growth: GrowthRow[];
  /** At the largest size: every statement one request of each read runs, with its plan. */
  plans: ReadPlan[];
  notes: string[];
}

export async function scaleEngine(
  postgresUrl: string | undefined,
  settings: ScaleSettings,
  log: (line: string) => void,
): Promise<ScaleEngineResult> {
  const build = await buildServer();
  const notes: string[] = build.note ? [build.note] : [];
  const sizes: ScaleSizeResult[] = [];
  let plans: ReadPlan[] = [];
  const catalogs: Array<() => Promise<ScaleCatalog>> = settings.keptDatabases
    ? settings.keptDatabases.map((location) => () => openKeptCatalog(postgresUrl, location))
    : settings.sizes.map((products) => () => seedScaleCatalog(postgresUrl, products, settings, log));
  for (const [index, open] of catalogs.entries()) {
    const largest = index === catalogs.length - 1;
    const measured = await measureCatalog(await open(), settings, build, largest, log, notes);
    sizes.push(measured.size);
    if (largest) plans = measured.plans;
  }
  const cells = sizes.flatMap((s) => s.reads);
  return { engine: postgresUrl ? 'postgres' : 'sqlite', sizes, growth: growthRows(cells), plans, notes };
}

/** A catalog ready to measure, seeded now or kept by an earlier run, and what its reads' URLs are made of. */
interface ScaleCatalog {
  bench: BenchDatabase;
  products: number;
  seed: ScaleSizeResult['seed'];
  tenantId: string;
  token: string;
  rootCategoryIds: string[];
  /** Feed event ids, oldest first. */
  eventIds: string[];
}

async function seedScaleCatalog(
  postgresUrl: string | undefined,
  products: number,
  settings: ScaleSettings,
  log: (line: string) => void,
): Promise<ScaleCatalog> {
  const bench = await openBenchDatabase({
    postgresUrl,
    keep: settings.keepDatabase,
    poolSize: 4,
    sqliteAnalyze: settings.sqliteAnalyze,
  });
  const say = (line: string) => log(`${bench.engine} ${products}: ${line}`);
  try {
    const { db } = bench.database;
    const services = servicesOf(bench);
    const seedSizes = scaleSeedSizes(products);
    const phases: Record<string, number> = {};
    const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const value = await work();
      phases[name] = (performance.now() - started) / 1000;
      say(`${name} in ${phases[name].toFixed(1)} s`);
      return value;
    };
    const seeded = performance.now();
    const tenant = await seedTenant(services);
    say(`seeding ${products} products, ${seedSizes.stockMovements} movements, ${seedSizes.events} events`);
    // Secondary indexes are built once the rows are in (seed/deferred-indexes.ts), timed as a phase of their own.
    let indexesFrom = 0;
    const { catalog, operations } = await withIndexesAfter(db, bench.engine, BULK_TABLES, async () => {
      const catalog = await timed('catalog', () =>
        seedCatalog(db, tenant.tenantId, { engine: bench.engine, products, masters: seedSizes.masters }),
      );
      const operations: SeededOperations = await timed('operations', () =>
        seedOperations(db, tenant.tenantId, catalog, {
          engine: bench.engine,
          mainWarehouseId: tenant.warehouseId,
          userId: tenant.userId,
          warehouses: seedSizes.warehouses,
          stockMovements: seedSizes.stockMovements,
          events: seedSizes.events,
          purchaseOrders: seedSizes.purchaseOrders,
          linesPerOrder: seedSizes.linesPerOrder,
        }),
      );
      indexesFrom = performance.now();
      return { catalog, operations };
    });
    phases.indexes = (performance.now() - indexesFrom) / 1000;
    say(`indexes built in ${phases.indexes.toFixed(1)} s`);
    await timed('analyse', async () => {
      await bench.analyse();
      if (bench.engine === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
    });
    const seedSeconds = (performance.now() - seeded) / 1000;
    say(`seeded in ${seedSeconds.toFixed(1)} s`);
    return {
      bench,
      products,
      seed: { ...seedSizes, seconds: seedSeconds, phases },
      tenantId: tenant.tenantId,
      token: tenant.token,
      rootCategoryIds: catalog.rootCategoryIds,
      eventIds: operations.eventIds,
    };
  } catch (error) {
    await bench.drop();
    throw error;
  }
}

/**
 * A database a scale run kept, read back: its one tenant (a new token for it), its departments and feed as the
 * seed made them (the ids are in creation order), its products counted.
 */
async function openKeptCatalog(postgresUrl: string | undefined, location: string): Promise<ScaleCatalog> {
  const bench = await openKeptBenchDatabase({ postgresUrl, location, poolSize: 4 });
  try {
    const { db } = bench.database;
    const tenant = await db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const token = await issueBenchToken(servicesOf(bench), tenant.id, user.id, 'bench again');
    const roots = await db
      .selectFrom('product_categories')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('parent_id', 'is', null)
      .orderBy('id')
      .execute();
    const events = await db
      .selectFrom('events')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .execute();
    const counted = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    const products = Number(counted.n);
    return {
      bench,
      products,
      seed: { ...scaleSeedSizes(products), seconds: 0, phases: {}, kept: location },
      tenantId: tenant.id,
      token,
      rootCategoryIds: roots.map((r) => r.id),
      eventIds: events.map((e) => e.id),
    };
  } catch (error) {
    await bench.drop();
    throw error;
  }
}

function servicesOf(bench: BenchDatabase) {
  return createServices({ db: bench.database.db, clock: systemClock, newId, config: configOf(bench) });
}

function configOf(bench: BenchDatabase): Config {
  return loadConfig({}, { databaseUrl: bench.databaseUrl, sqliteFile: bench.sqliteFile, dataDir: bench.dataDir });
}

async function measureCatalog(
  scale: ScaleCatalog,
  settings: ScaleSettings,
  build: ServerBuild,
  largest: boolean,
  log: (line: string) => void,
  notes: string[],
): Promise<{ size: ScaleSizeResult; plans: ReadPlan[] }> {
  const { bench, products, tenantId } = scale;
  const say = (line: string) => log(`${bench.engine} ${products}: ${line}`);
  try {
    const { db } = bench.database;
    const config = configOf(bench);
    const live = await db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .execute();
    const reads = scaleReads({
      catalog: { rootCategoryIds: scale.rootCategoryIds, words: WORDS, nouns: NOUNS },
      liveProductIds: live.map((p) => p.id),
      eventIds: scale.eventIds,
      products,
    });

    const server = await startAppServer({
      build,
      name: 'server',
      port: await freePort(),
      args: ['serve'],
      databaseUrl: bench.databaseUrl,
      dataDir: bench.dataDir,
    });
    const results: ScaleReadResult[] = [];
    let plans: ReadPlan[] = [];
    let memory: ReturnType<typeof server.memory> = null;
    try {
      const headers = {
        accept: 'application/json',
        authorization: `Bearer ${scale.token}`,
        ...(settings.acceptEncoding === '' ? {} : { 'accept-encoding': settings.acceptEncoding }),
      };
      for (const read of reads) {
        const all = read.items(settings.urlsPerRead);
        // Each concurrency takes a slice of its own: no URL is asked by two of them.
        const share = Math.floor(all.length / settings.connections.length);
        for (const [turn, connections] of settings.connections.entries()) {
          const items = all.slice(turn * share, (turn + 1) * share);
          say(`measuring ${read.name} at ${connections} connections over ${items.length} distinct URLs`);
          // The check asks the last URL: the load reaches it last, if at all, and it is then read from the
          // database still (an answer is kept from a URL's second read and served from its third).
          const spec = { method: 'GET', url: `${server.url}${read.path}`, headers, items, distinct: true };
          await checkOnce(spec, 200);
          const m = await measureHttp(spec, { connections, duration: settings.duration, warmup: settings.warmup });
          if (m.failures > 0)
            notes.push(
              `${products} products, ${read.name} at ${connections}: ${m.failures} failures; answers by status ${JSON.stringify(m.statusCodes)}`,
            );
          if (m.exhausted)
            notes.push(
              `${products} products, ${read.name} at ${connections}: its ${items.length} distinct URLs were used up after ${m.requests} measured requests, before ${settings.duration} s`,
            );
          results.push({
            read: read.name,
            size: products,
            connections,
            requests: m.requests,
            requests_per_s: m.perSecond,
            p50_ms: m.p50,
            p99_ms: m.p99,
            ...(m.exhausted ? { exhausted: true } : {}),
            distinct_urls: items.length,
            ...(m.bytesPerAnswer !== undefined ? { bytes_per_answer: Math.round(m.bytesPerAnswer) } : {}),
            failures: m.failures,
          });
        }
      }
      if (largest) plans = await readPlans(reads, { config, token: scale.token, engine: bench.engine, db }, say);
    } finally {
      memory = server.memory();
      await server.stop();
    }
    return {
      size: {
        products,
        seed: scale.seed,
        rss_mb: memory?.rssMb ?? null,
        rss_peak_mb: memory?.peakMb ?? null,
        reads: results,
      },
      plans,
    };
  } finally {
    await bench.drop();
  }
}

/**
 * One request of each read, run in-process by a new app (so that nothing is answered from memory) with its
 * statements captured as the statement ceilings capture them, then each read statement explained.
 */
async function readPlans(
  reads: readonly ScaleRead[],
  context: { config: Config; token: string; engine: Engine; db: Parameters<typeof explainStatement>[0] },
  say: (line: string) => void,
): Promise<ReadPlan[]> {
  const plans: ReadPlan[] = [];
  for (const read of reads) {
    say(`explaining ${read.name}`);
    const url = read.path.replace('{{item}}', read.items(1)[0]!);
    const captured = await captureRequest(context.config, {
      method: 'GET',
      path: url,
      body: undefined,
      token: context.token,
    });
    const statements: ReadPlan['statements'] = [];
    for (const statement of captured.statements) {
      const plan = isRead(statement.sql) ? await explainStatement(context.db, context.engine, statement) : [];
      statements.push({ sql: statement.sql, parameters: statement.parameters, plan });
    }
    plans.push({ read: read.name, url, statements });
  }
  return plans;
}

/** The plans as text: each read's URL, then each statement with its parameters and plan. */
export function renderPlans(engine: Engine, products: number, plans: readonly ReadPlan[]): string {
  const lines = [`# ${engine}, ${products.toLocaleString('en')} products`, ''];
  for (const plan of plans) {
    lines.push(`## ${plan.read}: GET ${plan.url}`, '');
    for (const statement of plan.statements) {
      lines.push(`  ${statement.sql.replace(/\s+/g, ' ')}`);
      if (statement.parameters.length > 0)
        lines.push(`  parameters: ${JSON.stringify(statement.parameters).slice(0, 500)}`);
      for (const line of statement.plan) lines.push(`    ${line}`);
      lines.push('');
    }
  }
  return lines.join('\n');
}
