// Products: creation with generated slug and SKU (its steps in product-creation.ts), partial updates, soft
// delete, and the lifecycle. Every write links taxonomy, tags and attribute values, stock and domain events in
// one transaction.
import type { Transaction } from 'kysely';
import {
  BusinessRuleError,
  NotFoundError,
  ValidationError,
  takenMessage,
  type FieldErrors,
} from '../../../core/errors.js';
import { pageWithCursorError, type KeysetPage } from '../../../core/keyset.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB } from '../../../db/schema.js';
import { takenError, violatedUniqueField } from '../../../db/errors.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { fromMinorUnits, isCurrency } from '../../../lib/money.js';
import type { TenantDefaults } from '../../tenancy/tenant.service.js';
import { resolveSlug } from '../../../lib/slug.js';
import { trimOrNull } from '../../../lib/text.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, resourceTrails, type ResourceTrail, type ResourceTrails } from '../../audit/audit-trail.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { StockLedger } from '../../inventory/stock/stock-ledger.js';
import { barcodeTakenMessage, resolveBarcode, type StoredBarcode } from './barcode.js';
import { deletedProductPayload, productChangeEvents } from './product-change-events.js';
import { ProductCreation, linksSent } from './product-creation.js';
import {
  MIN_NAME_LENGTH,
  NAME_TOO_SHORT,
  OPTIONAL_FIELDS,
  STATUS_REFUSED,
  clean,
  currencyRefused,
  minorAmount,
} from './product-fields.js';
import { PRODUCT_LIFECYCLE, TRANSITIONS, type LifecycleAction } from './product-lifecycle.js';
import type { ProductListOptions } from './product-list.js';
import { linkErrors } from './product-link-checks.js';
import { ProductPresenter, productResource, type MasterLookup, type ProductLinks } from './product.presenter.js';
import type { Product, ProductRepository, ProductUpdate } from './product.repository.js';
import type { ProductCreateBody, ProductResponse, ProductUpdateBody } from './product.schemas.js';
import { traitsOf } from './product-types.js';

export const STOCK_REFUSED =
  'The stock quantity cannot be changed by an update: stock changes through the inventory endpoints (adjust, physical count, purchase receipts).';

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
/** The product's fields record low stock of its inventory records follows (the stock ledger keeps it). */
const LOW_STOCK_FIELDS = ['reorder_point', 'track_inventory', 'status'] as const;

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
  lister: ProductLister;
  /** The masters variants inherit from (the master products module). */
  masters: MasterLookup;
}

/** The product list (product-list.ts): page-numbered, or walked by cursor. */
export interface ProductLister {
  (db: Executor, tenantId: string, options: ProductListOptions, page: PageRequest): Promise<Page<Product>>;
  walk(
    db: Executor,
    tenantId: string,
    options: ProductListOptions,
    after: string,
    perPage: number,
  ): Promise<KeysetPage<Product>>;
}

export class ProductService {
  private readonly presenter: ProductPresenter;
  private readonly creation: ProductCreation;

  private readonly db: Executor;
  private readonly products: ProductRepository;
  private readonly links: ProductLinks;
  private readonly events: EventRecorder;
  /** The audit entry of a change to one product, as the API presents it. */
  private readonly audited: ResourceTrail<ProductResponse>;
  private readonly auditedAll: ResourceTrails<ProductResponse>;
  private readonly clock: Clock;
  private readonly stock: StockLedger;
  private readonly lister: ProductLister;

  constructor(deps: ProductServiceDeps) {
    this.db = deps.db;
    this.products = deps.products;
    this.links = deps.links;
    this.events = deps.events;
    this.audited = resourceTrail(deps.audit, 'product');
    this.auditedAll = resourceTrails(deps.audit, 'product');
    this.clock = deps.clock;
    this.stock = deps.stock;
    this.lister = deps.lister;
    this.presenter = new ProductPresenter({ links: deps.links, products: deps.products, masters: deps.masters });
    this.creation = new ProductCreation({
      products: deps.products,
      links: deps.links,
      tenants: deps.tenants,
      stock: deps.stock,
      clock: deps.clock,
      newId: deps.newId,
    });
  }

  /** A page of products as resources (filters and sorts in product-list.ts). */
  async list(tenantId: string, options: ProductListOptions, page: PageRequest): Promise<Page<ProductResponse>> {
    const result = await this.lister(this.db, tenantId, options, page);
    return { ...result, items: await this.presenter.many(this.db, tenantId, result.items) };
  }

  /**
   * A page of a walk through the list by cursor (`after`: empty to start), as resources.
   * @throws ValidationError for a filter `list` refuses, `page` above 1, or a cursor of another sort.
   */
  async walk(
    tenantId: string,
    options: ProductListOptions,
    request: { after: string; page: number; per_page: number },
  ): Promise<KeysetPage<ProductResponse>> {
    if (request.page > 1) throw pageWithCursorError();
    const result = await this.lister.walk(this.db, tenantId, options, request.after, request.per_page);
    return { ...result, items: await this.presenter.many(this.db, tenantId, result.items) };
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

  /** The live products among `ids`, as GET answers them (variants with their inherited prices), in no set order. */
  async liveByIds(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<ProductResponse[]> {
    return this.presenter.many(db, tenantId, await this.products.findByIds(db, tenantId, ids));
  }

  /** Up to `limit` live products with an id above `after` (from '' on), by id. */
  pageAfter(tenantId: string, after: string, limit: number, db: Executor = this.db): Promise<Product[]> {
    return this.products.livePageAfter(db, tenantId, after, limit);
  }

  /** The resources of product rows (for other modules' responses and event payloads). */
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
    const { results, accepted } = await this.creation.check(trx, tenantId, inputs);
    if (accepted.length === 0) return results;
    const written = await this.creation.write(trx, tenantId, accepted);
    const rows = await this.creation.receiveInitialStock(trx, tenantId, accepted, written, userId);
    const created = await this.presenter.many(trx, tenantId, rows, linksSent(accepted));
    await this.recordCreated(trx, tenantId, created);
    accepted.forEach(({ index }, i) => (results[index] = created[i]!));
    return results;
  }

  /** The product.created event and the audit entry of each product created. */
  private async recordCreated(trx: Transaction<DB>, tenantId: string, created: ProductResponse[]): Promise<void> {
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
        if (!isCurrency(currency)) errors.currency = [currencyRefused(currency)];
        if (input.sku !== undefined && (await this.products.taken(trx, tenantId, 'sku', input.sku, id)))
          errors.sku = [takenMessage('sku')];
        const slug = await resolveSlug({
          chosen: input.slug,
          taken: (candidate) => this.products.taken(trx, tenantId, 'slug', candidate, id),
        });
        if (slug.taken) errors.slug = [takenMessage('slug')];
        const barcode = await this.barcodeFor(trx, tenantId, input, current, errors);
        Object.assign(errors, (await linkErrors(this.links, trx, tenantId, [{ input, current }]))[0]);
        const attributes = await this.validAttributes(tenantId, input.attributes ?? {}, false, trx, errors);
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);

        const changes: ProductUpdate = {};
        for (const field of [...OPTIONAL_FIELDS, ...DEFAULTED_FIELDS])
          if (input[field] !== undefined) Object.assign(changes, { [field]: clean(input[field]) });
        if (input.name !== undefined) changes.name = input.name.trim();
        if (slug.slug !== undefined) changes.slug = slug.slug;
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
          if (sent !== undefined) changes[field] = minorAmount(sent, currency);
          else if (currency !== currentCurrency && stored !== null)
            changes[field] = minorAmount(fromMinorUnits(stored, currentCurrency), currency);
        }
        if (Object.keys(changes).length > 0) await this.products.update(trx, tenantId, id, changes);
        // Record low stock of its records follows the product's reorder point, status and tracking.
        if (LOW_STOCK_FIELDS.some((field) => field in changes)) await this.stock.productsChanged(trx, tenantId, [id]);
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
        await this.stock.productsChanged(trx, tenantId, [id]);
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
        PRODUCT_LIFECYCLE.assertCan(current.status, action);
        const now = this.clock.now().toISOString();
        const moved = await this.products.transition(trx, tenantId, id, rule.from, {
          status: rule.to,
          status_reason: rule.takesReason ? trimOrNull(reason) : null,
          status_changed_at: now,
          updated_at: now,
        });
        if (moved) {
          await this.stock.productsChanged(trx, tenantId, [id]);
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
        if (attempt === 3) throw PRODUCT_LIFECYCLE.refusal(current.status, action);
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
