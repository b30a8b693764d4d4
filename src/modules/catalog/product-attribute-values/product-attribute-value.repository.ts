// Product attribute-value SQL: product look-ups and value counts. Every query filters by tenant; only
// live products and live attribute definitions count.
import type { AttributeType } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

/** The product columns these reads need (the product module owns the rest). */
export interface ProductRef {
  id: string;
  name: string;
  sku: string;
  barcode: string | null;
}

export interface ValueCounts {
  products_with_attributes: number;
  by_type: Array<{ type: AttributeType; n: number }>;
}

export class ProductAttributeValueRepository {
  async findProduct(db: Executor, tenantId: string, id: string): Promise<ProductRef | undefined> {
    return db
      .selectFrom('products')
      .select(['id', 'name', 'sku', 'barcode'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async findProducts(db: Executor, tenantId: string, ids: readonly string[]): Promise<ProductRef[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('products')
      .select(['id', 'name', 'sku', 'barcode'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Values of live attributes held by live products: per type, and the number of distinct products. */
  async counts(db: Executor, tenantId: string): Promise<ValueCounts> {
    const live = db
      .selectFrom('product_attribute_values as v')
      .innerJoin('products as p', (join) =>
        join.onRef('p.id', '=', 'v.product_id').on('p.tenant_id', '=', tenantId).on('p.deleted_at', 'is', null),
      )
      .innerJoin('attribute_definitions as d', (join) =>
        join.onRef('d.id', '=', 'v.attribute_id').on('d.tenant_id', '=', tenantId).on('d.deleted_at', 'is', null),
      )
      .where('v.tenant_id', '=', tenantId);
    const [products, byType] = await Promise.all([
      live.select((eb) => eb.fn.count('v.product_id').distinct().as('n')).executeTakeFirstOrThrow(),
      live
        .select((eb) => ['d.type', eb.fn.countAll().as('n')])
        .groupBy('d.type')
        .execute(),
    ]);
    // count comes back as a bigint string on PostgreSQL.
    return {
      products_with_attributes: Number(products.n),
      by_type: byType.map((r) => ({ type: r.type, n: Number(r.n) })),
    };
  }
}
