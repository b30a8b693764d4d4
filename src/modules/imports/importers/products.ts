// Product rows, keyed by SKU: every writable product field, the category by slug or path, the brand by slug or
// name, the supplier by code or name, tags by slug or name, attributes in `attr:<code>` columns, and variant rows
// that name their master product in `master` with their choice in `variant:<attribute name>` columns. A row
// that updates a product sends only the fields whose value differs from the product as GET answers it, so that
// an exported file imported again changes nothing, and a variant's row may carry what it inherits.
import { ValidationError } from '../../../core/errors.js';
import type { Executor } from '../../../db/transaction.js';
import type { AttributeService } from '../../catalog/attributes/attribute.service.js';
import type { MasterProductService } from '../../catalog/master-products/master-product.service.js';
import { ProductCreateBody, ProductUpdateBody, type ProductResponse } from '../../catalog/products/product.schemas.js';
import type { ProductService } from '../../catalog/products/product.service.js';
import type { VariantService } from '../../catalog/variants/variant.service.js';
import { VariantCreateBody } from '../../catalog/variants/variant.schemas.js';
import type { References } from './references.js';
import {
  assign,
  checkedBody,
  problemsOf,
  RowReader,
  RowRefusedError,
  sameValue,
  type RowContext,
  type RowImporter,
  type RowOutcome,
  type RowProblem,
} from './row-importer.js';

export const ATTRIBUTE_PREFIX = 'attr:';
export const VARIANT_PREFIX = 'variant:';
/** Separates a cell's images: URLs may contain commas. Tags are separated by commas. */
export const IMAGE_SEPARATOR = '|';

const TEXT = [
  'name',
  'slug',
  'type',
  'barcode',
  'barcode_type',
  'currency',
  'short_description',
  'description',
  'meta_description',
  'meta_keywords',
  'dimensions_unit',
  'tax_class_id',
] as const;
const NUMBERS = ['selling_price', 'cost_price', 'weight', 'length', 'width', 'height'] as const;
const INTEGERS = ['reorder_point', 'reorder_quantity', 'stock_quantity'] as const;
const BOOLEANS = ['track_inventory', 'allow_backorders', 'is_featured', 'is_taxable', 'requires_shipping'] as const;
const REFERENCES = { category: 'category_id', brand: 'brand_id', supplier: 'supplier_id' } as const;
/** Fields an update may set to null (an empty cell clears them); an empty cell leaves the others as they are. */
const CLEARABLE = new Set<string>([
  'barcode',
  'barcode_type',
  'short_description',
  'description',
  'meta_description',
  'meta_keywords',
  'tax_class_id',
  'selling_price',
  'cost_price',
  'weight',
  'length',
  'width',
  'height',
  'reorder_point',
  'reorder_quantity',
  'category_id',
  'brand_id',
  'supplier_id',
  'images',
]);
/** What a new variant's row may set (the rest it takes from its master). */
const VARIANT_FIELDS = new Set([
  'sku',
  'name',
  'selling_price',
  'cost_price',
  'stock_quantity',
  'weight',
  'barcode',
  'barcode_type',
]);

export const PRODUCT_COLUMNS = [
  'sku',
  'name',
  'slug',
  'type',
  'barcode',
  'barcode_type',
  'selling_price',
  'cost_price',
  'currency',
  'reorder_point',
  'reorder_quantity',
  'track_inventory',
  'allow_backorders',
  'short_description',
  'description',
  'meta_description',
  'meta_keywords',
  'weight',
  'length',
  'width',
  'height',
  'dimensions_unit',
  'category',
  'brand',
  'supplier',
  'tax_class_id',
  'is_featured',
  'is_taxable',
  'requires_shipping',
  'tags',
  'images',
  'stock_quantity',
  'master',
] as const;

const FIELD_COLUMNS: Record<string, string> = {
  category_id: 'category',
  brand_id: 'brand',
  supplier_id: 'supplier',
  variant_selection: 'master',
};

/** The column of a service's field error: `attributes.color` is in `attr:color`, `tags.2` in `tags`. */
function columnOf(field: string): string | null {
  if (field.startsWith('attributes.')) return `${ATTRIBUTE_PREFIX}${field.slice('attributes.'.length)}`;
  if (field.startsWith('variant_selection.')) return `${VARIANT_PREFIX}${field.slice('variant_selection.'.length)}`;
  const top = field.split('.')[0]!;
  return FIELD_COLUMNS[top] ?? top;
}

export interface ProductImporterDeps {
  products: ProductService;
  variants: VariantService;
  masters: MasterProductService;
  attributes: AttributeService;
  references: References;
}

export function productImporter({
  products,
  variants,
  masters,
  attributes: attributeDefinitions,
  references,
}: ProductImporterDeps): RowImporter {
  const createBody = checkedBody<ProductCreateBody>(ProductCreateBody, columnOf);
  const updateBody = checkedBody<ProductUpdateBody>(ProductUpdateBody, columnOf);
  const variantBody = checkedBody<VariantCreateBody>(VariantCreateBody, columnOf);

  /** The type of each of the tenant's attributes, by code, read once per import. */
  const attributeType = async (
    db: Executor,
    tenantId: string,
    code: string,
    memo: Map<string, string>,
  ): Promise<string | undefined> => {
    if (!memo.has('attributes:')) {
      const all = await attributeDefinitions.definitions(tenantId, db);
      for (const definition of all) memo.set(`attribute:${definition.code}`, definition.type);
      memo.set('attributes:', 'read');
    }
    return memo.get(`attribute:${code}`);
  };

  /** A cell as the attribute's type takes it: a list for multiselect, parsed JSON, else the text (checked by the service). */
  const attributeValue = (row: RowReader, column: string, type: string | undefined): unknown => {
    if (type === 'multiselect') {
      const items = row.list(column);
      return items?.length === 0 ? null : items;
    }
    const text = row.text(column);
    if (type !== 'json' || text === null || text === undefined) return text;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return row.refuse(column, `The ${column} column must be JSON.`);
    }
  };

  /** Every field the row's columns give, in the API's terms; `creating` drops empty cells (the defaults apply). */
  const read = async (
    row: RowReader,
    cells: Readonly<Record<string, string>>,
    context: RowContext,
    creating: boolean,
  ) => {
    const { trx, tenantId, memo } = context;
    const body: Record<string, unknown> = {};
    const keep = (field: string) => !creating && CLEARABLE.has(field);
    for (const field of TEXT) assign(body, field, row.text(field), keep(field));
    for (const field of NUMBERS) assign(body, field, row.number(field), keep(field));
    for (const field of INTEGERS) assign(body, field, row.integer(field), keep(field));
    for (const field of BOOLEANS) assign(body, field, row.boolean(field), false);
    for (const [column, field] of Object.entries(REFERENCES)) {
      const text = row.text(column);
      if (text === undefined) continue;
      const id =
        text === null
          ? null
          : await references[column as keyof typeof REFERENCES](trx, tenantId, text, column, memo).catch(
              refusedAt(row, column),
            );
      assign(body, field, id, keep(field));
    }
    const tags = row.list('tags');
    if (tags !== undefined && (tags.length > 0 || !creating)) {
      const ids = await Promise.all(
        tags.map((tag) => references.tag(trx, tenantId, tag, 'tags', memo).catch(refusedAt(row, 'tags'))),
      );
      if (ids.every((id) => id !== undefined)) body.tags = [...new Set(ids)];
    }
    const images = row.list('images', IMAGE_SEPARATOR);
    if (images !== undefined) assign(body, 'images', images.length === 0 ? null : images, keep('images'));
    const attributes: Record<string, unknown> = {};
    for (const column of Object.keys(cells).filter((name) => name.startsWith(ATTRIBUTE_PREFIX))) {
      const code = column.slice(ATTRIBUTE_PREFIX.length);
      const value = attributeValue(row, column, await attributeType(trx, tenantId, code, memo));
      if (value !== undefined && (value !== null || !creating)) attributes[code] = value;
    }
    if (Object.keys(attributes).length > 0) body.attributes = attributes;
    return body;
  };

  /** The fields of `body` whose value differs from the product's: what an update must send. */
  const changed = (body: Record<string, unknown>, current: ProductResponse): Record<string, unknown> => {
    const changes: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(body)) {
      if (field === 'tags') {
        const now = current.tags.map((tag) => tag.id).sort();
        if (!sameValue(now, [...(value as string[])].sort())) changes.tags = value;
      } else if (field === 'attributes') {
        const attributes = Object.fromEntries(
          Object.entries(value as Record<string, unknown>).filter(
            ([code, v]) => !sameAttribute(current.attributes[code], v),
          ),
        );
        if (Object.keys(attributes).length > 0) changes.attributes = attributes;
      } else if (!sameValue((current as Record<string, unknown>)[field], value)) {
        changes[field] = value;
      }
    }
    return changes;
  };

  const createVariant = async (
    row: RowReader,
    cells: Readonly<Record<string, string>>,
    context: RowContext,
    masterText: string,
  ) => {
    const master = await masters.bySkuOrSlug(context.tenantId, masterText, context.trx);
    if (!master) throw RowRefusedError.at('master', `No master product has the SKU or slug ${masterText}.`);
    const body = await read(row, cells, context, true);
    row.assertReadable();
    const extra = Object.keys(body).filter((field) => !VARIANT_FIELDS.has(field));
    if (extra.length > 0) {
      throw new RowRefusedError(
        extra.map((field) => ({
          column: columnOf(field),
          message: `A new variant takes its ${field} from its master product; leave ${columnOf(field)} empty.`,
        })),
      );
    }
    const selection = Object.fromEntries(
      Object.keys(cells)
        .filter((column) => column.startsWith(VARIANT_PREFIX) && row.text(column))
        .map((column) => [column.slice(VARIANT_PREFIX.length), row.text(column)!]),
    );
    await variants.create(
      context.tenantId,
      master.id,
      variantBody({ ...body, variant_selection: selection }, row),
      context.userId,
    );
  };

  return {
    inFileOrder: false,
    columnOf,
    async templateColumns(tenantId) {
      const definitions = await attributeDefinitions.definitions(tenantId);
      return [...PRODUCT_COLUMNS, ...definitions.map((definition) => `${ATTRIBUTE_PREFIX}${definition.code}`)];
    },
    headerProblems(header) {
      const known = new Set<string>(PRODUCT_COLUMNS);
      const problems = header
        .filter(
          (column) => !known.has(column) && !(column.startsWith(ATTRIBUTE_PREFIX) || column.startsWith(VARIANT_PREFIX)),
        )
        .map((column) => `Unknown column "${column}" for a product import; attributes go in attr:<code> columns.`);
      if (!header.includes('sku')) problems.push('A product import needs a sku column: the SKU names the product.');
      return problems;
    },
    // New products (rows whose SKU no product has) are created together; the rest go one at a time.
    async importMany(rows, context) {
      const { trx, tenantId, mode, userId } = context;
      const outcomes: Array<RowOutcome | RowProblem[] | undefined> = rows.map(() => undefined);
      if (mode === 'update') return outcomes;
      const readers = rows.map((cells) => new RowReader(cells));
      const skus = readers.map((row) => row.text('sku'));
      const taken = await products.skusTaken(
        tenantId,
        skus.filter((sku) => sku !== null && sku !== undefined),
        trx,
      );
      const creating: Array<{ index: number; body: ProductCreateBody }> = [];
      const seen = new Set<string>();
      for (const [index, row] of readers.entries()) {
        const sku = skus[index];
        // An update, a variant and a SKU this group names twice are imported alone, after the group.
        if (!sku || taken.has(sku) || seen.has(sku) || row.text('master')) continue;
        seen.add(sku);
        try {
          creating.push({ index, body: createBody({ ...(await read(row, rows[index]!, context, true)), sku }, row) });
        } catch (error) {
          if (!(error instanceof RowRefusedError)) throw error;
          outcomes[index] = [...error.problems];
        }
      }
      const created = await products.createAll(
        trx,
        tenantId,
        creating.map(({ body }) => body),
        userId,
      );
      created.forEach(
        (result, i) =>
          (outcomes[creating[i]!.index] =
            result instanceof ValidationError ? problemsOf(result.errors, columnOf) : 'created'),
      );
      return outcomes;
    },
    async importRow(cells, context) {
      const { trx, tenantId, mode, userId } = context;
      const row = new RowReader(cells);
      const sku = row.text('sku');
      if (!sku) throw RowRefusedError.at('sku', 'The sku column is required: it names the product.');
      // A new SKU (the usual row of a first import) costs an index lookup, not the product's resource.
      const current =
        mode !== 'update' && !(await products.skuTaken(tenantId, sku, trx))
          ? undefined
          : await products.bySku(tenantId, sku, trx);
      if (!current) {
        if (mode === 'update') throw RowRefusedError.at('sku', `No product has the SKU ${sku}.`);
        const master = row.text('master');
        if (master) await createVariant(row, cells, context, master);
        else
          await products.create(tenantId, createBody({ ...(await read(row, cells, context, true)), sku }, row), userId);
        return 'created';
      }
      if (mode === 'create') throw RowRefusedError.at('sku', `The SKU ${sku} is taken by another product.`);
      const body = await read(row, cells, context, false);
      row.assertReadable();
      const changes = changed(body, current);
      if (Object.keys(changes).length === 0) return 'unchanged';
      const updated = await products.update(tenantId, current.id, updateBody(changes, row));
      return updated.updated_at === current.updated_at ? 'unchanged' : 'updated';
    },
  };
}

/** Whether a cell's value is an attribute's current value: numbers and booleans compared as their text. */
function sameAttribute(current: unknown, sent: unknown): boolean {
  if (typeof sent === 'string' && (typeof current === 'number' || typeof current === 'boolean')) {
    if (typeof current === 'number') return sent.trim() !== '' && Number(sent) === current;
    return (
      ['true', '1', 'yes'].includes(sent.toLowerCase()) === current &&
      ['true', 'false', '1', '0', 'yes', 'no'].includes(sent.toLowerCase())
    );
  }
  return sameValue(current, sent);
}

/** Turns a lookup's refusal into a problem of the row, so that the row's other problems are found too. */
function refusedAt(row: RowReader, column: string) {
  return (error: unknown): undefined => {
    if (!(error instanceof RowRefusedError)) throw error;
    return row.refuse(column, error.message);
  };
}
