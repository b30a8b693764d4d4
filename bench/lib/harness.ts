// One engine's run: a scratch database seeded in bulk, the real server and the baseline server started as
// processes of their own on it, every scenario driven over HTTP, and the server's memory read at the end.
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import type { Engine } from '../../src/db/dialect.js';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createServices, type Services } from '../../src/services.js';
import type { Db } from '../../src/db/database.js';
import { seedCatalog, type SeededCatalog, type StockedProduct } from '../seed/catalog.js';
import { BULK_TABLES, withIndexesAfter } from '../seed/deferred-indexes.js';
import { seedOperations, type SeededOperations } from '../seed/operations.js';
import { seedSales, type SeededSales } from '../seed/sales.js';
import { measureBackorders } from './backorders.js';
import { distinctQueries, type QueryFamily } from './distinct-urls.js';
import { openBenchDatabase } from './database.js';
import {
  checkOnce,
  measureHttp,
  measureSequential,
  type HttpRequestSpec,
  type LoadOptions,
  type Measurement,
} from './load.js';
import { appDatabaseEnv, startAppServer } from './app-server.js';
import { buildServer, freePort, startNodeProcess, type RunningProcess } from './processes.js';
import { measureCrossProcess } from './cross-process.js';
import { measureFeedLatency } from './feed-latency.js';
import { importMeasurement, measureImport } from './import.js';
import { measureWebhooks } from './webhooks.js';
import { statementCeiling } from './statement-ceilings.js';

export type BaselineName = 'constant' | 'pk-read' | 'write';

export interface SeedSizes {
  products: number;
  masters: number;
  warehouses: number;
  stockMovements: number;
  events: number;
  purchaseOrders: number;
  /** Orders of each sales set (drafts to confirm, shipments to ship, and as many again for their ceilings). */
  salesOrders: number;
  /** One-line orders of the backorder scenario. */
  backorders: number;
}

export interface BenchSettings extends LoadOptions {
  sizes: SeedSizes;
  variantRuns: number;
  /** Rows of the import scenario's file. */
  importRows: number;
  /** Writes timed by the commit-to-read latency scenario. */
  feedLatencyWrites: number;
  /** Trials of each change measured by the cross-process staleness scenario. */
  crossProcessTrials: number;
  /** Scenario names to run (all when empty); baselines always run. */
  only: readonly string[];
  keepDatabase: boolean;
  sqliteAnalyze: boolean;
  /** The Accept-Encoding of every request of the load; empty sends none (uncompressed answers). */
  acceptEncoding: string;
}

export interface ScenarioResult {
  name: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  /** The baseline scenario this one is compared with, or null when none fits. */
  baseline: BaselineName | null;
  ratio_to_baseline: number | null;
  kind: 'baseline' | 'read' | 'write' | 'batch';
  requests: number;
  failures: number;
  /** A write measured against its own statement ceiling: its requests/s over the ceiling's. */
  ratio_to_ceiling?: number;
  /** The backorder scenario's receipt: lines served by it, and the records reconcile lists after it (0: clean). */
  reserved_by_receipt?: number;
  reconcile_mismatches?: number;
  /** The import: the server's RSS growth while it ran (its peak less its RSS before the upload). */
  rss_growth_mb?: number;
  /** Reads are measured a second time at fewer connections (FEW_CONNECTIONS), where a latency target applies too. */
  few_connections?: { connections: number; requests_per_s: number; p50_ms: number; p99_ms: number };
  /** Bytes received per answer over HTTP, headers included (compressed when the server compressed it). */
  bytes_per_answer?: number;
}

export interface EngineResult {
  engine: Engine;
  scenarios: ScenarioResult[];
  /** The server's resident set after the run (VmRSS). */
  rss_mb: number | null;
  rss_peak_mb: number | null;
  /** The server's RSS after it started and after each scenario: where memory grew. */
  rss_trail: Array<{ after: string; rss_mb: number | null }>;
  /**
   * The bare server's RSS when it started and after the run, for scale: what the same Node.js and Fastify grow
   * to under load with none of the app (it runs through tsx, which adds its own memory to both).
   */
  baseline_rss_mb: { start: number | null; end: number | null };
  seed_seconds: number;
  notes: string[];
}

interface HttpScenario {
  name: string;
  /** The scenario name that selects it, when it is one of several measured under one name. */
  selectedBy?: string;
  kind: ScenarioResult['kind'];
  baseline: BaselineName | null;
  server: 'app' | 'baseline';
  method?: string;
  path: string;
  body?: unknown;
  items?: readonly string[];
  /**
   * For a write with items: those its ceiling is captured with (the first) and replayed over in turn
   * (statement-ceilings.ts), which the load never takes.
   */
  replayItems?: ReadonlyArray<string | readonly string[]>;
  /** Fields of the captured answer that must be new at each replay (statement-ceilings.ts). */
  freshAnswerFields?: readonly string[];
  /** A write held against its own statement ceiling (ratio_to_ceiling), not only the one-row write. */
  againstCeiling?: boolean;
  /** Its replays use up their items (confirm a draft, ship a shipment): a replay of one used already does less. */
  replayUsesItems?: boolean;
  /** A read answered from the database on every request: its statements replayed bare are its ceiling too. */
  readsDatabase?: boolean;
  /**
   * Each item once, every request a URL not asked before (a cached read's `from the database` variant): the load
   * stops when they are used up. Its answer ceiling is the cached read's.
   */
  distinct?: boolean;
  expectStatus?: number;
}

const API = '/api/v1';
const VARIANT_VALUES = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix} ${i + 1}`);
const THOUSAND_VARIANTS = {
  attributes: [
    { name: 'Color', values: VARIANT_VALUES('Color') },
    { name: 'Size', values: VARIANT_VALUES('Size') },
    { name: 'Fit', values: VARIANT_VALUES('Fit') },
  ],
  allowCombinations: true,
};

/** What Chrome and Firefox send: answers are measured as a browser gets them. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The lower concurrency at which every read is measured again (the p99 target at 10 connections). */
export const FEW_CONNECTIONS = 10;

export const SCENARIO_NAMES = [
  'product get',
  'product get (each product once)',
  'product list',
  'product list (newest first)',
  'product create',
  'inventory adjust',
  'inventory reserve',
  'purchase order receive (10 lines)',
  'sales order create and confirm (3 lines)',
  'shipment ship (3 lines)',
  'event feed page',
  'event feed commit-to-read latency',
  'cross-process staleness',
  'generate 1000 variants',
  'webhook deliveries',
  'webhook commit-to-attempt lag',
  'import products from CSV',
  '10,000 orders backordered then allocated by one receipt',
] as const;

/** Measured under 'sales order create and confirm (3 lines)': the two requests a user waits for, one row each. */
export const SALES_ORDER_CREATE = 'sales order create (3 lines)';
export const SALES_ORDER_CONFIRM = 'sales order confirm (3 lines)';
export const SHIPMENT_SHIP = 'shipment ship (3 lines)';
export const BACKORDERS = '10,000 orders backordered then allocated by one receipt';

function baselineScenarios(productIds: readonly string[]): HttpScenario[] {
  return [
    { name: 'baseline: constant JSON', kind: 'baseline', baseline: null, server: 'baseline', path: '/constant' },
    {
      name: 'baseline: primary-key read',
      kind: 'baseline',
      baseline: null,
      server: 'baseline',
      path: '/products/{{item}}',
      items: productIds,
    },
    {
      name: 'baseline: one-row write',
      kind: 'baseline',
      baseline: null,
      server: 'baseline',
      method: 'POST',
      path: '/writes',
      expectStatus: 201,
    },
  ];
}
const BASELINE_OF: Record<string, BaselineName> = {
  'baseline: constant JSON': 'constant',
  'baseline: primary-key read': 'pk-read',
  'baseline: one-row write': 'write',
};

/** Distinct URLs made for each `from the database` variant: more than a measured run at 50 connections asks. */
const DISTINCT_URLS = 200_000;

/**
 * A read the answer cache serves, as read from the database: the same path and filters, every request a URL not
 * asked before (distinct-urls.ts: pages and per_page near the cached read's, then their spelling and order), so
 * that no request finds a kept answer (one is kept only from a URL's second read).
 */
function fromDatabase(s: HttpScenario, family: QueryFamily): HttpScenario {
  const [path] = s.path.split('?');
  return {
    ...s,
    name: `${s.name} (from the database)`,
    selectedBy: s.selectedBy ?? s.name,
    path: `${path}?{{item}}`,
    items: distinctQueries(family, DISTINCT_URLS),
    distinct: true,
  };
}

function appScenarios(
  catalog: SeededCatalog,
  operations: SeededOperations,
  sales: SeededSales,
  productIds: readonly string[],
): HttpScenario[] {
  const listFilters = {
    status: 'active',
    category_id: catalog.rootCategoryIds[1]!,
    include_descendants: 'true',
    sort_by: 'selling_price',
    sort_direction: 'asc',
  };
  const list = new URLSearchParams({ ...listFilters, page: '25', per_page: '25' });
  const mainWarehouse = operations.warehouseIds[0]!;
  const middle = operations.eventIds[Math.floor(operations.eventIds.length / 2)]!;
  const busy = new Set(productIds);
  const spare = spareProducts(catalog, productIds);
  const productList: HttpScenario = {
    name: 'product list',
    kind: 'read',
    baseline: 'pk-read',
    server: 'app',
    path: `${API}/operations/products?${list.toString()}`,
  };
  const newestFirst: HttpScenario = {
    name: 'product list (newest first)',
    kind: 'read',
    baseline: 'pk-read',
    server: 'app',
    path: `${API}/operations/products?per_page=25`,
  };
  return [
    {
      name: 'product get',
      kind: 'read',
      baseline: 'pk-read',
      server: 'app',
      path: `${API}/operations/products/{{item}}`,
      items: productIds,
    },
    // Tens of thousands of products in turn: each is read again only long after the answer cache let it go, so
    // every request is read from the database and serialised (the path of a product not read lately).
    {
      name: 'product get (each product once)',
      kind: 'read',
      baseline: 'pk-read',
      server: 'app',
      path: `${API}/operations/products/{{item}}`,
      items: catalog.stocked.map((p) => p.id).filter((id) => !busy.has(id)),
      readsDatabase: true,
    },
    productList,
    fromDatabase(productList, { fixed: listFilters, firstPage: 21, pages: 10, perPage: [20, 30] }),
    newestFirst,
    // Its defaults spelled out, one more way to write the same query.
    fromDatabase(newestFirst, {
      fixed: { sort_by: 'created_at', sort_direction: 'desc' },
      pages: 10,
      perPage: [20, 30],
    }),
    {
      name: 'product create',
      kind: 'write',
      baseline: 'write',
      server: 'app',
      method: 'POST',
      path: `${API}/operations/products`,
      expectStatus: 201,
      body: {
        name: 'Bench product {{seq}}',
        sku: 'BENCH-{{seq}}',
        selling_price: 19.99,
        cost_price: 9.5,
        type: 'physical',
      },
    },
    {
      name: 'inventory adjust',
      kind: 'write',
      baseline: 'write',
      server: 'app',
      method: 'POST',
      path: `${API}/operations/inventory/adjust`,
      items: productIds,
      replayItems: spare,
      body: { product_id: '{{item}}', warehouse_id: mainWarehouse, quantity: 1, reason: 'Bench recount' },
    },
    {
      name: 'inventory reserve',
      kind: 'write',
      baseline: 'write',
      server: 'app',
      method: 'POST',
      path: `${API}/operations/inventory/reserve`,
      items: productIds,
      replayItems: spare,
      body: { product_id: '{{item}}', warehouse_id: mainWarehouse, quantity: 1 },
    },
    {
      name: 'purchase order receive (10 lines)',
      kind: 'write',
      baseline: 'write',
      server: 'app',
      method: 'POST',
      path: `${API}/operations/purchase-orders/{{item}}/receive`,
      items: operations.purchaseOrderIds,
      body: {},
      // One order, which the load never gets to (it takes them from the first; its check before the load takes
      // the last): its lines are rows of their own, so the replay cannot move on to other orders.
      replayItems: operations.purchaseOrderIds.slice(-2, -1),
    },
    // Two requests, two waits of the user: each is measured as the other writes are, against its own statements.
    {
      name: SALES_ORDER_CREATE,
      selectedBy: 'sales order create and confirm (3 lines)',
      kind: 'write',
      baseline: 'write',
      server: 'app',
      method: 'POST',
      path: `${API}/sales/orders`,
      expectStatus: 201,
      items: sales.customerIds,
      // Customers of their own: a create locks its customer's row.
      replayItems: sales.spareCustomerIds,
      // The order's number is unique in the tenant: each replay writes a new one.
      freshAnswerFields: ['order_number'],
      againstCeiling: true,
      body: {
        customer_id: '{{item}}',
        lines: sales.createProductIds.map((id) => ({ product_id: id, quantity: 1, unit_price: 19.99 })),
      },
    },
    {
      name: SALES_ORDER_CONFIRM,
      selectedBy: 'sales order create and confirm (3 lines)',
      kind: 'write',
      baseline: 'write',
      server: 'app',
      method: 'POST',
      path: `${API}/sales/orders/{{item}}/confirm`,
      body: {},
      // Seeded drafts of 3 lines whose products hold stock in the main warehouse: each confirm reserves 3 units.
      items: sales.draftOrderIds,
      replayItems: sales.draftReplayGroups,
      replayUsesItems: true,
      againstCeiling: true,
    },
    {
      name: SHIPMENT_SHIP,
      kind: 'write',
      baseline: 'write',
      server: 'app',
      method: 'POST',
      path: `${API}/sales/shipments/{{item}}/ship`,
      body: { carrier: 'DHL' },
      // Seeded draft shipments of confirmed 3-line orders, reserved in the main warehouse: a fresh one per request.
      items: sales.shipmentIds,
      replayItems: sales.shipmentReplayGroups,
      replayUsesItems: true,
      againstCeiling: true,
    },
    {
      name: 'event feed page',
      kind: 'read',
      baseline: 'pk-read',
      server: 'app',
      path: `${API}/webhooks/events?after=${middle}&per_page=100`,
      readsDatabase: true,
    },
  ];
}

/**
 * The ceiling of a read: the app's own answer to it, fetched once, then served as constant bytes by the bare
 * baseline server (no database, no hooks). No implementation of the read on this stack can answer faster than
 * that, so its ratio to the primary-key read bounds what the read's ratio can reach.
 */
async function answerCeiling(s: HttpScenario, spec: HttpRequestSpec, baselineUrl: string): Promise<HttpScenario> {
  const response = await fetch(spec.url.replace('{{item}}', s.items?.[0] ?? ''), { headers: spec.headers });
  const name = encodeURIComponent(s.name);
  await fetch(`${baselineUrl}/answers/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: await response.text(),
  });
  return {
    name: `ceiling: ${s.name} answer, no work`,
    kind: 'baseline',
    baseline: 'pk-read',
    server: 'baseline',
    path: `/answers/${name}`,
  };
}

/** Products the read and stock scenarios turn over: live, tracked, enough available stock to reserve from. */
function busyProducts(catalog: SeededCatalog): string[] {
  return catalog.stocked
    .filter((p) => p.onHand - p.reserved >= 200)
    .slice(0, 1000)
    .map((p) => p.id);
}

/**
 * A tracked product seeded with no stock that still has none anywhere (a receipt measured earlier may have brought
 * some): the last such, which the receipts, taken from the first orders on, reach last.
 */
async function soldOutProduct(db: Db, catalog: SeededCatalog): Promise<StockedProduct> {
  for (const product of catalog.stocked.filter((p) => p.onHand === 0).reverse()) {
    const stock = await db
      .selectFrom('inventory_records')
      .select((eb) => [
        eb.fn.sum<number>('quantity_on_hand').as('on_hand'),
        eb.fn.sum<number>('quantity_reserved').as('reserved'),
      ])
      .where('product_id', '=', product.id)
      .executeTakeFirst();
    if (Number(stock?.on_hand ?? 0) === 0 && Number(stock?.reserved ?? 0) === 0) return product;
  }
  throw new Error('the catalog has no tracked product without stock for the backorder scenario');
}

/** As many other such products, which only the ceilings of adjust and reserve take. */
function spareProducts(catalog: SeededCatalog, busyIds: readonly string[]): string[] {
  const busy = new Set(busyIds);
  return catalog.stocked
    .filter((p) => !busy.has(p.id) && p.onHand - p.reserved >= 200)
    .slice(0, 1000)
    .map((p) => p.id);
}

export async function seedTenant(services: Services) {
  const { tenant, user, warehouse } = await services.tenants.create({
    name: 'Bench',
    adminEmail: 'bench@example.test',
    adminPassword: 'correct-horse-battery',
  });
  const token = await issueBenchToken(services, tenant.id, user.id, 'bench');
  return { tenantId: tenant.id, userId: user.id, adminEmail: user.email, warehouseId: warehouse.id, token };
}

/** A token of every ability for the bench's requests, never expiring; its plain text. */
export async function issueBenchToken(
  services: Services,
  tenantId: string,
  userId: string,
  name: string,
): Promise<string> {
  const { plainText } = await services.tokens.issue({
    tenantId,
    userId,
    name,
    type: 'application',
    abilities: ['*'],
    expirationDays: null,
    ipWhitelist: null,
    preApproved: true,
  });
  return plainText;
}

function result(
  scenario: { name: string; kind: ScenarioResult['kind']; baseline: BaselineName | null },
  m: Measurement,
  baselines: Map<BaselineName, Measurement>,
  few?: Measurement,
): ScenarioResult {
  const base = scenario.baseline ? baselines.get(scenario.baseline) : undefined;
  return {
    name: scenario.name,
    requests_per_s: m.perSecond,
    p50_ms: m.p50,
    p99_ms: m.p99,
    baseline: scenario.baseline,
    ratio_to_baseline: base && base.perSecond > 0 ? m.perSecond / base.perSecond : null,
    kind: scenario.kind,
    requests: m.requests,
    failures: m.failures,
    ...(m.bytesPerAnswer !== undefined ? { bytes_per_answer: Math.round(m.bytesPerAnswer) } : {}),
    ...(few
      ? {
          few_connections: {
            connections: FEW_CONNECTIONS,
            requests_per_s: few.perSecond,
            p50_ms: few.p50,
            p99_ms: few.p99,
          },
        }
      : {}),
  };
}

/** The mean of the baseline measured before and after the scenarios, so that drift shows in neither alone. */
function meanOf(a: Measurement, b: Measurement): Measurement {
  const avg = (x: number, y: number) => (x + y) / 2;
  return {
    requests: a.requests + b.requests,
    perSecond: avg(a.perSecond, b.perSecond),
    p50: avg(a.p50, b.p50),
    p90: avg(a.p90, b.p90),
    p99: avg(a.p99, b.p99),
    max: Math.max(a.max, b.max),
    failures: a.failures + b.failures,
  };
}

export async function benchEngine(
  postgresUrl: string | undefined,
  settings: BenchSettings,
  log: (line: string) => void,
): Promise<EngineResult> {
  const bench = await openBenchDatabase({
    postgresUrl,
    keep: settings.keepDatabase,
    poolSize: 4,
    sqliteAnalyze: settings.sqliteAnalyze,
  });
  const processes: RunningProcess[] = [];
  const notes: string[] = [];
  try {
    const { db } = bench.database;
    const config = loadConfig(
      {},
      { databaseUrl: bench.databaseUrl, sqliteFile: bench.sqliteFile, dataDir: bench.dataDir },
    );
    const services = createServices({ db, clock: systemClock, newId, config });
    const seeded = performance.now();
    const tenant = await seedTenant(services);
    log(
      `${bench.engine}: seeding ${settings.sizes.products} products, ${settings.sizes.stockMovements} movements, ${settings.sizes.events} events`,
    );
    const phase = (name: string, since: number) =>
      log(`${bench.engine}: ${name} in ${((performance.now() - since) / 1000).toFixed(1)} s`);
    let indexesStarted = 0;
    // The bulk tables' secondary indexes are built once their rows are in (seed/deferred-indexes.ts).
    const { catalog, operations } = await withIndexesAfter(db, bench.engine, BULK_TABLES, async () => {
      const catalogStarted = performance.now();
      const catalog = await seedCatalog(db, tenant.tenantId, {
        engine: bench.engine,
        products: settings.sizes.products,
        masters: settings.sizes.masters,
      });
      phase('catalog seeded', catalogStarted);
      const operationsStarted = performance.now();
      const operations = await seedOperations(db, tenant.tenantId, catalog, {
        engine: bench.engine,
        mainWarehouseId: tenant.warehouseId,
        userId: tenant.userId,
        warehouses: settings.sizes.warehouses,
        stockMovements: settings.sizes.stockMovements,
        events: settings.sizes.events,
        purchaseOrders: settings.sizes.purchaseOrders,
        linesPerOrder: 10,
      });
      phase('operations seeded', operationsStarted);
      indexesStarted = performance.now();
      return { catalog, operations };
    });
    phase('bulk tables indexed', indexesStarted);
    const salesStarted = performance.now();
    const productIds = busyProducts(catalog);
    const sales = await seedSales(db, tenant.tenantId, catalog, {
      engine: bench.engine,
      mainWarehouseId: tenant.warehouseId,
      userId: tenant.userId,
      orders: settings.sizes.salesOrders,
      customers: 500,
      busyProductIds: new Set([...productIds, ...spareProducts(catalog, productIds)]),
    });
    phase('sales seeded', salesStarted);
    await bench.analyse();
    if (bench.engine === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
    const seedSeconds = (performance.now() - seeded) / 1000;
    log(`${bench.engine}: seeded in ${seedSeconds.toFixed(1)} s`);

    const build = await buildServer();
    if (build.note) notes.push(build.note);
    const databaseEnv = appDatabaseEnv(bench.databaseUrl);
    const [appPort, basePort] = [await freePort(), await freePort()];
    const startServer = (name: string, port: number, args: string[]) =>
      startAppServer({ build, name, port, args, databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
    const [server, baseline] = await Promise.all([
      startServer('server', appPort, ['serve']),
      startNodeProcess({
        name: 'baseline',
        script: 'bench/baseline-server.ts',
        typescript: true,
        port: basePort,
        probePath: '/constant',
        env: { ...databaseEnv, BENCH_PORT: String(basePort), BENCH_SQLITE_FILE: bench.sqliteFile },
      }),
    ]);
    processes.push(server, baseline);
    const rssTrail: EngineResult['rss_trail'] = [];
    const trackMemory = (after: string) => rssTrail.push({ after, rss_mb: server.memory()?.rssMb ?? null });
    trackMemory('start');
    const baselineStartRss = baseline.memory()?.rssMb ?? null;

    const { acceptEncoding } = settings;
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${tenant.token}`,
      ...(acceptEncoding === '' ? {} : { 'accept-encoding': acceptEncoding }),
    };
    const specOf = (s: HttpScenario): HttpRequestSpec => ({
      method: s.method ?? 'GET',
      url: `${s.server === 'app' ? server.url : baseline.url}${s.path}`,
      headers: s.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(s.body !== undefined ? { body: JSON.stringify(s.body) } : {}),
      ...(s.items ? { items: s.items } : {}),
      ...(s.distinct ? { distinct: true } : {}),
    });
    const measure = async (s: HttpScenario, connections = settings.connections) => {
      log(
        `${bench.engine}: measuring ${s.name}${connections === settings.connections ? '' : ` at ${connections} connections`}`,
      );
      const spec = specOf(s);
      // A distinct read's measurements at the two concurrencies take halves of its URLs: none is asked by both.
      if (s.distinct && s.items) {
        const half = Math.floor(s.items.length / 2);
        spec.items = connections === settings.connections ? s.items.slice(0, half) : s.items.slice(half);
      }
      await checkOnce(spec, s.expectStatus ?? 200);
      const m = await measureHttp(spec, { ...settings, connections });
      if (m.bytesPerAnswer !== undefined)
        log(
          `${bench.engine}: ${s.name}: ${Math.round(m.bytesPerAnswer)} bytes per answer at ${connections} connections`,
        );
      if (m.failures > 0)
        notes.push(`${s.name}: ${m.failures} failures; answers by status ${JSON.stringify(m.statusCodes)}`);
      if (m.exhausted)
        notes.push(
          `${s.name} at ${connections} connections: its ${s.items?.length} distinct URLs were used up after ${m.requests} measured requests, before ${settings.duration} s`,
        );
      return m;
    };
    const selected = (name: string) => settings.only.length === 0 || settings.only.includes(name);

    const baselines = baselineScenarios(productIds);
    const before = new Map<string, Measurement>();
    for (const s of baselines) before.set(s.name, await measure(s));
    const ceilings: Array<{ scenario: HttpScenario; m: Measurement; few?: Measurement }> = [];
    /** The statement ceiling of each write held against its own. */
    const ceilingOf = new Map<string, Measurement>();
    const measured: Array<{
      scenario: Pick<HttpScenario, 'name' | 'kind' | 'baseline'>;
      m: Measurement;
      few?: Measurement;
      rssGrowthMb?: number;
      extra?: Partial<ScenarioResult>;
    }> = [];
    // Each scenario right after its own ceilings, so that the two meet the machine in the same state: what one
    // scenario's load leaves behind (the write replays' log, the kernel's socket state) weighs on its neighbour,
    // not on a read measured minutes later against a ceiling measured before it all.
    for (const s of appScenarios(catalog, operations, sales, productIds).filter((r) =>
      selected(r.selectedBy ?? r.name),
    )) {
      const read = s.kind === 'read';
      const few = (c: HttpScenario) =>
        read && settings.connections > FEW_CONNECTIONS ? measure(c, FEW_CONNECTIONS) : Promise.resolve(undefined);
      if (read && !s.distinct) {
        const answer = await answerCeiling(s, specOf(s), baseline.url);
        ceilings.push({ scenario: answer, m: await measure(answer) });
      }
      if (!read || s.readsDatabase) {
        // A read's replay takes the load's own items: reads wait for no lock.
        const replay = await statementCeiling(read ? { ...s, replayItems: s.items } : s, {
          config,
          token: tenant.token,
          baselineUrl: baseline.url,
        });
        log(`${bench.engine}: ${s.name}: ${replay.statements} statements captured`);
        const c: HttpScenario = {
          name: replay.name,
          path: replay.path,
          method: replay.method,
          kind: 'baseline',
          baseline: read ? 'pk-read' : 'write',
          server: 'baseline',
          expectStatus: read ? 200 : 201,
        };
        // Measured at the read's two concurrencies, so that its p99s have their bounds too.
        const m = await measure(c);
        ceilings.push({ scenario: c, m, few: await few(c) });
        if (s.againstCeiling) ceilingOf.set(s.name, m);
        const turns = (m.requests * (settings.duration + settings.warmup)) / settings.duration;
        if (s.replayUsesItems && s.replayItems && turns > s.replayItems.length)
          notes.push(
            `${c.name}: about ${Math.round(turns)} replays over ${s.replayItems.length} items; the later ones found their rows changed already and did less work (raise BENCH_SALES_ORDERS)`,
          );
      }
      measured.push({ scenario: s, m: await measure(s), few: await few(s) });
      trackMemory(s.name);
    }

    if (selected('event feed commit-to-read latency')) {
      log(`${bench.engine}: measuring event feed commit-to-read latency`);
      const feed = await measureFeedLatency({
        serverUrl: server.url,
        headers,
        writes: settings.feedLatencyWrites,
        pauseMs: 20,
      });
      measured.push({
        scenario: { name: 'event feed commit-to-read latency', kind: 'batch', baseline: null },
        m: feed.latency,
      });
      notes.push(...feed.notes);
      trackMemory('event feed commit-to-read latency');
    }

    if (selected('cross-process staleness')) {
      log(`${bench.engine}: measuring cross-process staleness`);
      const second = await startServer('second server', await freePort(), ['serve', '--no-worker']);
      processes.push(second);
      const windows = await measureCrossProcess({
        changedUrl: server.url,
        askedUrl: second.url,
        adminEmail: tenant.adminEmail,
        headers,
        productIds,
        trials: settings.crossProcessTrials,
        issueToken: async () => {
          const { token, plainText } = await services.tokens.issue({
            tenantId: tenant.tenantId,
            userId: tenant.userId,
            name: 'cross-process',
            type: 'application',
            abilities: ['*'],
            expirationDays: null,
            ipWhitelist: null,
            preApproved: true,
          });
          return { id: token.id, plainText };
        },
      });
      for (const w of windows) {
        measured.push({
          scenario: { name: `cross-process staleness: ${w.name}`, kind: 'batch', baseline: null },
          m: w.window,
        });
        notes.push(
          `cross-process staleness, ${w.name}: ${w.window.requests} trials; window from the change's answer on one process until the other shows it p50/p99/max ${w.window.p50.toFixed(2)}/${w.window.p99.toFixed(2)}/${w.window.max.toFixed(2)} ms, stale first reads ${w.staleFirstReads}; the change's call p50/p99/max ${w.change.p50.toFixed(1)}/${w.change.p99.toFixed(1)}/${w.change.max.toFixed(1)} ms`,
        );
      }
      await second.stop();
    }

    if (selected('generate 1000 variants')) {
      log(`${bench.engine}: measuring generate 1000 variants`);
      measured.push({
        scenario: { name: 'generate 1000 variants', kind: 'batch', baseline: null },
        m: await measureVariants(server.url, headers, settings.variantRuns),
      });
      trackMemory('generate 1000 variants');
    }
    if (selected('webhook deliveries') || selected('webhook commit-to-attempt lag')) {
      log(`${bench.engine}: measuring webhooks`);
      const webhooks = await measureWebhooks({
        db,
        services,
        tenantId: tenant.tenantId,
        throughputEvents: 5000,
        lagRatePerSecond: 200,
        lagSeconds: 5,
        subscribe: async (url) => {
          const response = await fetch(`${server.url}${API}/webhooks/subscriptions`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ url, event_types: ['product.*'] }),
          });
          if (response.status !== 201)
            throw new Error(
              `POST /webhooks/subscriptions answered ${response.status}: ${(await response.text()).slice(0, 500)}`,
            );
          const { data } = (await response.json()) as { data: { id: string } };
          return () =>
            checkOnce({ method: 'DELETE', url: `${server.url}${API}/webhooks/subscriptions/${data.id}`, headers }, 200);
        },
      });
      measured.push({
        scenario: { name: 'webhook deliveries', kind: 'batch', baseline: null },
        m: webhooks.throughput,
      });
      measured.push({
        scenario: { name: 'webhook commit-to-attempt lag', kind: 'batch', baseline: null },
        m: webhooks.lag,
      });
      notes.push(...webhooks.notes);
      trackMemory('webhooks');
    }

    if (selected('import products from CSV')) {
      log(`${bench.engine}: measuring an import of ${settings.importRows} products`);
      const imported = await measureImport({
        db,
        tenantId: tenant.tenantId,
        serverUrl: server.url,
        headers,
        rows: settings.importRows,
        memory: () => server.memory()?.rssMb ?? null,
        reads: specOf({
          name: 'reads',
          kind: 'read',
          baseline: null,
          server: 'app',
          path: `${API}/operations/products/{{item}}`,
          items: productIds,
        }),
      });
      const growth =
        imported.rssPeakMb !== null && imported.rssBeforeMb !== null
          ? imported.rssPeakMb - imported.rssBeforeMb
          : undefined;
      measured.push({
        scenario: { name: 'import products from CSV', kind: 'batch', baseline: null },
        m: importMeasurement(imported),
        rssGrowthMb: growth,
      });
      notes.push(
        `import products from CSV: ${imported.rows} rows in ${imported.seconds.toFixed(1)} s (${(imported.rows / imported.seconds).toFixed(0)} rows/s), ` +
          `RSS ${imported.rssBeforeMb?.toFixed(0)} -> peak ${imported.rssPeakMb?.toFixed(0)} MB; product reads meanwhile at 10 connections: ` +
          `${imported.reads.perSecond.toFixed(0)}/s, p50 ${imported.reads.p50.toFixed(1)} ms, p99 ${imported.reads.p99.toFixed(1)} ms`,
      );
      trackMemory('import products from CSV');
    }

    if (selected(BACKORDERS)) {
      const product = await soldOutProduct(db, catalog);
      log(`${bench.engine}: measuring ${settings.sizes.backorders} orders backordered then allocated by one receipt`);
      const backorders = await measureBackorders({
        db,
        engine: bench.engine,
        tenantId: tenant.tenantId,
        userId: tenant.userId,
        serverUrl: server.url,
        headers,
        product,
        warehouseId: tenant.warehouseId,
        customerIds: sales.customerIds,
        orders: settings.sizes.backorders,
        connections: settings.connections,
      });
      measured.push({
        scenario: { name: `${BACKORDERS}: confirmations`, kind: 'batch', baseline: null },
        m: backorders.confirmations,
      });
      measured.push({
        scenario: { name: `${BACKORDERS}: receipt`, kind: 'batch', baseline: null },
        m: backorders.receipt,
        extra: {
          reserved_by_receipt: backorders.reservedByReceipt,
          reconcile_mismatches: backorders.reconcileMismatches,
        },
      });
      notes.push(
        `${BACKORDERS}: ${settings.sizes.backorders} one-line orders confirmed at ${settings.connections} connections, ${backorders.confirmations.perSecond.toFixed(0)}/s, ` +
          `${backorders.backordered} units backordered; the receipt of ${settings.sizes.backorders} units took ${backorders.receipt.p50.toFixed(0)} ms and reserved ${backorders.reservedByReceipt}; ` +
          `reconcile listed ${backorders.reconcileMismatches} records out of balance (in ${backorders.reconcileMs.toFixed(0)} ms)` +
          (backorders.reconcileMismatches > 0 ? `, the first: ${JSON.stringify(backorders.reconcileSample)}` : ''),
      );
      trackMemory(BACKORDERS);
    }

    const baselineMeans = new Map<BaselineName, Measurement>();
    const baselineResults: Array<{ scenario: HttpScenario; m: Measurement; few?: Measurement }> = [];
    for (const s of baselines) {
      const after = await measure(s);
      const first = before.get(s.name)!;
      const drift = after.perSecond / first.perSecond - 1;
      if (Math.abs(drift) > 0.1)
        notes.push(
          `${s.name} moved ${(drift * 100).toFixed(0)}% between the start and the end of the run (a busy machine?)`,
        );
      const m = meanOf(first, after);
      baselineMeans.set(BASELINE_OF[s.name]!, m);
      baselineResults.push({ scenario: s, m });
    }
    const memory = server.memory();
    return {
      engine: bench.engine,
      scenarios: [
        ...[...baselineResults, ...ceilings].map(({ scenario, m, few }) => result(scenario, m, baselineMeans, few)),
        ...measured.map(({ scenario, m, few, rssGrowthMb, extra }) => {
          const ceiling = ceilingOf.get(scenario.name);
          return {
            ...result(scenario, m, baselineMeans, few),
            ...(ceiling && ceiling.perSecond > 0 ? { ratio_to_ceiling: m.perSecond / ceiling.perSecond } : {}),
            ...(rssGrowthMb !== undefined ? { rss_growth_mb: rssGrowthMb } : {}),
            ...extra,
          };
        }),
      ],
      rss_mb: memory?.rssMb ?? null,
      rss_peak_mb: memory?.peakMb ?? null,
      rss_trail: rssTrail,
      baseline_rss_mb: { start: baselineStartRss, end: baseline.memory()?.rssMb ?? null },
      seed_seconds: seedSeconds,
      notes,
    };
  } finally {
    for (const p of processes) await p.stop();
    await bench.drop();
  }
}

/** Each run creates a fresh master (untimed), then times the request that generates its 1000 variants. */
async function measureVariants(serverUrl: string, headers: Record<string, string>, runs: number): Promise<Measurement> {
  const json = { ...headers, 'content-type': 'application/json' };
  let sequence = 0;
  const call = async (path: string, body: unknown, expectStatus: number) => {
    const response = await fetch(`${serverUrl}${API}${path}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== expectStatus)
      throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as { data: { id?: string; generated_count?: number } };
  };
  return measureSequential(
    runs,
    async () =>
      (
        await call(
          '/operations/master-products',
          { name: `Bench tee ${++sequence}`, base_price: 19.99, variant_attributes: THOUSAND_VARIANTS },
          201,
        )
      ).data.id!,
    async (masterId) => {
      const answer = await call(`/operations/master-products/${masterId}/variants/generate`, {}, 201);
      if (answer.data.generated_count !== 1000)
        throw new Error(`generated ${answer.data.generated_count} variants, expected 1000`);
    },
  );
}
