// Turns product rows into the API's product resource: money in currency units, type traits, and the
// linked category, supplier, brand, tags and attribute values, loaded in one batch per page.
import type { Executor } from '../../../db/transaction.js';
import { fromMinorUnits } from '../../../lib/money.js';
import { displayValue, formatValue, parseStored, type AttributeService } from '../attributes/index.js';
import type { BrandService } from '../brands/index.js';
import type { CategoryService } from '../categories/index.js';
import type { SupplierService } from '../suppliers/index.js';
import type { TagService } from '../tags/index.js';
import type { Product } from './product.repository.js';
import type { ProductResponse } from './product.schemas.js';
import { traitsOf } from './product-types.js';

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_DIMENSIONS_UNIT = 'cm';

export interface ProductLinks {
  categories: CategoryService;
  brands: BrandService;
  suppliers: SupplierService;
  tags: TagService;
  attributes: AttributeService;
}

const ids = (rows: readonly Product[], key: 'category_id' | 'brand_id' | 'supplier_id') =>
  rows.map((r) => r[key]).filter((id): id is string => id !== null);

export function isLowStock(p: Pick<Product, 'track_inventory' | 'reorder_point' | 'stock_quantity' | 'reserved_quantity'>): boolean {
  return p.track_inventory && p.reorder_point !== null && p.stock_quantity - p.reserved_quantity <= p.reorder_point;
}

export class ProductPresenter {
  constructor(private readonly links: ProductLinks) {}

  async one(db: Executor, tenantId: string, row: Product): Promise<ProductResponse> {
    return (await this.many(db, tenantId, [row]))[0]!;
  }

  /** The resources of `rows`, in the same order, with five queries whatever the number of rows. */
  async many(db: Executor, tenantId: string, rows: readonly Product[]): Promise<ProductResponse[]> {
    if (rows.length === 0) return [];
    const productIds = rows.map((r) => r.id);
    const [categories, brands, suppliers, tags, values] = await Promise.all([
      this.links.categories.byIds(tenantId, ids(rows, 'category_id'), db),
      this.links.brands.byIds(tenantId, ids(rows, 'brand_id'), db),
      this.links.suppliers.byIds(tenantId, ids(rows, 'supplier_id'), db),
      this.links.tags.tagsOfProducts(tenantId, productIds, db),
      this.links.attributes.valuesOfProducts(tenantId, productIds, db),
    ]);
    return rows.map((p) => {
      const currency = p.currency ?? DEFAULT_CURRENCY;
      const money = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor, currency));
      const category = p.category_id ? categories.get(p.category_id) : undefined;
      const brand = p.brand_id ? brands.get(p.brand_id) : undefined;
      const supplier = p.supplier_id ? suppliers.get(p.supplier_id) : undefined;
      const productValues = values.get(p.id) ?? [];
      const traits = traitsOf(p.type);
      return {
        id: p.id,
        name: p.name,
        slug: p.slug,
        sku: p.sku,
        type: p.type,
        type_traits: traits,
        status: p.status,
        status_reason: p.status_reason,
        status_changed_at: p.status_changed_at,
        is_variant: p.is_variant,
        master_product_id: p.master_product_id,
        parent_product_id: p.master_product_id,
        variant_attributes: p.variant_attributes,
        selling_price: money(p.selling_price),
        cost_price: money(p.cost_price),
        currency,
        stock_quantity: p.stock_quantity,
        reserved_quantity: p.reserved_quantity,
        available_quantity: p.stock_quantity - p.reserved_quantity,
        reorder_point: p.reorder_point,
        reorder_quantity: p.reorder_quantity,
        is_low_stock: isLowStock(p),
        track_inventory: p.track_inventory,
        allow_backorders: p.allow_backorders,
        short_description: p.short_description,
        description: p.description,
        meta_description: p.meta_description,
        meta_keywords: p.meta_keywords,
        weight: p.weight,
        length: p.length,
        width: p.width,
        height: p.height,
        dimensions_unit: p.dimensions_unit ?? DEFAULT_DIMENSIONS_UNIT,
        category_id: p.category_id,
        supplier_id: p.supplier_id,
        brand_id: p.brand_id,
        tax_class_id: p.tax_class_id,
        tax_category: traits.tax_category,
        is_featured: p.is_featured,
        is_taxable: p.is_taxable,
        requires_shipping: p.requires_shipping,
        category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
        supplier: supplier ? { id: supplier.id, name: supplier.name, code: supplier.code } : null,
        brand: brand ? { id: brand.id, name: brand.name, slug: brand.slug } : null,
        tags: (tags.get(p.id) ?? []).map((t) => ({ id: t.id, name: t.name, slug: t.slug, color: t.color })),
        attributes: Object.fromEntries(productValues.map((v) => [v.code, parseStored(v, v.value)])),
        visible_attributes: productValues
          .filter((v) => v.is_visible_on_frontend)
          .map((v) => ({
            code: v.code,
            label: v.label,
            type: v.type,
            value: parseStored(v, v.value),
            formatted_value: formatValue(v, v.value),
            display_value: displayValue(v, v.value),
          })),
        // Simple products set every property themselves; variants (with their master) report what they override.
        overrides: [],
        effective_values: { price: money(p.selling_price), cost_price: money(p.cost_price), weight: p.weight, currency },
        created_at: p.created_at,
        updated_at: p.updated_at,
        deleted_at: p.deleted_at,
      };
    });
  }
}
