// A large, deterministic catalog for one tenant, written with bulk SQL (services would take minutes for 100k
// products): taxonomy, attributes, master products, products (a fifth of them variants), tags and values.
import type { Insertable } from 'kysely';
import { monotonicFactory } from 'ulid';
import type { Db } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';
import type { ProductStatus, ProductsTable, ProductType } from '../../src/db/schema.js';
import { childPath, rootOfPath } from '../../src/modules/catalog/categories/category-path.js';
import { bulkInsert } from './bulk.js';

export interface SeedOptions {
  engine: Engine;
  products: number;
  /** Master products the variants (a fifth of the products) belong to. */
  masters?: number;
  /** Same seed, same catalog. */
  seed?: number;
}

export interface StockedProduct {
  id: string;
  name: string;
  sku: string;
  onHand: number;
  reserved: number;
}

/** What the cases need to build realistic queries against the seeded catalog. */
export interface SeededCatalog {
  products: number;
  rootCategoryIds: string[];
  leafCategoryIds: string[];
  brandIds: string[];
  supplierIds: string[];
  tagIds: string[];
  masterProductIds: string[];
  /** Live tracked products, oldest first, with the stock their inventory records must add up to. */
  stocked: StockedProduct[];
  colors: string[];
  materials: string[];
  /** The words names and descriptions are made of (names: a word, a noun and a number). */
  words: string[];
  nouns: string[];
}

const COLORS = [
  'red',
  'blue',
  'green',
  'black',
  'white',
  'grey',
  'yellow',
  'orange',
  'purple',
  'brown',
  'pink',
  'navy',
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const MATERIALS = ['cotton', 'wool', 'steel', 'aluminium', 'oak', 'plastic', 'leather', 'glass'];
export const WORDS = [
  'alpine',
  'basic',
  'classic',
  'deluxe',
  'eco',
  'field',
  'garden',
  'harbor',
  'indigo',
  'junior',
  'kinetic',
  'lumen',
  'metro',
  'nordic',
  'orbit',
  'pioneer',
  'quartz',
  'ranger',
  'summit',
  'terra',
  'urban',
  'vector',
  'willow',
  'xenon',
  'yukon',
  'zephyr',
];
export const NOUNS = [
  'backpack',
  'bottle',
  'chair',
  'desk',
  'drill',
  'jacket',
  'kettle',
  'lamp',
  'mug',
  'scarf',
  'shelf',
  'tent',
  'torch',
  'wrench',
];
const STATUSES: Array<[ProductStatus, number]> = [
  ['active', 70],
  ['draft', 15],
  ['inactive', 5],
  ['out_of_stock', 5],
  ['discontinued', 5],
];
const TYPES: Array<[ProductType, number]> = [
  ['physical', 80],
  ['digital', 10],
  ['service', 5],
  ['subscription', 3],
  ['gift_card', 2],
];
const CURRENCIES: Array<[string, number]> = [
  ['USD', 90],
  ['EUR', 8],
  ['JPY', 2],
];
const DAY_MS = 86_400_000;
/** Products generated before they (with their tags and values) are written. */
const PRODUCTS_PER_FLUSH = 20_000;

/** mulberry32: small, fast and good enough to spread a benchmark's data. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const weighted = <T>(list: ReadonlyArray<[T, number]>): T => {
    const total = list.reduce((sum, [, w]) => sum + w, 0);
    let roll = next() * total;
    for (const [value, weight] of list) if ((roll -= weight) < 0) return value;
    return list[list.length - 1]![0];
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
}

/** Seeds `options.products` products (2% soft-deleted) with their taxonomy into one tenant. */
export async function seedCatalog(db: Db, tenantId: string, options: SeedOptions): Promise<SeededCatalog> {
  const { engine } = options;
  const random = randomSource(options.seed ?? 42);
  const newId = (() => {
    const factory = monotonicFactory(random.next);
    return (time: number) => factory(time).toLowerCase();
  })();
  const start = Date.UTC(2024, 0, 1);
  const iso = (time: number) => new Date(time).toISOString();
  const now = iso(start);

  return db.transaction().execute(async (trx) => {
    // 10 roots, 10 children each, 5 grandchildren under each child: 610 categories.
    const categories: Array<{ id: string; parent: string | null; depth: number; name: string; path: string }> = [];
    const rootCategoryIds: string[] = [];
    const leafCategoryIds: string[] = [];
    for (let r = 0; r < 10; r++) {
      const rootId = newId(start);
      const root = { id: rootId, parent: null, depth: 0, name: `Department ${r}`, path: childPath(null, rootId) };
      categories.push(root);
      rootCategoryIds.push(root.id);
      for (let c = 0; c < 10; c++) {
        const childId = newId(start);
        const child = {
          id: childId,
          parent: root.id,
          depth: 1,
          name: `Aisle ${r}.${c}`,
          path: childPath(root.path, childId),
        };
        categories.push(child);
        for (let g = 0; g < 5; g++) {
          const leafId = newId(start);
          const leaf = {
            id: leafId,
            parent: child.id,
            depth: 2,
            name: `Shelf ${r}.${c}.${g}`,
            path: childPath(child.path, leafId),
          };
          categories.push(leaf);
          leafCategoryIds.push(leaf.id);
        }
      }
    }
    await bulkInsert(
      trx,
      engine,
      'product_categories',
      categories.map((c) => ({
        id: c.id,
        tenant_id: tenantId,
        name: c.name,
        slug: c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        description: null,
        parent_id: c.parent,
        sort_order: 0,
        is_active: true,
        is_featured: false,
        depth_level: c.depth,
        path: c.path,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })),
    );

    const brandIds = Array.from({ length: 200 }, () => newId(start));
    await bulkInsert(
      trx,
      engine,
      'brands',
      brandIds.map((id, i) => ({
        id,
        tenant_id: tenantId,
        name: `Brand ${id.slice(-6)}`,
        slug: `brand-${id.slice(-8)}-${i}`,
        is_active: true,
        created_at: now,
        updated_at: now,
      })),
    );
    const supplierIds = Array.from({ length: 100 }, () => newId(start));
    await bulkInsert(
      trx,
      engine,
      'suppliers',
      supplierIds.map((id) => ({
        id,
        tenant_id: tenantId,
        name: `Supplier ${id.slice(-6)}`,
        code: `SUP-${id.slice(-8).toUpperCase()}`,
        email: `${id}@supplier.test`,
        status: 'active',
        rating_count: 0,
        is_approved: true,
        is_preferred: false,
        created_at: now,
        updated_at: now,
      })),
    );
    const tagIds = Array.from({ length: 50 }, () => newId(start));
    await bulkInsert(
      trx,
      engine,
      'tags',
      tagIds.map((id, i) => ({
        id,
        tenant_id: tenantId,
        name: `Tag ${i}`,
        slug: `tag-${i}`,
        color: '#336699',
        is_active: true,
        created_at: now,
        updated_at: now,
      })),
    );

    const attribute = (code: string, type: 'select' | 'multiselect' | 'boolean', options: string[] | null) => ({
      id: newId(start),
      tenant_id: tenantId,
      code,
      name: code,
      label: code[0]!.toUpperCase() + code.slice(1),
      type,
      options,
      is_required: false,
      is_filterable: true,
      is_searchable: false,
      is_visible_on_frontend: true,
      sort_order: 0,
      created_at: now,
      updated_at: now,
    });
    const color = attribute('color', 'select', COLORS);
    const size = attribute('size', 'select', SIZES);
    const material = attribute('material', 'multiselect', MATERIALS);
    const waterproof = attribute('waterproof', 'boolean', null);
    await bulkInsert(trx, engine, 'attribute_definitions', [color, size, material, waterproof]);

    const masterProductIds = Array.from({ length: options.masters ?? 1000 }, () => newId(start));
    await bulkInsert(
      trx,
      engine,
      'master_products',
      masterProductIds.map((id, i) => ({
        id,
        tenant_id: tenantId,
        name: `Master ${i}`,
        slug: `master-${id}`,
        sku: `MASTER-${String(i).padStart(5, '0')}`,
        base_price: random.int(100, 100_000),
        currency: 'USD',
        status: 'active',
        is_visible: true,
        is_featured: false,
        sort_order: 0,
        requires_shipping: true,
        is_taxable: true,
        variant_attributes: {
          attributes: [
            { name: 'Color', values: COLORS },
            { name: 'Size', values: SIZES },
          ],
          allowCombinations: true,
        },
        created_at: now,
        updated_at: now,
      })),
    );

    const categoryPaths = new Map(categories.map((c) => [c.id, c.path]));
    // Written a chunk at a time, so that a million products and their tags and values never sit in memory at once.
    const flush = async () => {
      await bulkInsert(trx, engine, 'products', products.splice(0));
      await bulkInsert(trx, engine, 'product_tags', tags.splice(0));
      await bulkInsert(trx, engine, 'product_attribute_values', values.splice(0));
    };
    // Products, oldest first, spread over two years; 20% are variants of one of the master products.
    const span = 730 * DAY_MS;
    const step = span / options.products;
    const stocked: StockedProduct[] = [];
    const variantCounts = new Map<string, number>();
    const products: Array<Insertable<ProductsTable>> = [];
    const tags: Array<{ tenant_id: string; product_id: string; tag_id: string; created_at: string }> = [];
    const values: Array<{
      tenant_id: string;
      product_id: string;
      attribute_id: string;
      value: string;
      created_at: string;
      updated_at: string;
    }> = [];
    for (let i = 0; i < options.products; i++) {
      const time = Math.floor(start + i * step);
      const id = newId(time);
      const at = iso(time);
      const type = random.weighted(TYPES);
      const tracked = type === 'physical' || type === 'gift_card';
      const stock = tracked ? random.int(0, 500) : 0;
      const isVariant = random.chance(0.2);
      const master = isVariant ? random.pick(masterProductIds) : null;
      const variantNumber = master ? (variantCounts.get(master) ?? 0) + 1 : 0;
      if (master) variantCounts.set(master, variantNumber);
      const name = `${random.pick(WORDS)} ${random.pick(NOUNS)} ${random.int(100, 9999)}`.replace(/^./, (c) =>
        c.toUpperCase(),
      );
      const updated = Math.min(start + span, time + random.int(0, 90) * DAY_MS);
      products.push({
        id,
        tenant_id: tenantId,
        name,
        slug: `p-${id}`,
        sku: `SKU-${String(i).padStart(7, '0')}`,
        type,
        status: random.weighted(STATUSES),
        is_variant: isVariant,
        master_product_id: master,
        variant_key: master ? `v${variantNumber}` : null,
        selling_price: random.chance(0.03) ? null : random.int(100, 100_000),
        cost_price: random.int(50, 50_000),
        currency: random.weighted(CURRENCIES),
        stock_quantity: stock,
        reserved_quantity: Math.min(stock, random.chance(0.2) ? random.int(0, 20) : 0),
        reorder_point: tracked && random.chance(0.3) ? random.int(10, 50) : null,
        reorder_quantity: null,
        track_inventory: tracked,
        description: `${name}: ${Array.from({ length: 16 }, () => random.pick(WORDS)).join(' ')}.`,
        category_id: random.chance(0.95) ? random.pick(leafCategoryIds) : null,
        brand_id: random.chance(0.9) ? random.pick(brandIds) : null,
        supplier_id: random.chance(0.8) ? random.pick(supplierIds) : null,
        is_featured: random.chance(0.05),
        dimensions_unit: 'cm',
        created_at: at,
        updated_at: iso(updated),
        deleted_at: random.chance(0.02) ? iso(updated) : null,
      });
      const product = products.at(-1)!;
      // Set after the literal so that the random draws, and so the catalog, stay those of earlier runs.
      product.category_root_id = product.category_id ? rootOfPath(categoryPaths.get(product.category_id)!) : null;
      if (tracked && product.deleted_at === null) {
        stocked.push({ id, name, sku: product.sku!, onHand: stock, reserved: product.reserved_quantity! });
      }
      const tagCount = random.int(0, 3);
      const chosen = new Set(Array.from({ length: tagCount }, () => random.pick(tagIds)));
      for (const tagId of chosen) tags.push({ tenant_id: tenantId, product_id: id, tag_id: tagId, created_at: at });
      const value = (attributeId: string, v: string) =>
        values.push({
          tenant_id: tenantId,
          product_id: id,
          attribute_id: attributeId,
          value: v,
          created_at: at,
          updated_at: at,
        });
      value(color.id, random.pick(COLORS));
      value(size.id, random.pick(SIZES));
      value(waterproof.id, random.chance(0.3) ? '1' : '0');
      if (random.chance(0.5))
        value(material.id, JSON.stringify([...new Set([random.pick(MATERIALS), random.pick(MATERIALS)])]));
      if (products.length === PRODUCTS_PER_FLUSH) await flush();
    }
    await flush();

    return {
      products: options.products,
      rootCategoryIds,
      leafCategoryIds,
      brandIds,
      supplierIds,
      tagIds,
      masterProductIds,
      stocked,
      colors: COLORS,
      materials: MATERIALS,
      words: WORDS,
      nouns: NOUNS,
    };
  });
}
