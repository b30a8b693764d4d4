// The layer check of `npm run lint` (scripts/check-layers.ts), fed source text.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource, checkTree } from '../../scripts/check-layers.js';

const QUERY = `
import type { Executor } from '../../db/database.js';
export async function count(db: Executor, tenantId: string) {
  return db.selectFrom('brands').select('id').where('tenant_id', '=', tenantId).execute();
}
`;

const RAW = `
import { sql } from 'kysely';
export const ready = (db: never) => sql\`select 1\`.execute(db);
`;

const FRAGMENT = `
import { sql as raw } from 'kysely';
export const lower = (column: string) => raw\`lower(\${raw.ref(column)})\`;
`;

describe('the layer check', () => {
  it('refuses a query built outside a repository, and accepts it in one', () => {
    expect(checkSource('src/modules/catalog/brands/brand.service.ts', QUERY)).toEqual([
      {
        file: 'src/modules/catalog/brands/brand.service.ts',
        line: 4,
        message: expect.stringContaining('selectFrom() outside a repository'),
      },
    ]);
    expect(checkSource('src/modules/catalog/brands/brand.repository.ts', QUERY)).toEqual([]);
    expect(checkSource('src/db/paginate.ts', QUERY)).toEqual([]);
  });

  it('refuses raw SQL outside a repository, whatever the tag is imported as, and allows it in a *.sql.ts fragment', () => {
    expect(checkSource('src/http/health.ts', RAW).map((v) => v.message)).toEqual([
      expect.stringContaining('raw sql`…` outside a repository'),
    ]);
    expect(checkSource('src/modules/x/lower.ts', FRAGMENT).map((v) => v.message)).toEqual([
      expect.stringContaining('raw sql`…`'),
      expect.stringContaining('sql.ref()'),
    ]);
    expect(checkSource('src/modules/x/lower.sql.ts', FRAGMENT)).toEqual([]);
  });

  it('refuses a statement in a *.sql.ts fragment: fragments build conditions, not queries', () => {
    expect(checkSource('src/modules/catalog/brands/brand.sql.ts', QUERY)).toHaveLength(1);
  });

  it('refuses a write to a table of another module, even from a repository, and allows its reads', () => {
    const text = `
      export class DeliveryRepository {
        async replay(db: any) {
          await db.selectFrom('events').selectAll().execute();
          await db.insertInto('events').values({}).execute();
          await db.updateTable('webhook_deliveries as d').set({}).execute();
        }
      }`;
    const violations = checkSource('src/modules/webhooks/deliveries/delivery.repository.ts', text);
    expect(violations).toEqual([
      {
        file: 'src/modules/webhooks/deliveries/delivery.repository.ts',
        line: 5,
        message: "insertInto('events'): only src/modules/events writes this table; call its service",
      },
    ]);
  });

  it('allows the writers a table shares within its group, and no other', () => {
    const text = `export const f = (db: any) => db.updateTable('inventory_records').set({}).execute();`;
    expect(checkSource('src/modules/inventory/reorder/reorder.repository.ts', text)).toEqual([]);
    expect(checkSource('src/modules/inventory/warehouses/warehouse.repository.ts', text)).toHaveLength(1);
  });

  it('refuses a write to a table it cannot name or that has no owner', () => {
    const text = `
      export const a = (db: any, table: string) => db.deleteFrom(table).execute();
      export const b = (db: any) => db.deleteFrom('scratch').execute();`;
    expect(checkSource('src/modules/events/event.repository.ts', text).map((v) => v.message)).toEqual([
      expect.stringContaining('named at run time'),
      expect.stringContaining('missing from src/db/table-owners.ts'),
    ]);
  });

  it('ignores query method names in strings and comments, and test files', () => {
    const text = `// db.selectFrom('brands')\nexport const hint = "call insertInto('events')";`;
    expect(checkSource('src/modules/events/event-types.ts', text)).toEqual([]);
    expect(checkSource('src/modules/events/event-types.test.ts', QUERY)).toEqual([]);
  });

  it('finds no violation in the source tree', () => {
    expect(checkTree(path.resolve(import.meta.dirname, '../..'))).toEqual([]);
  });

  it("refuses another module's repository outside the wiring, and allows its row types", () => {
    const text = `
      import type { StockOperationsRepository, ProductSummary } from '../stock-operations/stock-operations.repository.js';
      import { ReorderRepository } from './reorder.repository.js';
    `;
    expect(checkSource('src/modules/inventory/reorder/reorder.service.ts', text)).toEqual([
      {
        file: 'src/modules/inventory/reorder/reorder.service.ts',
        line: 2,
        message: expect.stringContaining('StockOperationsRepository belongs to src/modules/inventory/stock-operations'),
      },
    ]);
    // Folders of one module share its repositories (the webhooks module owns both tables).
    const sameModule = `import type { SubscriptionRepository } from '../subscriptions/subscription.repository.js';`;
    expect(checkSource('src/modules/webhooks/deliveries/delivery.service.ts', sameModule)).toEqual([]);
    const wiring = `import { ProductRepository } from './modules/catalog/products/product.repository.js';`;
    expect(checkSource('src/services.ts', wiring)).toEqual([]);
  });
});
