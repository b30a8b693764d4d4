// Attribute SQL. Every query filters by tenant; definitions also by `deleted_at is null` (soft delete).
// A product value counts while its product is live.
import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { containsText } from '../../../db/search.js';
import type { AttributeDefinitionsTable, AttributeType, DB, ProductAttributeValuesTable } from '../../../db/schema.js';
import { compiledStatement } from '../../../db/compiled.js';
import type { Executor } from '../../../db/transaction.js';
import { softDeleteLiveRows, updateLiveRow } from '../../../db/live-rows.js';
import { paginate } from '../../../db/paginate.js';
import { chunks } from '../../../lib/chunks.js';

/** Value rows inserted per statement: well under both engines' limits on parameters. */
const INSERT_CHUNK = 500;

export type AttributeDefinition = Selectable<AttributeDefinitionsTable>;
export type NewAttributeDefinition = Insertable<AttributeDefinitionsTable>;
export type AttributeDefinitionUpdate = Updateable<AttributeDefinitionsTable>;

export interface AttributeFilters {
  type?: AttributeType;
  filterable?: boolean;
  searchable?: boolean;
  required?: boolean;
  search?: string;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  /** Default sort_order (then code). */
  sort_by?: 'sort_order' | 'updated_at';
  sort_direction?: 'asc' | 'desc';
}

export interface AttributeCounts {
  total_attributes: number;
  required_count: number;
  filterable_count: number;
  searchable_count: number;
  by_type: Array<{ type: AttributeType; n: number }>;
  most_used: Array<{ id: string; code: string; name: string; products_count: number }>;
}

function liveValues(eb: ExpressionBuilder<DB, 'attribute_definitions'>, tenantId: string) {
  return eb
    .selectFrom('product_attribute_values as v')
    .innerJoin('products as p', (join) =>
      join.onRef('p.id', '=', 'v.product_id').on('p.tenant_id', '=', tenantId).on('p.deleted_at', 'is', null),
    )
    .whereRef('v.attribute_id', '=', 'attribute_definitions.id')
    .where('v.tenant_id', '=', tenantId);
}

const listAllStatement = compiledStatement((db: Executor, p: { tenantId: string }) =>
  db
    .selectFrom('attribute_definitions')
    .selectAll()
    .where('tenant_id', '=', p.tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('code')
    .orderBy('id'),
);

export class AttributeRepository {
  private live(db: Executor, tenantId: string) {
    return db
      .selectFrom('attribute_definitions')
      .where('attribute_definitions.tenant_id', '=', tenantId)
      .where('attribute_definitions.deleted_at', 'is', null);
  }

  async insert(db: Executor, row: NewAttributeDefinition): Promise<AttributeDefinition> {
    return db.insertInto('attribute_definitions').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<AttributeDefinition | undefined> {
    return this.live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every live definition of the tenant, by sort_order, code and id: read by every product create and update. */
  async listAll(db: Executor, tenantId: string): Promise<AttributeDefinition[]> {
    return listAllStatement.execute(db, { tenantId });
  }

  async list(
    db: Executor,
    tenantId: string,
    filters: AttributeFilters,
    page: PageRequest,
  ): Promise<Page<AttributeDefinition>> {
    let query = this.live(db, tenantId);
    if (filters.type) query = query.where('type', '=', filters.type);
    if (filters.filterable !== undefined) query = query.where('is_filterable', '=', filters.filterable);
    if (filters.searchable !== undefined) query = query.where('is_searchable', '=', filters.searchable);
    if (filters.required !== undefined) query = query.where('is_required', '=', filters.required);
    if (filters.search) {
      const term = filters.search;
      query = query.where((eb) => containsText(eb, ['code', 'name', 'label'], term));
    }
    if (filters.updated_since !== undefined) query = query.where('updated_at', '>=', filters.updated_since);
    const direction = filters.sort_direction ?? 'asc';
    const ordered =
      filters.sort_by === 'updated_at'
        ? query.orderBy('updated_at', direction)
        : query.orderBy('sort_order', direction).orderBy('code', direction);
    return paginate(db, ordered.selectAll().orderBy('id', direction), page);
  }

  async update(
    db: Executor,
    tenantId: string,
    id: string,
    changes: AttributeDefinitionUpdate,
  ): Promise<AttributeDefinition | undefined> {
    return updateLiveRow(db.updateTable('attribute_definitions'), tenantId, id, changes);
  }

  async softDelete(db: Executor, tenantId: string, id: string, at: string): Promise<void> {
    await softDeleteLiveRows(db.updateTable('attribute_definitions'), tenantId, id, at);
  }

  /** Values of the attribute held by live products. */
  async countValues(db: Executor, tenantId: string, id: string): Promise<number> {
    const row = await db
      .selectFrom('product_attribute_values as v')
      .innerJoin('products as p', (join) =>
        join.onRef('p.id', '=', 'v.product_id').on('p.tenant_id', '=', tenantId).on('p.deleted_at', 'is', null),
      )
      .where('v.tenant_id', '=', tenantId)
      .where('v.attribute_id', '=', id)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Removes every value of the attribute, live products or not. */
  async deleteValuesOf(db: Executor, tenantId: string, attributeId: string): Promise<void> {
    await db
      .deleteFrom('product_attribute_values')
      .where('tenant_id', '=', tenantId)
      .where('attribute_id', '=', attributeId)
      .execute();
  }

  /** Inserts values of products that have none of these attributes yet, a few hundred rows per statement. */
  async insertValues(db: Executor, rows: readonly Insertable<ProductAttributeValuesTable>[]): Promise<void> {
    for (const part of chunks(rows, INSERT_CHUNK))
      await db.insertInto('product_attribute_values').values(part).execute();
  }

  async upsertValue(
    db: Executor,
    row: { tenant_id: string; product_id: string; attribute_id: string; value: string; at: string },
  ): Promise<void> {
    await db
      .insertInto('product_attribute_values')
      .values({
        tenant_id: row.tenant_id,
        product_id: row.product_id,
        attribute_id: row.attribute_id,
        value: row.value,
        created_at: row.at,
        updated_at: row.at,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'product_id', 'attribute_id']).doUpdateSet({ value: row.value, updated_at: row.at }),
      )
      .execute();
  }

  async deleteValue(db: Executor, tenantId: string, productId: string, attributeId: string): Promise<void> {
    await db
      .deleteFrom('product_attribute_values')
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('attribute_id', '=', attributeId)
      .execute();
  }

  /** A product's values with their live definitions, by sort_order and code. */
  async valuesOfProduct(db: Executor, tenantId: string, productId: string) {
    return this.valuesOfProducts(db, tenantId, [productId]);
  }

  /** The values of several products with their live definitions, by sort_order and code. */
  async valuesOfProducts(db: Executor, tenantId: string, productIds: readonly string[]) {
    if (productIds.length === 0) return [];
    return db
      .selectFrom('product_attribute_values as v')
      .innerJoin('attribute_definitions as d', (join) =>
        join.onRef('d.id', '=', 'v.attribute_id').on('d.tenant_id', '=', tenantId).on('d.deleted_at', 'is', null),
      )
      .where('v.tenant_id', '=', tenantId)
      .where('v.product_id', 'in', [...productIds])
      .selectAll('d')
      .select(['v.value', 'v.product_id'])
      .orderBy('d.sort_order')
      .orderBy('d.code')
      .execute();
  }

  async counts(db: Executor, tenantId: string): Promise<AttributeCounts> {
    const flag = (
      eb: ExpressionBuilder<DB, 'attribute_definitions'>,
      column: 'is_required' | 'is_filterable' | 'is_searchable',
    ) => eb.fn.sum(eb.case().when(column, '=', true).then(1).else(0).end());
    const [totals, byType, mostUsed] = await Promise.all([
      this.live(db, tenantId)
        .select((eb) => [
          eb.fn.countAll().as('total'),
          flag(eb, 'is_required').as('required'),
          flag(eb, 'is_filterable').as('filterable'),
          flag(eb, 'is_searchable').as('searchable'),
        ])
        .executeTakeFirstOrThrow(),
      this.live(db, tenantId)
        .select((eb) => ['type', eb.fn.countAll().as('n')])
        .groupBy('type')
        .execute(),
      this.live(db, tenantId)
        .select((eb) => [
          'id',
          'code',
          'name',
          liveValues(eb, tenantId)
            .select((sub) => sub.fn.countAll().as('n'))
            .as('products_count'),
        ])
        .orderBy('products_count', 'desc')
        .orderBy('code')
        .orderBy('id')
        .limit(10)
        .where((eb) => eb.exists(liveValues(eb, tenantId).select('v.product_id')))
        .execute(),
    ]);
    // count and sum come back as bigint strings on PostgreSQL, and sum of no rows is null.
    return {
      total_attributes: Number(totals.total),
      required_count: Number(totals.required ?? 0),
      filterable_count: Number(totals.filterable ?? 0),
      searchable_count: Number(totals.searchable ?? 0),
      by_type: byType.map((r) => ({ type: r.type, n: Number(r.n) })),
      most_used: mostUsed.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        products_count: Number(r.products_count),
      })),
    };
  }
}
