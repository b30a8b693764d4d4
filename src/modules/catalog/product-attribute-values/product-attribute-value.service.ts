// Reads over products' attribute values: a product's values as a file or JSON, two products side by side,
// and tenant-wide counts. Values are written by the product module through the attribute service.
import { NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { AttributeType } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import { ATTRIBUTE_TYPES } from '../attributes/attribute-types.js';
import { displayValue, formatValue, parseStored, type ValueDefinition } from '../attributes/attribute-values.js';
import type { AttributeService } from '../attributes/attribute.service.js';
import type { ProductAttributeValueRepository, ProductRef } from './product-attribute-value.repository.js';
import type { AttributeCompareBody } from './product-attribute-value.schemas.js';

export const PRODUCT_MISSING = 'The selected product does not exist.';
export const ATTRIBUTE_MISSING = 'The selected attribute does not exist.';
export const SAME_PRODUCT = 'The product_id_2 must be a different product than product_id_1.';

// A type alias, not an interface, so that rows pass as CSV records.
export type ExportedValue = {
  attribute_code: string;
  attribute_name: string;
  attribute_type: AttributeType;
  /** Typed for JSON; for CSV a cell: booleans, numbers, and multiselect and json values as JSON text. */
  value: unknown;
  formatted_value: string;
  display_value: string;
};

export interface AttributeValueExport {
  product: ProductRef;
  exported_at: Date;
  values: ExportedValue[];
}

export interface ComparisonRow {
  attribute_code: string;
  attribute_name: string;
  attribute_type: AttributeType;
  product_1_value: unknown;
  product_2_value: unknown;
  is_different: boolean;
}

export interface AttributeComparison {
  product_1: { id: string; name: string };
  product_2: { id: string; name: string };
  comparison: ComparisonRow[];
  summary: { total_compared: number; differences: number; matches: number };
}

export interface AttributeValueStatistics {
  total_values: number;
  products_with_attributes: number;
  average_attributes_per_product: number;
  by_type: Record<string, number>;
}

/** The cell written to CSV: what a spreadsheet reads back without losing the type. */
function csvValue(def: ValueDefinition, stored: string): unknown {
  // Multiselect and json stay the stored JSON text; booleans become true/false through toCsv; numbers stay
  // numbers so that a negative one is not taken for a formula.
  if (def.type === 'boolean' || def.type === 'number') return parseStored(def, stored);
  return stored;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The form two values are compared in: the typed value, with multiselect options in any order and JSON
 * object keys in any order counting as the same.
 */
function comparable(def: ValueDefinition, stored: string | null): string | null {
  if (stored === null) return null;
  const typed = parseStored(def, stored);
  if (def.type === 'multiselect') return JSON.stringify([...(typed as string[])].sort());
  return JSON.stringify(sortKeys(typed));
}

/** A file name part made of letters, digits, dots, dashes and underscores only. */
export function fileNamePart(text: string): string {
  return text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 100);
}

export interface ProductAttributeValueServiceDeps {
  db: Executor;
  values: ProductAttributeValueRepository;
  attributes: AttributeService;
  clock: Clock;
}

export class ProductAttributeValueService {
  private readonly db: Executor;
  private readonly values: ProductAttributeValueRepository;
  private readonly attributes: AttributeService;
  private readonly clock: Clock;

  constructor(deps: ProductAttributeValueServiceDeps) {
    this.db = deps.db;
    this.values = deps.values;
    this.attributes = deps.attributes;
    this.clock = deps.clock;
  }

  /**
   * A live product's values of live attributes, by attribute sort_order then code, in the representation
   * the format needs (see ExportedValue.value).
   * @throws NotFoundError('Product'), also for another tenant's, a deleted product or a malformed id.
   */
  async exportValues(tenantId: string, productId: string, format: 'csv' | 'json'): Promise<AttributeValueExport> {
    const product = await this.values.findProduct(this.db, tenantId, productId);
    if (!product) throw new NotFoundError('Product');
    const rows = await this.attributes.valuesOfProduct(tenantId, product.id, this.db);
    return {
      product,
      exported_at: this.clock.now(),
      values: rows.map((row) => ({
        attribute_code: row.code,
        attribute_name: row.name,
        attribute_type: row.type,
        value: format === 'json' ? parseStored(row, row.value) : csvValue(row, row.value),
        formatted_value: formatValue(row, row.value),
        display_value: displayValue(row, row.value),
      })),
    };
  }

  /** The export's file name without extension and date: `product-<sku, or id when it has none>-attributes`. */
  exportBaseName(product: ProductRef): string {
    return `product-${fileNamePart(product.sku) || product.id}-attributes`;
  }

  /**
   * Compares two live products' values. The compared attributes are `attribute_ids` when given, else every
   * live attribute either product has a value for; a missing value is null, and two nulls match. Options of
   * a multiselect and keys of a JSON object compare regardless of order; text compares exactly. The summary
   * counts every compared attribute; `include_only_differences` only leaves matching rows out.
   * @throws ValidationError on `product_id_1` / `product_id_2` (missing, deleted, other tenant; the same
   *   product twice) and on `attribute_ids.<i>` (missing, deleted, other tenant).
   */
  async compare(tenantId: string, input: AttributeCompareBody): Promise<AttributeComparison> {
    const { product_id_1: id1, product_id_2: id2 } = input;
    const errors: FieldErrors = {};
    const products = await this.values.findProducts(this.db, tenantId, [id1, id2]);
    const product1 = products.find((p) => p.id === id1);
    const product2 = products.find((p) => p.id === id2);
    if (!product1) errors.product_id_1 = [PRODUCT_MISSING];
    if (!product2) errors.product_id_2 = [PRODUCT_MISSING];
    else if (id1 === id2) errors.product_id_2 = [SAME_PRODUCT];

    const definitions = await this.attributes.listForTenant(tenantId, this.db);
    const requested = input.attribute_ids ? new Set(input.attribute_ids) : null;
    if (input.attribute_ids) {
      const known = new Set(definitions.map((d) => d.id));
      input.attribute_ids.forEach((id, i) => {
        if (!known.has(id)) errors[`attribute_ids.${i}`] = [ATTRIBUTE_MISSING];
      });
    }
    if (Object.keys(errors).length > 0 || !product1 || !product2) throw new ValidationError(errors);

    const [values1, values2] = await Promise.all([
      this.attributes.valuesOfProduct(tenantId, product1.id, this.db),
      this.attributes.valuesOfProduct(tenantId, product2.id, this.db),
    ]);
    const stored1 = new Map(values1.map((v) => [v.id, v.value]));
    const stored2 = new Map(values2.map((v) => [v.id, v.value]));
    const compared = definitions.filter((d) =>
      requested ? requested.has(d.id) : stored1.has(d.id) || stored2.has(d.id),
    );

    const rows: ComparisonRow[] = compared.map((def) => {
      const a = stored1.get(def.id) ?? null;
      const b = stored2.get(def.id) ?? null;
      return {
        attribute_code: def.code,
        attribute_name: def.name,
        attribute_type: def.type,
        product_1_value: a === null ? null : parseStored(def, a),
        product_2_value: b === null ? null : parseStored(def, b),
        is_different: comparable(def, a) !== comparable(def, b),
      };
    });
    const differences = rows.filter((r) => r.is_different).length;
    return {
      product_1: { id: product1.id, name: product1.name },
      product_2: { id: product2.id, name: product2.name },
      comparison: input.include_only_differences ? rows.filter((r) => r.is_different) : rows,
      summary: { total_compared: rows.length, differences, matches: rows.length - differences },
    };
  }

  /**
   * Counts over values of live attributes held by live products. The average is over products with at
   * least one such value, rounded to 2 decimals (0 when there are none); by_type lists every type.
   */
  async statistics(tenantId: string): Promise<AttributeValueStatistics> {
    const counts = await this.values.counts(this.db, tenantId);
    const byType: Record<string, number> = Object.fromEntries(ATTRIBUTE_TYPES.map((t) => [t, 0]));
    let total = 0;
    for (const row of counts.by_type) {
      byType[row.type] = row.n;
      total += row.n;
    }
    const products = counts.products_with_attributes;
    return {
      total_values: total,
      products_with_attributes: products,
      average_attributes_per_product: products === 0 ? 0 : Math.round((total * 100) / products) / 100,
      by_type: byType,
    };
  }
}
