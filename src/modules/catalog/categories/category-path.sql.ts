// A category's root in SQL, for the repositories that write a product's `category_root_id` (category-path.ts).
import { sql, type RawBuilder } from 'kysely';
import { ID_LENGTH } from './category-path.js';

/** SQL: the root of a category's tree, for writing a product's `category_root_id` with its `category_id`. */
export function categoryRootOf(categoryId: string | null): RawBuilder<string | null> {
  return categoryId === null
    ? sql<null>`null`
    : sql<string>`(select substr(path, 2, ${sql.lit(ID_LENGTH)}) from product_categories where id = ${categoryId})`;
}
