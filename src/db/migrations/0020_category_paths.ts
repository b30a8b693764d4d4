// Category subtrees as index ranges. Each category keeps its materialised path ('/<root id>/…/<own id>/'), so a
// subtree is the range of paths that start with its own; each product keeps the root of its category's tree,
// so that a department's products filtered by status come out of one index range already in price order.
// Before this a department was 61 category ranges whose ~6,500 matches the page query had to sort.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

const PATH_INDEX = 'product_categories_tenant_path_idx';
const ROOT_INDEX = 'products_tenant_category_root_status_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  // Subtree ranges compare paths byte by byte ('/' sorts just before '0'); PostgreSQL's default collation
  // may not, so the column says so.
  const pathType = engine === 'postgres' ? sql`text collate "C"` : sql`text`;
  // SQLite adds a NOT NULL column only with a default; every row gets its path below.
  await db.schema
    .alterTable('product_categories')
    .addColumn('path', pathType, (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('products').addColumn('category_root_id', 'text').execute();

  // Deleted categories get their paths too: their rows still hold the tree's shape.
  await sql`
    with recursive tree(id, path) as (
      select id, '/' || id || '/' from product_categories where parent_id is null
      union all
      select c.id, tree.path || c.id || '/' from product_categories c join tree on c.parent_id = tree.id
    )
    update product_categories set path = (select tree.path from tree where tree.id = product_categories.id)`.execute(
    db,
  );
  // A path's first segment is its root's id (ids are 26-character ULIDs).
  await sql`
    update products set category_root_id = (
      select substr(c.path, 2, 26) from product_categories c where c.id = products.category_id
    ) where category_id is not null`.execute(db);

  await db.schema
    .createIndex(PATH_INDEX)
    .on('product_categories')
    .columns(['tenant_id', 'path'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  const nullsFirst = engine === 'postgres' ? ' nulls first' : '';
  // As in 0012: SQLite treats an index as covering only when it also holds the partial index's column.
  const key = `tenant_id, category_root_id, status, currency${nullsFirst}, selling_price${nullsFirst}, id${engine === 'sqlite' ? ', deleted_at' : ''}`;
  // Only products with a category: the rest never match a department, and queries that do not name one
  // cannot pick this index by accident.
  await db.schema
    .createIndex(ROOT_INDEX)
    .on('products')
    .expression(sql.raw(key))
    .where(sql.ref('deleted_at'), 'is', null)
    .where(sql.ref('category_root_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(ROOT_INDEX).execute();
  await db.schema.dropIndex(PATH_INDEX).execute();
  await db.schema.alterTable('products').dropColumn('category_root_id').execute();
  await db.schema.alterTable('product_categories').dropColumn('path').execute();
}
