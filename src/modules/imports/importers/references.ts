// The records a row names by what people write in a spreadsheet rather than by id: a category by slug or by its
// path of names, a brand or tag by slug or name, a supplier by code or name, a warehouse by code, a product by
// SKU. Read-only lookups of live records; what a row links to is then checked again by the service that writes
// it (active, same tenant), so a lookup remembered for the rest of the import (`memo`) is never trusted alone.
import type { Executor } from '../../../db/transaction.js';
import type { BrandService } from '../../catalog/brands/brand.service.js';
import type { CategoryService } from '../../catalog/categories/category.service.js';
import type { ProductService } from '../../catalog/products/product.service.js';
import type { SupplierService } from '../../catalog/suppliers/supplier.service.js';
import type { TagService } from '../../catalog/tags/tag.service.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import { RowRefusedError } from './row-importer.js';

/** Separates the names of a category path: `Tools > Power tools`. */
export const PATH_SEPARATOR = '>';

export interface ReferenceDeps {
  categories: CategoryService;
  suppliers: SupplierService;
  brands: BrandService;
  tags: TagService;
  warehouses: WarehouseService;
  products: ProductService;
}

type Memo = Map<string, string>;

/** `find` once per distinct text and import; refused with `message` at `column` when it finds nothing. */
async function remembered(
  memo: Memo,
  key: string,
  find: () => Promise<string | undefined>,
  column: string,
  message: string,
): Promise<string> {
  const known = memo.get(key);
  if (known !== undefined) return known;
  const id = await find();
  if (id === undefined) throw RowRefusedError.at(column, message);
  memo.set(key, id);
  return id;
}

export class References {
  constructor(private readonly deps: ReferenceDeps) {}

  /** A category by slug, else by its path of names from a root (`Tools > Power tools`). */
  category(db: Executor, tenantId: string, text: string, column: string, memo: Memo): Promise<string> {
    return remembered(
      memo,
      `category:${text}`,
      async () => {
        if (!text.includes(PATH_SEPARATOR)) {
          const bySlug = await this.deps.categories.bySlug(tenantId, text, db);
          if (bySlug) return bySlug.id;
        }
        const names = text.split(PATH_SEPARATOR).map((name) => name.trim());
        try {
          return (await this.deps.categories.byNamePath(tenantId, names, column, db)).id;
        } catch (error) {
          throw RowRefusedError.at(
            column,
            (error as Error & { errors?: Record<string, string[]> }).errors?.[column]?.[0] ?? String(error),
          );
        }
      },
      column,
      `No category has the slug or path ${text}.`,
    );
  }

  /** A supplier by code, else by name (refused when two share it). */
  supplier(db: Executor, tenantId: string, text: string, column: string, memo: Memo): Promise<string> {
    return remembered(
      memo,
      `supplier:${text}`,
      async () => {
        const byCode = await this.deps.suppliers.byCode(tenantId, text, db);
        if (byCode) return byCode.id;
        const named = await this.deps.suppliers.byName(tenantId, text, db);
        if (named.length > 1) throw RowRefusedError.at(column, `Two suppliers are named ${text}; name it by its code.`);
        return named[0]?.id;
      },
      column,
      `No supplier has the code or name ${text}.`,
    );
  }

  /** A brand by slug, else by name (refused when two share it). */
  brand(db: Executor, tenantId: string, text: string, column: string, memo: Memo): Promise<string> {
    return remembered(
      memo,
      `brand:${text}`,
      async () => {
        const ids = await this.deps.brands.idsNamed(tenantId, text, db);
        if (ids.length > 1) throw RowRefusedError.at(column, `Two brands are named ${text}; name it by its slug.`);
        return ids[0];
      },
      column,
      `No brand has the slug or name ${text}.`,
    );
  }

  /** A tag by slug, else by name (names are unique per tenant). */
  tag(db: Executor, tenantId: string, text: string, column: string, memo: Memo): Promise<string> {
    return remembered(
      memo,
      `tag:${text}`,
      () => this.deps.tags.idNamed(tenantId, text, db),
      column,
      `No tag has the slug or name ${text}.`,
    );
  }

  /** A live warehouse by code. */
  warehouse(db: Executor, tenantId: string, code: string, column: string, memo: Memo): Promise<string> {
    return remembered(
      memo,
      `warehouse:${code}`,
      () => this.deps.warehouses.idByCode(tenantId, code, db),
      column,
      `No warehouse has the code ${code}.`,
    );
  }

  /** A live product (or variant) by SKU, exactly as stored. */
  product(db: Executor, tenantId: string, sku: string, column: string, memo: Memo): Promise<string> {
    return remembered(
      memo,
      `product:${sku}`,
      () => this.deps.products.idBySku(tenantId, sku, db),
      column,
      `No product has the SKU ${sku}.`,
    );
  }
}
