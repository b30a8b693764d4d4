// The reorder report's summary from the low-stock index alone (docs/inventory.md, "How the reports are read").
// The summary sums every low record's suggested quantity and value per warehouse, supplier and currency; reading
// each low record's product for them cost one random read of the products table per low record (about 0.6 s at
// 26,000 low records of 1,000,000 products). So:
// - each record keeps a copy of the four fields of its product the summary reads (`product_supplier_id`,
//   `product_currency`, `product_cost_price`, `product_reorder_quantity`), set when the record is written and
//   kept by the database itself when a product changes them (a trigger on products: every writer of products is
//   covered, whichever module it is in);
// - the low-stock partial index carries those fields and the record's own (SQLite: as trailing key columns after
//   the unique id, which leave its order as it was; PostgreSQL: `include`), so that the summary, the count of
//   lines and the backordered demand's list of low products read the index alone.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/** available / max(point, 1): the low-stock order's key, as migration 0030 created the index. */
const LOW_STOCK_URGENCY_SQL = sql`((quantity_on_hand - quantity_reserved) * 1.0 / (case when low_stock_point < 1 then 1 else low_stock_point end))`;
const LOW_STOCK_CONDITION = sql`low_stock_point >= quantity_on_hand - quantity_reserved`;
/** The columns the summary reads besides the key, in the index. */
const CARRIED = sql.raw(
  'warehouse_id, product_id, product_supplier_id, product_currency, quantity_on_hand, quantity_reserved, low_stock_point, reorder_quantity, product_reorder_quantity, product_cost_price',
);

/** The product fields a record keeps, and the products' columns they copy. */
const COPIES = [
  ['product_supplier_id', 'supplier_id', 'text'],
  ['product_currency', 'currency', 'text'],
  ['product_cost_price', 'cost_price', 'integer'],
  ['product_reorder_quantity', 'reorder_quantity', 'integer'],
] as const;

const TRIGGER = 'inventory_records_follow_product';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  for (const [column, , type] of COPIES)
    await db.schema.alterTable('inventory_records').addColumn(column, type).execute();
  await fillProductCopies(db);

  await db.schema.dropIndex('inventory_records_low_stock_idx').execute();
  if (engine === 'postgres')
    await sql`create index inventory_records_low_stock_idx on inventory_records
        (tenant_id, ${LOW_STOCK_URGENCY_SQL}, id) include (${CARRIED}) where ${LOW_STOCK_CONDITION}`.execute(db);
  else
    await sql`create index inventory_records_low_stock_idx on inventory_records
        (tenant_id, ${LOW_STOCK_URGENCY_SQL}, id, ${CARRIED}) where ${LOW_STOCK_CONDITION}`.execute(db);

  const changed = COPIES.map(([, from]) => from).join(', ');
  const copied = COPIES.map(([to, from]) => `${to} = new.${from}`).join(', ');
  if (engine === 'postgres') {
    const differs = COPIES.map(([, from]) => `old.${from} is distinct from new.${from}`).join(' or ');
    await sql
      .raw(
        `create function ${TRIGGER}() returns trigger language plpgsql as $$
        begin
          update inventory_records set ${copied} where product_id = new.id;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${TRIGGER} after update of ${changed} on products
        for each row when (${differs}) execute function ${TRIGGER}()`,
      )
      .execute(db);
  } else {
    const differs = COPIES.map(([, from]) => `old.${from} is not new.${from}`).join(' or ');
    await sql
      .raw(
        `create trigger ${TRIGGER} after update of ${changed} on products when ${differs} begin
          update inventory_records set ${copied} where product_id = new.id;
        end`,
      )
      .execute(db);
  }
}

/**
 * Sets every record's copies of its product's fields from the products. Also run by the bench seeder, which
 * writes records in bulk after migrating.
 */
export async function fillProductCopies(db: Kysely<unknown>): Promise<void> {
  const set = COPIES.map(([to, from]) => `${to} = p.${from}`).join(', ');
  await sql
    .raw(`update inventory_records set ${set} from products p where p.id = inventory_records.product_id`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  if (engine === 'postgres') {
    await sql.raw(`drop trigger ${TRIGGER} on products`).execute(db);
    await sql.raw(`drop function ${TRIGGER}()`).execute(db);
  } else await sql.raw(`drop trigger ${TRIGGER}`).execute(db);
  await db.schema.dropIndex('inventory_records_low_stock_idx').execute();
  await sql`create index inventory_records_low_stock_idx on inventory_records
      (tenant_id, ${LOW_STOCK_URGENCY_SQL}, id) where ${LOW_STOCK_CONDITION}`.execute(db);
  for (const [column] of COPIES) await db.schema.alterTable('inventory_records').dropColumn(column).execute();
}
