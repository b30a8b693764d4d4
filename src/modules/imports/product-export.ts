// The product export: every live product and variant of a tenant as a CSV in the product import's columns, so
// that a file exported, edited and imported again changes only the rows that were edited (docs/import.md). It
// is read a page at a time and written as the client takes it, so the catalog's size does not bound memory.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { parsedJson } from '../../db/dialect.js';
import type { VariantConfiguration } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import { neutralise } from '../../lib/csv.js';
import type { AttributeService } from '../catalog/attributes/attribute.service.js';
import type { MasterProductService } from '../catalog/master-products/master-product.service.js';
import type { ProductResponse } from '../catalog/products/product.schemas.js';
import type { ProductService } from '../catalog/products/product.service.js';
import { ATTRIBUTE_PREFIX, IMAGE_SEPARATOR, PRODUCT_COLUMNS, VARIANT_PREFIX } from './importers/products.js';

const PAGE = 500;

export interface ProductExportDeps {
  db: Executor;
  products: ProductService;
  masters: MasterProductService;
  attributes: AttributeService;
}

/** An attribute's value as a cell: a list comma-separated, JSON as JSON, the rest as text. */
function attributeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
}

export class ProductExport {
  constructor(private readonly deps: ProductExportDeps) {}

  /** The CSV of every live product of the tenant, ordered by id, with a header row. */
  async csv(tenantId: string): Promise<Readable> {
    const { db } = this.deps;
    const attributeCodes = (await this.deps.attributes.definitions(tenantId)).map((definition) => definition.code);
    const masters = await this.deps.masters.keysOfTenant(tenantId, db);
    const masterKey = new Map(masters.map((master) => [master.id, master.sku ?? master.slug]));
    const variantNames = [
      ...new Set(
        masters.flatMap(
          (master) =>
            parsedJson<VariantConfiguration | null>(master.variant_attributes)?.attributes.map(
              (attribute) => attribute.name,
            ) ?? [],
        ),
      ),
    ];
    const columns = [
      ...PRODUCT_COLUMNS,
      ...attributeCodes.map((code) => `${ATTRIBUTE_PREFIX}${code}`),
      ...variantNames.map((name) => `${VARIANT_PREFIX}${name}`),
    ];

    const row = (product: ProductResponse): string[] => {
      const values: Record<string, unknown> = {
        ...product,
        category: product.category?.slug,
        brand: product.brand?.slug,
        supplier: product.supplier?.code,
        tags: product.tags.map((tag) => tag.slug).join(', '),
        images: product.images?.join(IMAGE_SEPARATOR),
        // Stock is counted, not imported onto a product that exists: a stock_levels import sets it.
        stock_quantity: null,
        master: product.master_product_id ? masterKey.get(product.master_product_id) : null,
      };
      for (const code of attributeCodes) values[`${ATTRIBUTE_PREFIX}${code}`] = attributeCell(product.attributes[code]);
      for (const name of variantNames) values[`${VARIANT_PREFIX}${name}`] = product.variant_attributes?.[name];
      return columns.map((column) => neutralise(cell(values[column])) as string);
    };

    const products = this.deps.products;
    async function* rows() {
      for (let after = ''; ;) {
        const page = await products.pageAfter(tenantId, after, PAGE, db);
        for (const product of await products.present(tenantId, page)) yield row(product);
        if (page.length < PAGE) return;
        after = page[page.length - 1]!.id;
      }
    }
    return Readable.from(rows()).pipe(stringify({ header: true, columns }));
  }
}
