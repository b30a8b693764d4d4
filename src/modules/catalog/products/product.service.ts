// Products: creation with generated slug and SKU, partial updates, soft delete, and the lifecycle. Every
// write links taxonomy, tags and attribute values, stock and domain events in one transaction.
import type { Transaction } from 'kysely';
import {
  BusinessRuleError,
  NotFoundError,
  ValidationError,
  takenMessage,
  type FieldErrors,
} from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB, ProductType } from '../../../db/schema.js';
import { takenError, violatedUniqueField } from '../../../db/errors.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { fromMinorUnits, isCurrency, toMinorUnits } from '../../../lib/money.js';
import type { TenantDefaults } from '../../tenancy/tenant.service.js';
import { firstFreeSlugs, slugOf } from '../../../lib/slug.js';
import { trimOrNull } from '../../../lib/text.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, resourceTrails, type ResourceTrail, type ResourceTrails } from '../../audit/audit-trail.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { StockLedger } from '../../inventory/stock/stock-ledger.js';
import { barcodeTakenMessage, resolveBarcode, type StoredBarcode } from './barcode.js';
import { tagLinkErrors } from '../tags/tag.service.js';
import type { StoredAttributeValues } from '../attributes/attribute.service.js';
import { deletedProductPayload, productChangeEvents } from './product-change-events.js';
import { TRANSITIONS, refusalMessage, type LifecycleAction } from './product-lifecycle.js';
import type { ProductListOptions } from './product-list.js';
import {
  DEFAULT_DIMENSIONS_UNIT,
  ProductPresenter,
  productResource,
  type MasterLookup,
  type ProductLinks,
} from './product.presenter.js';
import type { NewProduct, Product, ProductRepository, ProductUpdate } from './product.repository.js';
import type { ProductCreateBody, ProductResponse, ProductUpdateBody } from './product.schemas.js';
import { traitsOf } from './product-types.js';

export const STATUS_REFUSED =
  'The status cannot be set here: a product starts as draft and changes status through the lifecycle endpoints (activate, deactivate, discontinue...).';
export const STOCK_REFUSED =
  'The stock quantity cannot be changed by an update: stock changes through the inventory endpoints (adjust, physical count, purchase receipts).';
export const INITIAL_STOCK_REFUSED =
  'Initial stock needs a product that holds inventory: a physical or gift_card product with track_inventory true.';
const NAME_TOO_SHORT = 'The name field must be at least 3 characters.';
const MIN_NAME_LENGTH = 3;

/** Nullable fields copied as sent (text trimmed, blank text as null). */
const OPTIONAL_FIELDS = [
  'reorder_point',
  'reorder_quantity',
  'short_description',
  'description',
  'meta_description',
  'meta_keywords',
  'weight',
  'length',
  'width',
  'height',
  'tax_class_id',
  'images',
] as const;
/** What a variant takes from its master and cannot set itself. */
const INHERITED_FIELDS = ['name', 'category_id', 'supplier_id', 'brand_id', 'type'] as const;
/** Fields with a default at creation, copied as sent on update. */
const DEFAULTED_FIELDS = [
  'type',
  'track_inventory',
  'allow_backorders',
  'requires_shipping',
  'is_featured',
  'is_taxable',
  'dimensions_unit',
] as const;
const PRICE_FIELDS = ['selling_price', 'cost_price'] as const;

/** A product `createAll` accepted: its row, as sent, and its attribute values to store. */
interface NewProductWrite {
  index: number;
  row: NewProduct;
  input: ProductCreateBody;
  attributes: StoredAttributeValues;
}

/** What a write links a product to. */
type LinkFields = Pick<ProductUpdateBody, 'category_id' | 'brand_id' | 'supplier_id' | 'tags'>;

function clean<T>(value: T): T {
  return (typeof value === 'string' ? trimOrNull(value) : value) as T;
}

/** The unique indexes a write can lose a race on, by field. */
const UNIQUE_INDEXES = {
  sku: 'products_tenant_sku_unique',
  slug: 'products_tenant_slug_unique',
  barcode: 'products_tenant_barcode_unique',
};

/** What a scanner lookup matched a code on: a barcode first, else a SKU (docs/decisions/products.md, Barcodes). */
export type LookupMatch = 'barcode' | 'sku';

export interface ProductServiceDeps {
  db: Executor;
  products: ProductRepository;
  links: ProductLinks;
  /** The currency of a product created without one. */
  tenants: TenantDefaults;
  stock: StockLedger;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  lister: (db: Executor, tenantId: string, options: ProductListOptions, page: PageRequest) => Promise<Page<Product>>;
  /** The masters variants inherit from (the master products module). */
  masters: MasterLookup;
}

export class ProductService {
  private readonly presenter: ProductPresenter;

  private readonly db: Executor;
  private readonly products: ProductRepository;
  private readonly links: ProductLinks;
  private readonly tenants: TenantDefaults;
  private readonly stock: StockLedger;
  private readonly events: EventRecorder;
  /** The audit entry of a change to one product, as the API presents it. */
  private readonly audited: ResourceTrail<ProductResponse>;
  private readonly auditedAll: ResourceTrails<ProductResponse>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly lister: (
    db: Executor,
    tenantId: string,
    options: ProductListOptions,
    page: PageRequest,
  ) => Promise<Page<Product>>;

  constructor(deps: ProductServiceDeps) {
    this.db = deps.db;
    this.products = deps.products;
    this.links = deps.links;
    this.tenants = deps.tenants;
    this.stock = deps.stock;
    this.events = deps.events;
    this.audited = resourceTrail(deps.audit, 'product');
    this.auditedAll = resourceTrails(deps.audit, 'product');
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.lister = deps.lister;
    this.presenter = new ProductPresenter({ links: deps.links, products: deps.products, masters: deps.masters });
  }

  /** A page of products as resources (filters and sorts in product-list.ts). */
  async list(tenantId: string, options: ProductListOptions, page: PageRequest): Promise<Page<ProductResponse>> {
    const result = await this.lister(this.db, tenantId, options, page);
    return { items: await this.presenter.many(this.db, tenantId, result.items), total: result.total };
  }

  /** @throws NotFoundError('Product'), also for another tenant's or a deleted product. */
  async find(tenantId: string, id: string, db: Executor = this.db): Promise<Product> {
    const product = await this.products.findById(db, tenantId, id);
    if (!product) throw new NotFoundError('Product');
    return product;
  }

  /** @throws NotFoundError('Product'). */
  async get(tenantId: string, id: string): Promise<ProductResponse> {
    return this.resource(this.db, tenantId, id);
  }

  /**
   * The resource of one live product, read with its links in one statement (the batch presenter takes four or
   * five). @throws NotFoundError('Product').
   */
  private async resource(db: Executor, tenantId: string, id: string): Promise<ProductResponse> {
    const found = await this.products.findWithLinks(db, tenantId, 'id', id);
    if (!found) throw new NotFoundError('Product');
    return productResource(found.product, found.links);
  }

  /**
   * The one live product a scanned or typed code names: the product whose barcode is exactly `code`, else the
   * one whose SKU is. A barcode wins because a scanner reads barcodes (docs/decisions/products.md, Barcodes).
   * @throws NotFoundError('Product') when neither matches, also for another tenant's or a deleted product.
   */
  async lookup(tenantId: string, code: string): Promise<{ product: ProductResponse; matched_on: LookupMatch }> {
    const byBarcode = await this.products.findWithLinks(this.db, tenantId, 'barcode', code);
    const found = byBarcode ?? (await this.products.findWithLinks(this.db, tenantId, 'sku', code));
    if (!found) throw new NotFoundError('Product');
    return { product: productResource(found.product, found.links), matched_on: byBarcode ? 'barcode' : 'sku' };
  }

  /** Whether a live product (or variant) has exactly this SKU: one index lookup, where `bySku` builds the resource. */
  async skuTaken(tenantId: string, sku: string, db: Executor = this.db): Promise<boolean> {
    return this.products.taken(db, tenantId, 'sku', sku);
  }

  /** The live product (or variant) with exactly this SKU. */
  async idBySku(tenantId: string, sku: string, db: Executor = this.db): Promise<string | undefined> {
    return this.products.idBySku(db, tenantId, sku);
  }

  /** Which of `skus` live products (or variants) have. */
  async skusTaken(tenantId: string, skus: readonly string[], db: Executor = this.db): Promise<Set<string>> {
    return this.products.takenAmong(db, tenantId, 'sku', skus);
  }

  /** The live product (or variant) with exactly this SKU, as GET answers it. */
  async bySku(tenantId: string, sku: string, db: Executor = this.db): Promise<ProductResponse | undefined> {
    const found = await this.products.findWithLinks(db, tenantId, 'sku', sku);
    return found && productResource(found.product, found.links);
  }

  /** The resources of product rows (for other modules' responses and event payloads). */
  /** Up to `limit` live products with an id above `after` (from '' on), by id. */
  pageAfter(tenantId: string, after: string, limit: number, db: Executor = this.db): Promise<Product[]> {
    return this.products.livePageAfter(db, tenantId, after, limit);
  }

  async present(tenantId: string, rows: readonly Product[], db: Executor = this.db): Promise<ProductResponse[]> {
    return this.presenter.many(db, tenantId, rows);
  }

  /**
   * Creates a draft product. Slug and SKU are generated when omitted; type traits give the defaults of
   * requires_shipping and track_inventory; attributes not sent take their defaults, and required ones must
   * have a value; `stock_quantity` is received into the default warehouse as an `initial_stock` movement.
   * Concurrent creates of one name get distinct slugs (`-2`, `-3`…); of one SKU, one wins. Records
   * product.created with the resource.
   * @throws ValidationError: name shorter than 3 once trimmed, a `status`, sku or slug taken, unknown
   * currency, links to missing or inactive records (`tags.<i>`), attributes (`attributes.<code>`), initial
   * stock on a product whose type holds no inventory or that does not track it.
   */
  async create(tenantId: string, input: ProductCreateBody, userId: string | null = null): Promise<ProductResponse> {
    // A generated slug or SKU can lose a race with a concurrent create: take the next one and try again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransaction(this.db, async (trx) => {
          const [created] = await this.createAll(trx, tenantId, [input], userId);
          if (created instanceof ValidationError) throw created;
          return created!;
        });
      } catch (error) {
        const field = violatedUniqueField(error, UNIQUE_INDEXES);
        if (field !== null && input[field] === undefined && attempt < 5) continue;
        throw await this.lostRace(error, tenantId, input.barcode);
      }
    }
  }

  /**
   * `create` for many products inside the caller's transaction (an import's batch): each input by the same
   * rules, all of them checked and written together, with one statement per check and per table whatever
   * their number. Answers, in the order of `inputs`, each product created or the ValidationError that refused
   * it (nothing of it written). Of two inputs with one SKU, slug or barcode, the first accepted keeps it. A
   * key that a concurrent write took meanwhile fails the whole call on the unique index.
   */
  async createAll(
    trx: Transaction<DB>,
    tenantId: string,
    inputs: readonly ProductCreateBody[],
    userId: string | null,
  ): Promise<Array<ProductResponse | ValidationError>> {
    if (inputs.length === 0) return [];
    const names = inputs.map((input) => input.name.trim());
    const slugBases = names.map((name) => slugOf(name, 'product'));
    // Taken before any read, so that the checks below already see what a concurrent twin committed.
    await this.products.lockSlugBases(
      trx,
      tenantId,
      slugBases.filter((_, i) => inputs[i]!.slug === undefined),
    );
    const sent = (field: 'sku' | 'slug') => inputs.map((input) => input[field]).filter((value) => value !== undefined);
    const codes = inputs.map((input) => resolveBarcode(input, null));
    const [defaultCurrency, takenSlugs, takenSkus, barcodeHolders, linkErrors, checkAttributes] = await Promise.all([
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
      this.linkErrors(
        trx,
        tenantId,
        inputs.map((input) => ({ input, current: null })),
      ),
      this.links.attributes.productAttributeChecker(tenantId, trx),
    ]);

    const now = this.clock.now().toISOString();
    const claimed = {
      sku: new Set<string>(),
      slug: new Set<string>(),
      barcode: new Map<string, Pick<Product, 'id' | 'sku'>>(),
    };
    const results = new Array<ProductResponse | ValidationError>(inputs.length);
    const accepted: NewProductWrite[] = [];
    for (const [index, input] of inputs.entries()) {
      const name = names[index]!;
      const type: ProductType = input.type ?? 'physical';
      const traits = traitsOf(type);
      const currency = input.currency ?? defaultCurrency!;
      const trackInventory = input.track_inventory ?? traits.has_inventory;
      const errors: FieldErrors = {};
      if (input.status !== undefined) errors.status = [STATUS_REFUSED];
      if (name.length < MIN_NAME_LENGTH) errors.name = [NAME_TOO_SHORT];
      if (!isCurrency(currency)) errors.currency = [`The currency ${currency} is not an ISO 4217 currency code.`];
      if ((input.stock_quantity ?? 0) > 0 && !(trackInventory && traits.has_inventory))
        errors.stock_quantity = [INITIAL_STOCK_REFUSED];
      if (input.sku !== undefined && (takenSkus.has(input.sku) || claimed.sku.has(input.sku)))
        errors.sku = [takenMessage('sku')];
      const later: FieldErrors = {};
      if (input.slug !== undefined && (takenSlugs.has(input.slug) || claimed.slug.has(input.slug)))
        later.slug = [takenMessage('slug')];
      const { barcode, errors: barcodeErrors } = codes[index]!;
      Object.assign(later, barcodeErrors);
      const holder = barcode?.barcode
        ? (barcodeHolders.get(barcode.barcode) ?? claimed.barcode.get(barcode.barcode))
        : undefined;
      if (holder) later.barcode = [barcodeTakenMessage(holder)];
      Object.assign(later, linkErrors[index]);
      const attributes = checkAttributes(input.attributes ?? {}, { requireAll: true });
      Object.assign(later, attributes.errors);
      if (Object.keys(errors).length + Object.keys(later).length > 0) {
        // Read only to be reported beside the other errors, in its place among them (see takenSkus).
        if (
          inputs.length === 1 &&
          input.sku !== undefined &&
          (await this.products.taken(trx, tenantId, 'sku', input.sku))
        )
          errors.sku = [takenMessage('sku')];
        results[index] = new ValidationError({ ...errors, ...later });
        continue;
      }
      const id = this.newId();
      const row: NewProduct = {
        id,
        tenant_id: tenantId,
        name,
        slug: input.slug ?? '',
        sku: input.sku ?? (await this.generatedSku(trx, tenantId, id)),
        barcode: barcode?.barcode ?? null,
        barcode_type: barcode?.barcode_type ?? null,
        type,
        status: 'draft',
        is_variant: false,
        selling_price: this.minor(input.selling_price, currency),
        cost_price: this.minor(input.cost_price, currency),
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
      claimed.sku.add(row.sku);
      if (input.slug !== undefined) claimed.slug.add(input.slug);
      if (row.barcode) claimed.barcode.set(row.barcode, { id, sku: row.sku });
      accepted.push({ index, row, input, attributes: attributes.stored });
    }
    if (accepted.length === 0) return results;
    // Generated slugs also keep clear of those sent with the products of this call.
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
    const created = await this.insertNew(trx, tenantId, accepted, userId);
    accepted.forEach(({ index }, i) => (results[index] = created[i]!));
    return results;
  }

  /** Writes the products `createAll` accepted, with their links, initial stock, events and audit entries: their resources. */
  private async insertNew(
    trx: Transaction<DB>,
    tenantId: string,
    accepted: readonly NewProductWrite[],
    userId: string | null,
  ): Promise<ProductResponse[]> {
    let rows = await this.products.insertMany(
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
    // Initial stock changes the row (totals, status); otherwise the inserted row is the product.
    if (stocked.length > 0)
      rows = await this.products.findManyInOrder(
        trx,
        tenantId,
        rows.map((row) => row.id),
      );
    const created = await this.presenter.many(trx, tenantId, rows, {
      tags: accepted.some(({ input }) => (input.tags?.length ?? 0) > 0),
      attributes: accepted.some(({ attributes }) => [...attributes.values()].some((value) => value !== null)),
    });
    await this.events.record(
      trx,
      tenantId,
      ...created.map((product) => ({ type: 'product.created' as const, entityId: product.id, payload: product })),
    );
    await this.auditedAll(
      trx,
      tenantId,
      'product.created',
      created.map((product) => [null, product] as const),
    );
    return created;
  }

  /**
   * Partial update: only the fields sent change. A new currency keeps the prices' amounts in currency
   * units; a new type resets requires_shipping to the type's trait unless it is sent too. `tags` replaces
   * the set; `attributes` changes the values sent (null removes one). Nothing is written when anything is
   * refused. Records product.updated with the changed fields when anything changed (else updated_at stays),
   * and product.price_changed with the previous prices when a price or the currency of a priced product did.
   * @throws NotFoundError('Product'); ValidationError as for create, and for `stock_quantity`.
   */
  async update(
    tenantId: string,
    id: string,
    input: ProductUpdateBody,
    precondition?: Precondition,
  ): Promise<ProductResponse> {
    try {
      return await inTransaction(this.db, async (trx) => {
        await this.checkPrecondition(trx, tenantId, id, precondition);
        // Locked, so that the changed fields and previous prices recorded are those this update replaced.
        const current = await this.products.findForUpdate(trx, tenantId, id);
        if (!current) throw new NotFoundError('Product');
        const before = await this.presenter.one(trx, tenantId, current);
        // A variant's amounts are in its master's currency unless it has its own.
        const currentCurrency = before.currency;
        const currency = input.currency ?? currentCurrency;
        const isVariant = current.master_product_id !== null;
        const errors: FieldErrors = {};
        if (isVariant) Object.assign(errors, variantRefusals(current, input, currentCurrency));
        if (input.status !== undefined) errors.status = [STATUS_REFUSED];
        if (input.stock_quantity !== undefined) errors.stock_quantity = [STOCK_REFUSED];
        if (input.name !== undefined && input.name.trim().length < MIN_NAME_LENGTH) errors.name = [NAME_TOO_SHORT];
        if (!isCurrency(currency)) errors.currency = [`The currency ${currency} is not an ISO 4217 currency code.`];
        if (input.sku !== undefined && (await this.products.taken(trx, tenantId, 'sku', input.sku, id)))
          errors.sku = [takenMessage('sku')];
        if (input.slug !== undefined && (await this.products.taken(trx, tenantId, 'slug', input.slug, id)))
          errors.slug = [takenMessage('slug')];
        const barcode = await this.barcodeFor(trx, tenantId, input, current, errors);
        Object.assign(errors, (await this.linkErrors(trx, tenantId, [{ input, current }]))[0]);
        const attributes = await this.validAttributes(tenantId, input.attributes ?? {}, false, trx, errors);
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);

        const changes: ProductUpdate = {};
        for (const field of [...OPTIONAL_FIELDS, ...DEFAULTED_FIELDS])
          if (input[field] !== undefined) Object.assign(changes, { [field]: clean(input[field]) });
        if (input.name !== undefined) changes.name = input.name.trim();
        if (input.slug !== undefined) changes.slug = input.slug;
        if (input.sku !== undefined) changes.sku = input.sku;
        if (barcode !== undefined) Object.assign(changes, barcode);
        if (input.type !== undefined && input.type !== current.type && input.requires_shipping === undefined) {
          changes.requires_shipping = traitsOf(input.type).requires_shipping;
        }
        for (const key of ['category_id', 'brand_id', 'supplier_id'] as const)
          if (input[key] !== undefined) changes[key] = input[key];
        // A variant's null currency inherits its master's: it is written only when sent.
        if (input.currency !== undefined && !(isVariant && current.currency === null))
          changes.currency = input.currency;
        for (const field of PRICE_FIELDS) {
          const sent = input[field];
          const stored = current[field];
          if (sent !== undefined) changes[field] = this.minor(sent, currency);
          else if (currency !== currentCurrency && stored !== null)
            changes[field] = this.minor(fromMinorUnits(stored, currentCurrency), currency);
        }
        if (Object.keys(changes).length > 0) await this.products.update(trx, tenantId, id, changes);
        if (input.tags) await this.links.tags.replaceProductTags(trx, tenantId, id, input.tags);
        await this.links.attributes.writeProductValues(trx, tenantId, id, attributes);

        const updatedAt = this.clock.now().toISOString();
        const after = { ...(await this.resource(trx, tenantId, id)), updated_at: updatedAt };
        const events = productChangeEvents(before, after);
        if (events.length === 0) return before;
        await this.products.update(trx, tenantId, id, { updated_at: updatedAt });
        await this.events.record(trx, tenantId, ...events);
        await this.audited(trx, tenantId, 'product.updated', before, after);
        return after;
      });
    } catch (error) {
      throw await this.lostRace(error, tenantId, input.barcode, id);
    }
  }

  /**
   * Soft-deletes a product; its SKU, slug and barcode become free again. Records product.deleted, so that a
   * client keeping a copy learns of it from the event feed (docs/sync.md).
   * @throws NotFoundError('Product'); BusinessRuleError while stock is on hand or reserved.
   */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const at = this.clock.now().toISOString();
      const deleted = await this.products.softDeleteWithoutStock(trx, tenantId, id, at);
      if (deleted) {
        await this.events.record(trx, tenantId, {
          type: 'product.deleted',
          entityId: id,
          payload: deletedProductPayload(deleted, at),
        });
        await this.audited(
          trx,
          tenantId,
          'product.deleted',
          await this.presenter.one(trx, tenantId, { ...deleted, deleted_at: null }),
          null,
        );
        return;
      }
      const current = await this.find(tenantId, id, trx);
      throw new BusinessRuleError(
        'holds_stock',
        `The product cannot be deleted while it holds stock (on hand: ${current.stock_quantity}, reserved: ${current.reserved_quantity}). Adjust its stock to zero first.`,
      );
    });
  }

  /**
   * Applies a lifecycle action (see product-lifecycle.ts): moves the status only from the statuses the
   * action allows, checked in the statement that changes it, so concurrent requests cannot both move it.
   * Sets status_changed_at; keeps the trimmed reason of a reason-taking action in status_reason and clears
   * it otherwise. Records the action's event, with the product after the change as payload.
   * @throws NotFoundError('Product'), also for another tenant's or a deleted product; BusinessRuleError
   * naming the current status when the action is not allowed from it.
   */
  async transition(
    tenantId: string,
    id: string,
    action: LifecycleAction,
    reason: string | null = null,
    precondition?: Precondition,
  ): Promise<ProductResponse> {
    const rule = TRANSITIONS[action];
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      for (let attempt = 1; ; attempt++) {
        const current = await this.find(tenantId, id, trx);
        if (!rule.from.includes(current.status))
          throw new BusinessRuleError('invalid_transition', refusalMessage(action, current.status));
        const now = this.clock.now().toISOString();
        const moved = await this.products.transition(trx, tenantId, id, rule.from, {
          status: rule.to,
          status_reason: rule.takesReason ? trimOrNull(reason) : null,
          status_changed_at: now,
          updated_at: now,
        });
        if (moved) {
          const product = await this.presenter.one(trx, tenantId, moved);
          if (rule.event) await this.events.record(trx, tenantId, { type: rule.event, entityId: id, payload: product });
          const { status, status_reason, status_changed_at } = current;
          await this.audited(
            trx,
            tenantId,
            rule.audited,
            { ...product, status, status_reason, status_changed_at },
            product,
          );
          return product;
        }
        // Another request changed the status after this one looked: look again.
        if (attempt === 3) throw new BusinessRuleError('invalid_transition', refusalMessage(action, current.status));
      }
    });
  }

  /**
   * The barcode a write stores (undefined: unchanged), its problems added to `errors`: an invalid code or kind,
   * or a code another live product holds, named in the message. `current` is the product updated, null for a
   * new one (a variant created alone checks its barcode here too).
   */
  async barcodeFor(
    db: Executor,
    tenantId: string,
    input: Pick<ProductUpdateBody, 'barcode' | 'barcode_type'>,
    current: Product | null,
    errors: FieldErrors,
  ): Promise<StoredBarcode | undefined> {
    const resolved = resolveBarcode(input, current);
    Object.assign(errors, resolved.errors);
    const code = resolved.barcode?.barcode;
    if (code && code !== current?.barcode) {
      const holder = await this.products.barcodeHolder(db, tenantId, code, current?.id);
      if (holder) errors.barcode = [barcodeTakenMessage(holder)];
    }
    return resolved.barcode;
  }

  /**
   * The error to answer for a write that failed: a lost race on a unique index is the 422 the service's own
   * check gives (for a barcode, naming the product that took it, read after the failed transaction), anything
   * else itself.
   */
  private async lostRace(
    error: unknown,
    tenantId: string,
    barcode: string | null | undefined,
    exceptId?: string,
  ): Promise<unknown> {
    const code = barcode?.trim();
    const holder =
      code && violatedUniqueField(error, UNIQUE_INDEXES) === 'barcode'
        ? await this.products.barcodeHolder(this.db, tenantId, code, exceptId)
        : undefined;
    return takenError(error, UNIQUE_INDEXES, holder ? { barcode: barcodeTakenMessage(holder) } : {}) ?? error;
  }

  private minor(amount: number | null | undefined, currency: string): number | null {
    return amount === undefined || amount === null || !isCurrency(currency) ? null : toMinorUnits(amount, currency);
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

  /**
   * Checks the category, brand, supplier and tags each write newly links its product to, with one query per
   * kind for all the writes, so that each answer names every bad link. `current` is the product an update
   * changes (null for a new one): links it already has may stay when their record became inactive.
   */
  private async linkErrors(
    db: Executor,
    tenantId: string,
    writes: ReadonlyArray<{ input: LinkFields; current: Product | null }>,
  ): Promise<FieldErrors[]> {
    const newly = (write: (typeof writes)[number], key: 'category_id' | 'brand_id' | 'supplier_id') => {
      const value = write.input[key];
      return value && value !== write.current?.[key] ? value : null;
    };
    const all = (key: 'category_id' | 'brand_id' | 'supplier_id') => [
      ...new Set(writes.map((write) => newly(write, key)).filter((id) => id !== null)),
    ];
    const retagged = writes
      .filter((write) => write.current && (write.input.tags?.length ?? 0) > 0)
      .map((write) => write.current!.id);
    const supplierIds = all('supplier_id');
    const [categories, brands, suppliers, tags, linkedTags] = await Promise.all([
      this.links.categories.linkRefusals(tenantId, all('category_id'), db),
      this.links.brands.linkRefusals(tenantId, all('brand_id'), db),
      supplierIds.length > 0 ? this.links.suppliers.byIds(tenantId, supplierIds, db) : new Map<string, unknown>(),
      this.links.tags.linkRefusals(
        tenantId,
        writes.flatMap((write) => write.input.tags ?? []),
        db,
      ),
      retagged.length > 0
        ? this.links.tags.tagsOfProducts(tenantId, retagged, db)
        : new Map<string, Array<{ id: string }>>(),
    ]);
    return writes.map((write) => {
      const errors: FieldErrors = {};
      const categoryId = newly(write, 'category_id');
      const brandId = newly(write, 'brand_id');
      const supplierId = newly(write, 'supplier_id');
      if (categoryId && categories.has(categoryId)) errors.category_id = [categories.get(categoryId)!];
      if (brandId && brands.has(brandId)) errors.brand_id = [brands.get(brandId)!];
      if (supplierId && !suppliers.has(supplierId)) errors.supplier_id = ['The selected supplier does not exist.'];
      const tagIds = write.input.tags;
      if (tagIds && tagIds.length > 0) {
        const linked = new Set((write.current ? (linkedTags.get(write.current.id) ?? []) : []).map((tag) => tag.id));
        Object.assign(errors, tagLinkErrors(tagIds, tags, linked));
      }
      return errors;
    });
  }

  private async validAttributes(
    tenantId: string,
    attributes: Record<string, unknown>,
    requireAll: boolean,
    db: Executor,
    errors: FieldErrors,
  ) {
    try {
      return (await this.links.attributes.validateProductAttributes(tenantId, attributes, { requireAll }, db)).stored;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      Object.assign(errors, error.errors);
      return new Map<string, string | null>();
    }
  }

  /** If-Match against the product as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'products', tenantId, id }, () =>
      this.resource(trx, tenantId, id),
    );
  }
}

/**
 * A variant inherits name, category, supplier, brand and type from its master, and keeps its master's currency:
 * sending another value of these is refused (the same value is accepted, so a resource can be sent back).
 */
function variantRefusals(current: Product, input: ProductUpdateBody, currency: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of INHERITED_FIELDS) {
    const sent = field === 'name' ? input.name?.trim() : input[field];
    if (sent !== undefined && sent !== current[field]) {
      errors[field] = [
        `A variant inherits its ${field.replace('_id', '')} from its master product; it cannot be changed on the variant.`,
      ];
    }
  }
  if (input.currency !== undefined && input.currency !== currency) {
    errors.currency = [
      `A variant is priced in its master product's currency (${currency}); it cannot be changed on the variant.`,
    ];
  }
  return errors;
}

/** A price changed, or the currency of a product that has a price (the same number now means another amount). */
