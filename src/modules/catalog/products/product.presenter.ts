// Turns product rows into the API's product resource: money in currency units, type traits, and the
// linked category, supplier, brand, tags, attribute values and variants' masters, loaded in one batch per page.
import type { Executor } from '../../../db/transaction.js';
import { DEFAULT_CURRENCY, fromMinorUnits } from '../../../lib/money.js';
import { isProductLowStock, productStockStatus } from '../../inventory/stock/low-stock.js';
import { displayValue, formatValue, parseStored } from '../attributes/attribute-values.js';
import type { AttributeService } from '../attributes/attribute.service.js';
import type { BrandService } from '../brands/brand.service.js';
import type { CategoryService } from '../categories/category.service.js';
import type { SupplierService } from '../suppliers/supplier.service.js';
import type { TagService } from '../tags/tag.service.js';
import type { ResourceLinks, VariantMaster } from './product-links.js';
import { allowedActions } from './product-lifecycle.js';
import type { LinkSummary, Product, ProductRepository } from './product.repository.js';
import type { ProductResponse } from './product.schemas.js';
import { traitsOf } from './product-types.js';

export const DEFAULT_DIMENSIONS_UNIT = 'cm';

export interface ProductLinks {
  categories: CategoryService;
  brands: BrandService;
  suppliers: SupplierService;
  tags: TagService;
  attributes: AttributeService;
}

/** The live masters among `ids`, by id. */
export type MasterLookup = (
  tenantId: string,
  ids: readonly string[],
  db: Executor,
) => Promise<ReadonlyMap<string, VariantMaster>>;

const ids = (rows: readonly Product[], key: 'category_id' | 'brand_id' | 'supplier_id') =>
  rows.map((r) => r[key]).filter((id): id is string => id !== null);

/**
 * A variant's own values and those it inherits: each of price, cost, currency, weight, dimensions,
 * descriptions is the variant's when set, else its master's; images are the master's followed by the
 * variant's own. `overrides` names what the variant sets itself. Simple products keep their own values.
 */
export function inheritance(p: Product, master: VariantMaster | undefined) {
  const ownDimensions = p.length !== null || p.width !== null || p.height !== null;
  const baseDimensions = !ownDimensions && master?.base_dimensions ? master.base_dimensions : null;
  const own = {
    price: p.selling_price !== null,
    cost_price: p.cost_price !== null,
    currency: p.currency !== null,
    weight: p.weight !== null,
    dimensions: ownDimensions,
    description: p.description !== null,
    short_description: p.short_description !== null,
    images: (p.images ?? []).length > 0,
  };
  return {
    currency: p.currency ?? master?.currency ?? DEFAULT_CURRENCY,
    selling_price: p.selling_price ?? master?.base_price ?? null,
    cost_price: p.cost_price ?? master?.base_cost_price ?? null,
    weight: p.weight ?? master?.base_weight ?? null,
    length: baseDimensions ? baseDimensions.length : p.length,
    width: baseDimensions ? baseDimensions.width : p.width,
    height: baseDimensions ? baseDimensions.height : p.height,
    dimensions_unit: baseDimensions ? baseDimensions.unit : (p.dimensions_unit ?? DEFAULT_DIMENSIONS_UNIT),
    description: p.description ?? master?.description ?? null,
    short_description: p.short_description ?? master?.short_description ?? null,
    images: [...new Set([...(master?.images ?? []), ...(p.images ?? [])])],
    variant_attributes: inConfigurationOrder(p.variant_attributes, master),
    overrides:
      p.master_product_id === null
        ? []
        : Object.entries(own)
            .filter(([, set]) => set)
            .map(([name]) => name),
  };
}

/** A variant's selection with its attributes in the master's configuration order (jsonb keeps keys its own way). */
function inConfigurationOrder(
  selection: Record<string, string> | null,
  master: VariantMaster | undefined,
): Record<string, string> | null {
  const order = master?.variant_attributes?.attributes.map((a) => a.name);
  if (!selection || !order) return selection;
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.fromEntries(Object.entries(selection).sort(([a], [b]) => rank(a) - rank(b)));
}

export interface ProductPresenterDeps {
  links: ProductLinks;
  products: ProductRepository;
  /** The masters variants inherit from. */
  masters: MasterLookup;
}

/** Which links of products a presenter reads: those the products may have. */
export interface LinksToRead {
  tags: boolean;
  attributes: boolean;
}

const ALL_LINKS: LinksToRead = { tags: true, attributes: true };

export class ProductPresenter {
  private readonly links: ProductLinks;
  private readonly products: ProductRepository;
  private readonly masters: MasterLookup;

  constructor(deps: ProductPresenterDeps) {
    this.links = deps.links;
    this.products = deps.products;
    this.masters = deps.masters;
  }

  async one(db: Executor, tenantId: string, row: Product, read: LinksToRead = ALL_LINKS): Promise<ProductResponse> {
    return (await this.many(db, tenantId, [row], read))[0]!;
  }

  /** The masters of the variants among `rows` (none without variants). */
  async mastersOf(
    db: Executor,
    tenantId: string,
    rows: readonly Product[],
  ): Promise<ReadonlyMap<string, VariantMaster>> {
    const masterIds = [...new Set(rows.map((r) => r.master_product_id).filter((id): id is string => id !== null))];
    return masterIds.length > 0 ? this.masters(tenantId, masterIds, db) : new Map();
  }

  /**
   * The resources of `rows`, in the same order, with four queries whatever the number of rows; `read` leaves
   * out the tags or attribute values the caller knows the products have none of (a product just created).
   */
  async many(
    db: Executor,
    tenantId: string,
    rows: readonly Product[],
    read: LinksToRead = ALL_LINKS,
  ): Promise<ProductResponse[]> {
    if (rows.length === 0) return [];
    const productIds = rows.map((r) => r.id);
    const [summaries, tags, values, masters] = await Promise.all([
      this.products.linkSummaries(db, tenantId, {
        category: ids(rows, 'category_id'),
        brand: ids(rows, 'brand_id'),
        supplier: ids(rows, 'supplier_id'),
      }),
      read.tags ? this.links.tags.tagsOfProducts(tenantId, productIds, db) : new Map<string, never[]>(),
      read.attributes ? this.links.attributes.valuesOfProducts(tenantId, productIds, db) : new Map<string, never[]>(),
      this.mastersOf(db, tenantId, rows),
    ]);
    const linked = new Map(summaries.map((s) => [`${s.kind}:${s.id}`, s]));
    const summary = (kind: LinkSummary['kind'], id: string | null) => (id ? linked.get(`${kind}:${id}`) : undefined);
    return rows.map((p) => {
      const category = summary('category', p.category_id);
      const brand = summary('brand', p.brand_id);
      const supplier = summary('supplier', p.supplier_id);
      return productResource(p, {
        category: category ? { id: category.id, name: category.name, slug: category.slug! } : null,
        brand: brand ? { id: brand.id, name: brand.name, slug: brand.slug! } : null,
        supplier: supplier ? { id: supplier.id, name: supplier.name, code: supplier.code! } : null,
        tags: tags.get(p.id) ?? [],
        values: values.get(p.id) ?? [],
        master: p.master_product_id ? masters.get(p.master_product_id) : undefined,
      });
    });
  }
}

/** The resource of product `p` with its links, however they were loaded. */
export function productResource(p: Product, links: ResourceLinks): ProductResponse {
  const inherited = inheritance(p, links.master);
  const currency = inherited.currency;
  const money = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor, currency));
  const traits = traitsOf(p.type);
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    barcode: p.barcode,
    barcode_type: p.barcode_type,
    type: p.type,
    type_traits: traits,
    status: p.status,
    allowed_actions: allowedActions(p.status),
    status_reason: p.status_reason,
    status_changed_at: p.status_changed_at,
    is_variant: p.is_variant,
    master_product_id: p.master_product_id,
    parent_product_id: p.master_product_id,
    variant_attributes: inherited.variant_attributes,
    selling_price: money(inherited.selling_price),
    cost_price: money(inherited.cost_price),
    currency,
    stock_quantity: p.stock_quantity,
    reserved_quantity: p.reserved_quantity,
    available_quantity: p.stock_quantity - p.reserved_quantity,
    reorder_point: p.reorder_point,
    reorder_quantity: p.reorder_quantity,
    is_low_stock: isProductLowStock(p),
    stock_status: productStockStatus(p),
    track_inventory: p.track_inventory,
    allow_backorders: p.allow_backorders,
    short_description: inherited.short_description,
    description: inherited.description,
    meta_description: p.meta_description,
    meta_keywords: p.meta_keywords,
    weight: inherited.weight,
    length: inherited.length,
    width: inherited.width,
    height: inherited.height,
    dimensions_unit: inherited.dimensions_unit,
    category_id: p.category_id,
    supplier_id: p.supplier_id,
    brand_id: p.brand_id,
    tax_class_id: p.tax_class_id,
    tax_category: traits.tax_category,
    is_featured: p.is_featured,
    is_taxable: p.is_taxable,
    requires_shipping: p.requires_shipping,
    category: links.category,
    supplier: links.supplier,
    brand: links.brand,
    tags: links.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug, color: t.color })),
    attributes: Object.fromEntries(links.values.map((v) => [v.code, parseStored(v, v.value)])),
    visible_attributes: links.values
      .filter((v) => v.is_visible_on_frontend)
      .map((v) => ({
        code: v.code,
        label: v.label,
        type: v.type,
        value: parseStored(v, v.value),
        formatted_value: formatValue(v, v.value),
        display_value: displayValue(v, v.value),
      })),
    images: inherited.images,
    // Simple products set every property themselves; variants report what they set instead of inheriting.
    overrides: inherited.overrides,
    effective_values: {
      price: money(inherited.selling_price),
      cost_price: money(inherited.cost_price),
      weight: inherited.weight,
      currency,
    },
    created_at: p.created_at,
    updated_at: p.updated_at,
    deleted_at: p.deleted_at,
  };
}
