// One schema, one set of migrations, both engines; and the normalisation that makes both engines
// answer the same JavaScript values.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { migrateToLatest, migrationsAreCurrent } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { BOOLEAN_COLUMNS, JSON_COLUMNS } from '../../src/db/schema.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

const TABLES = [
  'tenants',
  'users',
  'warehouses',
  'api_tokens',
  'idempotency_keys',
  'events',
  'sessions',
  'login_attempts',
  'product_categories',
  'brands',
  'tags',
  'suppliers',
  'supplier_ratings',
  'products',
  'product_tags',
  'attribute_definitions',
  'product_attribute_values',
  'inventory_records',
  'stock_movements',
  'stock_reservations',
  'event_outbox',
  'master_products',
  'variant_deletions',
  'physical_counts',
  'purchase_orders',
  'purchase_order_items',
  'purchase_order_sequences',
  'purchase_order_receipts',
  'purchase_order_receipt_lines',
  'documents',
  'webhook_subscriptions',
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'password_links',
  'audit_log',
  'import_jobs',
  'import_batches',
  'import_errors',
  'customers',
  'sales_sequences',
  'sales_orders',
  'sales_order_lines',
  'shipments',
  'shipment_lines',
  'sales_returns',
  'sales_return_lines',
];
/** Tables whose lists incremental sync reads by updated_at over an index of their own (docs/sync.md). */
const SYNC_TABLES = [
  'products',
  'master_products',
  'product_categories',
  'brands',
  'tags',
  'suppliers',
  'inventory_records',
  'purchase_orders',
  'customers',
  'sales_orders',
];
const SOFT_DELETED = [
  'products',
  'master_products',
  'product_categories',
  'brands',
  'suppliers',
  'purchase_orders',
  'customers',
];

/**
 * The plan of a query as one text. PostgreSQL is told to avoid sequential scans and sorts where it can, so that
 * its choice on these near-empty tables is the one it makes on full ones.
 */
async function planOf(database: Database, query: ReturnType<typeof sql>): Promise<string> {
  if (database.engine === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(database.db);
    return rows.map((r) => r.detail).join('\n');
  }
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** Tables that exist before a tenant is known: sign-in attempts are keyed by e-mail and IP. */
const WITHOUT_TENANT = ['tenants', 'login_attempts'];

async function columnTypes(database: Database): Promise<Array<{ table: string; column: string; type: string }>> {
  if (database.engine === 'postgres') {
    const { rows } = await sql<{ table: string; column: string; type: string }>`
      select table_name as "table", column_name as "column", data_type as "type"
      from information_schema.columns where table_schema = 'public'`.execute(database.db);
    return rows;
  }
  const result = [];
  for (const table of TABLES) {
    const { rows } = await sql<{
      name: string;
      type: string;
    }>`select name, type from pragma_table_info(${table})`.execute(database.db);
    result.push(...rows.map((r) => ({ table, column: r.name, type: r.type.toLowerCase() })));
  }
  return result;
}

/** Runs `work` on a database of its own migrated up to `migration` (and no further), then drops it. */
async function onDatabaseMigratedTo(migration: string, work: (database: Database) => Promise<void>): Promise<void> {
  const scratch = await createTestDatabaseLocation({ migrated: false });
  const database = openTestDatabase(scratch);
  try {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(migration)).error).toBeUndefined();
    await work(database);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

describe(`migrations on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;

  beforeAll(async () => {
    location = await createTestDatabaseLocation({ migrated: false });
    database = openTestDatabase(location);
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  it('apply every migration on an empty database, then find nothing to do', async () => {
    expect(await migrationsAreCurrent(database.db)).toBe(false);
    const first = await migrateToLatest(database.db);
    expect(first.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    expect(await migrationsAreCurrent(database.db)).toBe(true);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('create every table with tenant_id, and unique indexes that start with it', async () => {
    const columns = await columnTypes(database);
    for (const table of TABLES.filter((t) => !WITHOUT_TENANT.includes(t))) {
      expect(
        columns.some((c) => c.table === table && c.column === 'tenant_id'),
        table,
      ).toBe(true);
    }
    const indexes =
      database.engine === 'postgres'
        ? (
            await sql<{
              name: string;
              def: string;
            }>`select indexname as name, indexdef as def from pg_indexes where schemaname = 'public'`.execute(
              database.db,
            )
          ).rows
        : (
            await sql<{
              name: string;
              def: string;
            }>`select name, sql as def from sqlite_master where type = 'index' and sql is not null`.execute(database.db)
          ).rows;
    const unique = indexes.filter((i) => /unique/i.test(i.def) && !/_pkey$|kysely_migration/.test(i.name));
    // The documented exceptions: an e-mail signs in without naming a tenant, and a set-password link is followed
    // by someone not signed in, whose link's secret names no tenant either.
    const exceptions = ['users_email_unique', 'password_links_token_hash_key'];
    for (const index of unique.filter((i) => !exceptions.includes(i.name))) {
      expect(index.def, index.name).toMatch(/\(\s*"?tenant_id"?/);
    }
    expect(unique.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'warehouses_tenant_code_unique',
        'warehouses_tenant_default_unique',
        'idempotency_keys_tenant_caller_key_unique',
      ]),
    );
  });

  it('index every list incremental sync walks by updated_at, and live barcodes uniquely per tenant', async () => {
    const indexes =
      database.engine === 'postgres'
        ? (
            await sql<{
              name: string;
              def: string;
            }>`select indexname as name, indexdef as def from pg_indexes where schemaname = 'public'`.execute(
              database.db,
            )
          ).rows
        : (
            await sql<{
              name: string;
              def: string;
            }>`select name, sql as def from sqlite_master where type = 'index' and sql is not null`.execute(database.db)
          ).rows;
    const byName = new Map(indexes.map((i) => [i.name, i.def]));
    for (const table of SYNC_TABLES) {
      const def = byName.get(`${table}_tenant_updated_idx`);
      expect(def, table).toMatch(/\(\s*"?tenant_id"?,\s*"?updated_at"?,\s*"?id"?/);
    }
    const barcode = byName.get('products_tenant_barcode_unique');
    expect(barcode).toMatch(/unique/i);
    expect(barcode).toMatch(/\(\s*"?tenant_id"?,\s*"?barcode"?\s*\)/);
    expect(barcode).toMatch(/deleted_at"?\s+is\s+null/i);
    expect(barcode).toMatch(/barcode"?\s+is\s+not\s+null/i);
  });

  it('serve a sync page and a barcode lookup from an index, without a scan or a sort', async () => {
    const tenant = '01jtenant00000000000000000';
    const plans: Array<[string, string, ReturnType<typeof sql>]> = [
      ...SYNC_TABLES.map((table): [string, string, ReturnType<typeof sql>] => [
        table,
        `${table}_tenant_updated_idx`,
        sql`select id from ${sql.table(table)} where tenant_id = ${tenant} ${SOFT_DELETED.includes(table) ? sql`and deleted_at is null` : sql``}
            and updated_at >= ${'2026-01-01T00:00:00.000Z'} order by updated_at, id limit 100`,
      ]),
      [
        'barcode',
        'products_tenant_barcode_unique',
        sql`select id from products where tenant_id = ${tenant} and deleted_at is null and barcode = ${'4006381333931'}`,
      ],
    ];
    for (const [name, index, query] of plans) {
      const plan = await planOf(database, query);
      expect(plan, name).toContain(index);
      expect(plan, name).not.toMatch(database.engine === 'postgres' ? /Seq Scan|Sort/ : /\bSCAN\b|TEMP B-TREE/);
    }
  });

  it('list every boolean and JSON column for value normalisation', async () => {
    const columns = await columnTypes(database);
    const booleans = new Set(columns.filter((c) => c.type === 'boolean').map((c) => c.column));
    expect(booleans).toEqual(BOOLEAN_COLUMNS);
    if (database.engine === 'postgres') {
      expect(new Set(columns.filter((c) => c.type === 'jsonb').map((c) => c.column))).toEqual(JSON_COLUMNS);
    }
    // A column name means one type everywhere, or by-name conversion would be wrong.
    for (const name of [...BOOLEAN_COLUMNS, ...JSON_COLUMNS]) {
      const types = new Set(columns.filter((c) => c.column === name).map((c) => c.type));
      expect(types.size, name).toBe(1);
    }
  });

  it('round-trips booleans, JSON, timestamps and 64-bit counts to identical values', async () => {
    const now = '2026-11-21T10:11:12.345Z';
    await database.db
      .insertInto('tenants')
      .values({ id: '01jtenant00000000000000000', name: 'T', created_at: now, updated_at: now })
      .execute();
    await database.db
      .insertInto('warehouses')
      .values({
        id: '01jwarehouse0000000000000',
        tenant_id: '01jtenant00000000000000000',
        name: 'W',
        code: 'W',
        type: 'main',
        is_default: true,
        is_active: false,
        address: { street: 'Main 1', city: 'Oslo' },
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .execute();
    const row = await database.db.selectFrom('warehouses').selectAll().executeTakeFirstOrThrow();
    expect(row.is_default).toBe(true);
    expect(row.is_active).toBe(false);
    expect(row.address).toEqual({ street: 'Main 1', city: 'Oslo' });
    expect(row.created_at).toBe(now);
    expect(row.deleted_at).toBeNull();
    const count = await database.db
      .selectFrom('warehouses')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
    const filtered = await database.db
      .selectFrom('warehouses')
      .select('id')
      .where('is_active', '=', false)
      .where('is_default', '=', true)
      .execute();
    expect(filtered).toHaveLength(1);
  });

  it('keep one default warehouse per tenant in the database itself', async () => {
    const now = new Date().toISOString();
    await expect(
      database.db
        .insertInto('warehouses')
        .values({
          id: '01jwarehouse0000000000001',
          tenant_id: '01jtenant00000000000000000',
          name: 'W2',
          code: 'W2',
          type: 'main',
          is_default: true,
          is_active: true,
          address: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
  });

  it("serve a department's page by price from one index range, without a sort (0020)", async () => {
    const plan = await planOf(
      database,
      sql`select id from products where tenant_id = ${'01jtenant00000000000000000'} and deleted_at is null and status = ${'active'}
          and category_root_id = ${'01jroot0000000000000000000'} order by currency nulls first, selling_price nulls first, id limit 25 offset 600`,
    );
    expect(plan).toContain('products_tenant_category_root_status_idx');
    expect(plan).not.toMatch(database.engine === 'postgres' ? /Seq Scan|Sort/ : /\bSCAN\b|TEMP B-TREE/);
  });

  it("give existing categories their paths and existing products their category's root (0019)", async () => {
    await onDatabaseMigratedTo('0018_tenant_settings', async (other) => {
      const idOf = (prefix: string) => prefix.padEnd(26, '0');
      const [tenant, root, child, leaf, deleted, otherRoot] = [
        idOf('01jtenant'),
        idOf('01jroot'),
        idOf('01jchild'),
        idOf('01jleaf'),
        idOf('01jdeleted'),
        idOf('01jother'),
      ];
      const at = '2026-01-01T00:00:00.000Z';
      await sql`insert into tenants (id, name, created_at, updated_at) values (${tenant}, 'T', ${at}, ${at})`.execute(
        other.db,
      );
      const category = (id: string, parent: string | null, deletedAt: string | null = null) =>
        sql`insert into product_categories (id, tenant_id, name, slug, parent_id, created_at, updated_at, deleted_at)
            values (${id}, ${tenant}, ${id}, ${id}, ${parent}, ${at}, ${at}, ${deletedAt})`.execute(other.db);
      await category(root, null);
      await category(child, root);
      await category(leaf, child);
      await category(deleted, root, at);
      await category(otherRoot, null);
      const product = (sku: string, categoryId: string | null) =>
        sql`insert into products (id, tenant_id, name, slug, sku, category_id, created_at, updated_at)
            values (${idOf(`01jp${sku}`)}, ${tenant}, ${sku}, ${sku}, ${sku}, ${categoryId}, ${at}, ${at})`.execute(
          other.db,
        );
      await product('leaf', leaf);
      await product('other', otherRoot);
      await product('none', null);

      expect(await migrateToLatest(other.db)).not.toEqual([]);
      const paths = await sql<{
        id: string;
        path: string;
      }>`select id, path from product_categories order by id`.execute(other.db);
      expect(Object.fromEntries(paths.rows.map((r) => [r.id, r.path]))).toEqual({
        [root]: `/${root}/`,
        [child]: `/${root}/${child}/`,
        [leaf]: `/${root}/${child}/${leaf}/`,
        [deleted]: `/${root}/${deleted}/`,
        [otherRoot]: `/${otherRoot}/`,
      });
      const roots = await sql<{
        sku: string;
        category_root_id: string | null;
      }>`select sku, category_root_id from products`.execute(other.db);
      expect(Object.fromEntries(roots.rows.map((r) => [r.sku, r.category_root_id]))).toEqual({
        leaf: root,
        other: otherRoot,
        none: null,
      });
    });
  });

  it('give every record with reserved stock one active manual reservation of that quantity (0027)', async () => {
    await onDatabaseMigratedTo('0025_purchase_order_emailed_at', async (other) => {
      const idOf = (prefix: string) => prefix.padEnd(26, '0');
      const [tenant, warehouse] = [idOf('01jtenant'), idOf('01jwarehouse')];
      const at = '2026-01-01T10:00:00.000Z';
      await sql`insert into tenants (id, name, created_at, updated_at) values (${tenant}, 'T', ${at}, ${at})`.execute(
        other.db,
      );
      await sql`insert into warehouses (id, tenant_id, name, code, type, created_at, updated_at)
          values (${warehouse}, ${tenant}, 'W', 'W', 'main', ${at}, ${at})`.execute(other.db);
      const stock = async (sku: string, onHand: number, reserved: number) => {
        const product = idOf(`01jp${sku}`);
        await sql`insert into products (id, tenant_id, name, slug, sku, created_at, updated_at)
            values (${product}, ${tenant}, ${sku}, ${sku}, ${sku}, ${at}, ${at})`.execute(other.db);
        await sql`insert into inventory_records (id, tenant_id, product_id, warehouse_id, quantity_on_hand, quantity_reserved, created_at, updated_at)
            values (${idOf(`01jr${sku}`)}, ${tenant}, ${product}, ${warehouse}, ${onHand}, ${reserved}, ${at}, ${at})`.execute(
          other.db,
        );
        return product;
      };
      const held = await stock('held', 9, 4);
      await stock('free', 5, 0);

      expect(await migrateToLatest(other.db)).not.toEqual([]);
      const { rows } = await sql<{
        product_id: string;
        quantity: number;
        original_quantity: number;
        status: string;
        reference_type: string;
        order_line_id: string | null;
      }>`select product_id, quantity, original_quantity, status, reference_type, order_line_id from stock_reservations`.execute(
        other.db,
      );
      expect(rows).toEqual([
        {
          product_id: held,
          quantity: 4,
          original_quantity: 4,
          status: 'active',
          reference_type: 'migrated',
          order_line_id: null,
        },
      ]);
    });
  });

  it('revoke the console tokens issued before sessions were recorded, and leave every other token as it was (0024)', async () => {
    await onDatabaseMigratedTo('0022_imports', async (other) => {
      const idOf = (prefix: string) => prefix.padEnd(26, '0');
      const [tenant, user] = [idOf('01jtenant'), idOf('01juser')];
      const at = '2026-01-01T10:00:00.000Z';
      await sql`insert into tenants (id, name, created_at, updated_at) values (${tenant}, 'T', ${at}, ${at})`.execute(
        other.db,
      );
      await sql`insert into users (id, tenant_id, name, email, password_hash, role, is_active, created_at, updated_at)
          values (${user}, ${tenant}, 'U', 'u@example.test', 'x', 'admin', ${sql.lit(true)}, ${at}, ${at})`.execute(
        other.db,
      );
      const token = (id: string, name: string, expiresAt: string) =>
        sql`insert into api_tokens (id, tenant_id, user_id, name, type, token_prefix, token_hash, abilities, status, expires_at, created_at, updated_at)
            values (${id}, ${tenant}, ${user}, ${name}, 'application', ${id}, ${id}, ${'["*"]'}, 'active', ${expiresAt}, ${at}, ${at})`.execute(
          other.db,
        );
      const [consoleIssued, namedAlike, other365] = [idOf('01jconsole'), idOf('01jnamed'), idOf('01jother')];
      await token(consoleIssued, 'Console session', '2026-01-01T10:15:00.000Z');
      // A token a user named so through the API lasts whole days: not the console's.
      await token(namedAlike, 'Console session', '2026-01-31T10:00:00.000Z');
      await token(other365, 'Scanner', '2027-01-01T10:00:00.000Z');

      expect(await migrateToLatest(other.db)).not.toEqual([]);
      const rows = await other.db
        .selectFrom('api_tokens')
        .select(['id', 'status', 'session_id'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: consoleIssued, status: 'revoked', session_id: 'unrecorded' },
        { id: namedAlike, status: 'active', session_id: null },
        { id: other365, status: 'active', session_id: null },
      ]);
    });
  });

  it('undo every migration and apply them again', async () => {
    const scratch = await createTestDatabaseLocation({ migrated: false });
    const other = openTestDatabase(scratch);
    try {
      await migrateToLatest(other.db);
      const migrator = new Migrator({ db: other.db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => 'Success'));
      expect((await migrateToLatest(other.db)).map((r) => r.migrationName)).toEqual(Object.keys(migrations));
    } finally {
      await other.close();
      await scratch.drop();
    }
  });
});
