// The steps of creating products (ProductService.createAll; a single create is a batch of one): each input
// checked against what the batch reads once and against the inputs accepted before it, the rows written with
// their tags and attribute values, then the initial stock received.
import type { Transaction } from 'kysely';
import { ValidationError, takenMessage, type FieldErrors } from '../../../core/errors.js';
import type { DB, ProductType } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { isCurrency } from '../../../lib/money.js';
import { firstFreeSlugs, slugOf } from '../../../lib/slug.js';
import type { ProductAttributeCheck, StoredAttributeValues } from '../attributes/attribute.service.js';
import type { TenantDefaults } from '../../tenancy/tenant.service.js';
import type { StockLedger } from '../../inventory/stock/stock-ledger.js';
import { barcodeTakenMessage, resolveBarcode, type StoredBarcode } from './barcode.js';
import {
  MIN_NAME_LENGTH,
  NAME_TOO_SHORT,
  OPTIONAL_FIELDS,
  STATUS_REFUSED,
  clean,
  currencyRefused,
  minorAmount,
} from './product-fields.js';
import { linkErrors } from './product-link-checks.js';
import { DEFAULT_DIMENSIONS_UNIT, type LinksToRead, type ProductLinks } from './product.presenter.js';
import type { NewProduct, Product, ProductRepository } from './product.repository.js';
import type { ProductCreateBody, ProductResponse } from './product.schemas.js';
import { traitsOf, type TypeTraits } from './product-types.js';

export const INITIAL_STOCK_REFUSED =
  'Initial stock needs a product that holds inventory: a physical or gift_card product with track_inventory true.';

/** A product the checks accepted: its row, as sent, and its attribute values to store. */
export interface AcceptedProduct {
  index: number;
  row: NewProduct;
  input: ProductCreateBody;
  attributes: StoredAttributeValues;
}

/**
 * The checks' outcome: in the order of the inputs, the ValidationError of each refused (the accepted ones'
 * places are left for their resources), and the accepted ones with their rows.
 */
export interface CheckedInputs {
  results: Array<ProductResponse | ValidationError>;
  accepted: AcceptedProduct[];
}

type BarcodeHolder = Pick<Product, 'id' | 'sku'>;

/** What the checks of a batch read, one statement per kind whatever the number of inputs. */
export interface BatchReads {
  defaultCurrency: string | null;
  takenSlugs: Set<string>;
  takenSkus: Set<string>;
  barcodeHolders: Map<string, BarcodeHolder>;
  linkErrors: FieldErrors[];
  checkAttributes: ProductAttributeCheck;
}

/** The keys the inputs accepted so far hold: a later input of the batch cannot take them. */
export interface Claimed {
  sku: Set<string>;
  slug: Set<string>;
  barcode: Map<string, BarcodeHolder>;
}

export interface ProductCreationDeps {
  products: ProductRepository;
  links: ProductLinks;
  /** The currency of a product created without one. */
  tenants: TenantDefaults;
  stock: StockLedger;
  clock: Clock;
  newId: IdGenerator;
}

export class ProductCreation {
  private readonly products: ProductRepository;
  private readonly links: ProductLinks;
  private readonly tenants: TenantDefaults;
  private readonly stock: StockLedger;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: ProductCreationDeps) {
    this.products = deps.products;
    this.links = deps.links;
    this.tenants = deps.tenants;
    this.stock = deps.stock;
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /**
   * Checks each input by create's rules and makes the row of each accepted, with its generated SKU and slug.
   * Of two inputs with one SKU, slug or barcode, the first accepted keeps it.
   */
  async check(trx: Transaction<DB>, tenantId: string, inputs: readonly ProductCreateBody[]): Promise<CheckedInputs> {
    const names = inputs.map((input) => input.name.trim());
    const slugBases = names.map((name) => slugOf(name, 'product'));
    // Taken before any read, so that the checks below already see what a concurrent twin committed.
    await this.products.lockSlugBases(
      trx,
      tenantId,
      slugBases.filter((_, i) => inputs[i]!.slug === undefined),
    );
    const codes = inputs.map((input) => resolveBarcode(input, null));
    const reads = await this.readBatch(trx, tenantId, inputs, codes);

    const now = this.clock.now().toISOString();
    const claimed: Claimed = { sku: new Set(), slug: new Set(), barcode: new Map() };
    const results = new Array<ProductResponse | ValidationError>(inputs.length);
    const accepted: AcceptedProduct[] = [];
    for (const [index, input] of inputs.entries()) {
      const product = resolveInput(input, names[index]!, codes[index]!, reads.defaultCurrency);
      const attributes = reads.checkAttributes(input.attributes ?? {}, { requireAll: true });
      const refusals = inputRefusals(input, product, reads, claimed, {
        ...reads.linkErrors[index],
        ...attributes.errors,
      });
      if (refusals) {
        results[index] = await this.refusal(trx, tenantId, inputs.length, input, refusals);
        continue;
      }
      const id = this.newId();
      const sku = input.sku ?? (await this.generatedSku(trx, tenantId, id));
      const row = newProductRow(id, sku, tenantId, input, product, now);
      claimed.sku.add(row.sku);
      if (input.slug !== undefined) claimed.slug.add(input.slug);
      if (row.barcode) claimed.barcode.set(row.barcode, { id, sku: row.sku });
      accepted.push({ index, row, input, attributes: attributes.stored });
    }
    await this.generateSlugs(trx, tenantId, accepted, slugBases, claimed);
    return { results, accepted };
  }

  /** The error of a refused input; a create of one product reads whether its SKU is taken only to report it. */
  private async refusal(
    trx: Transaction<DB>,
    tenantId: string,
    batchSize: number,
    input: ProductCreateBody,
    { errors, later }: Refusals,
  ): Promise<ValidationError> {
    // Beside the other errors, in its place among them (see `readBatch`).
    if (batchSize === 1 && input.sku !== undefined && (await this.products.taken(trx, tenantId, 'sku', input.sku)))
      errors.sku = [takenMessage('sku')];
    return new ValidationError({ ...errors, ...later });
  }

  /** Inserts the accepted products' rows, then links their tags and stores their attribute values. */
  async write(trx: Transaction<DB>, tenantId: string, accepted: readonly AcceptedProduct[]): Promise<Product[]> {
    const rows = await this.products.insertMany(
      trx,
      accepted.map(({ row }) => row),
    );
    await this.links.tags.linkNewProducts(
      trx,
      tenantId,
      accepted.map(({ row, input }) => ({ productId: row.id, tagIds: input.tags ?? [] })),
    );
    await this.links.attributes.writeNewProductsValues(
      trx,
      tenantId,
      accepted.map(({ row, attributes }) => ({ productId: row.id, stored: attributes })),
    );
    return rows;
  }

  /**
   * Receives each product's `stock_quantity` into the default warehouse as an `initial_stock` movement; answers
   * the products' rows after it, read again when it changed them (totals, status), else `rows` as written.
   */
  async receiveInitialStock(
    trx: Transaction<DB>,
    tenantId: string,
    accepted: readonly AcceptedProduct[],
    rows: Product[],
    userId: string | null,
  ): Promise<Product[]> {
    const stocked = accepted.filter(({ input }) => (input.stock_quantity ?? 0) > 0);
    for (const { row, input } of stocked) {
      await this.stock.changeOnHand(trx, {
        tenantId,
        productId: row.id,
        quantity: input.stock_quantity!,
        type: 'initial_stock',
        reason: 'Initial stock',
        userId,
      });
    }
    if (stocked.length === 0) return rows;
    return this.products.findManyInOrder(
      trx,
      tenantId,
      rows.map((row) => row.id),
    );
  }

  /** What the checks of `inputs` read: the tenant's currency, the keys taken, the links and attribute rules. */
  private async readBatch(
    trx: Transaction<DB>,
    tenantId: string,
    inputs: readonly ProductCreateBody[],
    codes: ReadonlyArray<ReturnType<typeof resolveBarcode>>,
  ): Promise<BatchReads> {
    const sent = (field: 'sku' | 'slug') => inputs.map((input) => input[field]).filter((value) => value !== undefined);
    const [defaultCurrency, takenSlugs, takenSkus, barcodeHolders, errors, checkAttributes] = await Promise.all([
      inputs.some((input) => input.currency === undefined) ? this.tenants.defaultCurrency(tenantId, trx) : null,
      this.products.takenAmong(trx, tenantId, 'slug', sent('slug')),
      // One create leaves a taken SKU to the unique index, whose refusal `create` answers with the same error;
      // in a batch, one taken SKU would fail every product of it.
      inputs.length > 1 ? this.products.takenAmong(trx, tenantId, 'sku', sent('sku')) : new Set<string>(),
      this.products.barcodeHolders(
        trx,
        tenantId,
        codes.map((code) => code.barcode?.barcode).filter((code) => code !== undefined && code !== null),
      ),
      linkErrors(
        this.links,
        trx,
        tenantId,
        inputs.map((input) => ({ input, current: null })),
      ),
      this.links.attributes.productAttributeChecker(tenantId, trx),
    ]);
    return { defaultCurrency, takenSlugs, takenSkus, barcodeHolders, linkErrors: errors, checkAttributes };
  }

  /** The slugs of the accepted products sent without one, kept clear also of those sent with this batch. */
  private async generateSlugs(
    trx: Transaction<DB>,
    tenantId: string,
    accepted: readonly AcceptedProduct[],
    slugBases: readonly string[],
    claimed: Claimed,
  ): Promise<void> {
    const generating = accepted.filter(({ input }) => input.slug === undefined);
    const slugs = await firstFreeSlugs(
      generating.map(({ index }) => slugBases[index]!),
      async (candidates) =>
        new Set([
          ...(await this.products.takenAmong(trx, tenantId, 'slug', candidates)),
          ...candidates.filter((c) => claimed.slug.has(c)),
        ]),
    );
    generating.forEach(({ row }, i) => (row.slug = slugs[i]!));
  }

  /** `PRD-` and the random end of the product's ULID; another when that is taken. */
  private async generatedSku(db: Executor, tenantId: string, id: string): Promise<string> {
    for (
      let candidate = `PRD-${id.slice(-10).toUpperCase()}`;
      ;
      candidate = `PRD-${this.newId().slice(-10).toUpperCase()}`
    ) {
      if (!(await this.products.taken(db, tenantId, 'sku', candidate))) return candidate;
    }
  }
}

/** Which links the accepted products were sent with: of a new product, the presenter reads only those. */
export function linksSent(accepted: ReadonlyArray<Pick<AcceptedProduct, 'input' | 'attributes'>>): LinksToRead {
  return {
    tags: accepted.some(({ input }) => (input.tags?.length ?? 0) > 0),
    attributes: accepted.some(({ attributes }) => [...attributes.values()].some((value) => value !== null)),
  };
}

/** An input as create reads it before any check: its trimmed name, its type and currency, its barcode. */
export interface ResolvedInput {
  name: string;
  type: ProductType;
  traits: TypeTraits;
  /** The input's, else the tenant's default. */
  currency: string;
  trackInventory: boolean;
  barcode: StoredBarcode | undefined;
  barcodeErrors: FieldErrors;
}

export function resolveInput(
  input: ProductCreateBody,
  name: string,
  { barcode, errors: barcodeErrors }: ReturnType<typeof resolveBarcode>,
  defaultCurrency: string | null,
): ResolvedInput {
  const type: ProductType = input.type ?? 'physical';
  const traits = traitsOf(type);
  return {
    name,
    type,
    traits,
    currency: input.currency ?? defaultCurrency!,
    trackInventory: input.track_inventory ?? traits.has_inventory,
    barcode,
    barcodeErrors,
  };
}

/**
 * An input's errors, in the order they are answered: the input's own fields first (`errors`, where a taken
 * SKU goes), then its keys, barcode, links and attributes (`later`).
 */
export interface Refusals {
  errors: FieldErrors;
  later: FieldErrors;
}

/**
 * Why an input is refused, against what the batch read and the keys the inputs before it claimed; null when
 * it is accepted. `linkAndAttributeErrors` are its links' and attribute values' errors.
 */
export function inputRefusals(
  input: ProductCreateBody,
  product: ResolvedInput,
  reads: Pick<BatchReads, 'takenSkus' | 'takenSlugs' | 'barcodeHolders'>,
  claimed: Claimed,
  linkAndAttributeErrors: FieldErrors,
): Refusals | null {
  const { name, traits, currency, trackInventory } = product;
  const errors: FieldErrors = {};
  if (input.status !== undefined) errors.status = [STATUS_REFUSED];
  if (name.length < MIN_NAME_LENGTH) errors.name = [NAME_TOO_SHORT];
  if (!isCurrency(currency)) errors.currency = [currencyRefused(currency)];
  if ((input.stock_quantity ?? 0) > 0 && !(trackInventory && traits.has_inventory))
    errors.stock_quantity = [INITIAL_STOCK_REFUSED];
  if (input.sku !== undefined && (reads.takenSkus.has(input.sku) || claimed.sku.has(input.sku)))
    errors.sku = [takenMessage('sku')];
  const later: FieldErrors = {};
  if (input.slug !== undefined && (reads.takenSlugs.has(input.slug) || claimed.slug.has(input.slug)))
    later.slug = [takenMessage('slug')];
  const { barcode, barcodeErrors } = product;
  Object.assign(later, barcodeErrors);
  const holder = barcode?.barcode
    ? (reads.barcodeHolders.get(barcode.barcode) ?? claimed.barcode.get(barcode.barcode))
    : undefined;
  if (holder) later.barcode = [barcodeTakenMessage(holder)];
  Object.assign(later, linkAndAttributeErrors);
  return Object.keys(errors).length + Object.keys(later).length > 0 ? { errors, later } : null;
}

/** The row of an accepted input: a draft with no stock yet, the type's defaults for what was not sent. */
export function newProductRow(
  id: string,
  sku: string,
  tenantId: string,
  input: ProductCreateBody,
  { name, type, traits, currency, trackInventory, barcode }: ResolvedInput,
  now: string,
): NewProduct {
  const row: NewProduct = {
    id,
    tenant_id: tenantId,
    name,
    slug: input.slug ?? '',
    sku,
    barcode: barcode?.barcode ?? null,
    barcode_type: barcode?.barcode_type ?? null,
    type,
    status: 'draft',
    is_variant: false,
    selling_price: minorAmount(input.selling_price, currency),
    cost_price: minorAmount(input.cost_price, currency),
    currency,
    stock_quantity: 0,
    reserved_quantity: 0,
    track_inventory: trackInventory,
    allow_backorders: input.allow_backorders ?? false,
    requires_shipping: input.requires_shipping ?? traits.requires_shipping,
    is_featured: input.is_featured ?? false,
    is_taxable: input.is_taxable ?? true,
    dimensions_unit: input.dimensions_unit ?? DEFAULT_DIMENSIONS_UNIT,
    category_id: input.category_id ?? null,
    brand_id: input.brand_id ?? null,
    supplier_id: input.supplier_id ?? null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  for (const field of OPTIONAL_FIELDS)
    if (input[field] !== undefined) Object.assign(row, { [field]: clean(input[field]) });
  return row;
}
