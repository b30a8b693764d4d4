// Variants of master products: generation of every missing combination in batches, single creation with the
// configuration's checks, and deletion of all variants with an audit row. Variants are product rows
// (`is_variant`), presented and updated by the products module.
import type { Transaction } from 'kysely';
import { BusinessRuleError, ValidationError, takenMessage, type FieldErrors } from '../../../core/errors.js';
import type { DB, VariantConfiguration } from '../../../db/schema.js';
import { uniqueViolation } from '../../../db/errors.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import { chunks } from '../../../lib/chunks.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { currencyExponent, fromMinorUnits, toMinorUnits } from '../../../lib/money.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { StockLedger } from '../../inventory/stock/stock-ledger.js';
import { checkSelection, combinations, variantKey, type Selection } from '../master-products/variant-configuration.js';
import type { MasterProduct } from '../master-products/master-product.repository.js';
import type { MasterProductService, VariantHooks } from '../master-products/master-product.service.js';
import { deletedProductPayload } from '../products/product-change-events.js';
import type { Product } from '../products/product.repository.js';
import type { ProductResponse } from '../products/product.schemas.js';
import type { ProductService } from '../products/product.service.js';
import {
  MAX_SKU_LENGTH,
  MAX_SLUG_LENGTH,
  allocateUnique,
  masterSkuBase,
  memo,
  skuPart,
  slugPart,
  valuesOf,
  variantName,
  variantSku,
  variantSlug,
} from './variant-naming.js';
import type { VariantRepository } from './variant.repository.js';
import type { VariantCreateBody } from './variant.schemas.js';

export interface GenerateOptions {
  /** Default true: `{sku_prefix}{MASTER-BASE}-{V1}-{V2}`; false: `PRD-` and ten characters of the id. */
  auto_generate_sku?: boolean;
  sku_prefix?: string;
  /** Default 0: stock of each new variant, received into the default warehouse. */
  initial_stock?: number;
}

export const NO_CONFIGURATION = 'The master product has no variant configuration: set its variant_attributes first.';
const RACE_LOST = 'Another request changed the variants of this master product at the same time; try again.';
/** Events per outbox insert (payloads are whole product resources). */
const EVENT_CHUNK = 250;
const ATTEMPTS = 3;

function configurationOf(master: MasterProduct): VariantConfiguration {
  const config = master.variant_attributes;
  if (!config || config.attributes.length === 0)
    throw new BusinessRuleError('variant_configuration_missing', NO_CONFIGURATION);
  return config;
}

export interface VariantServiceDeps {
  db: Executor;
  variants: VariantRepository;
  masters: MasterProductService;
  products: ProductService;
  stock: StockLedger;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class VariantService implements VariantHooks {
  private readonly db: Executor;
  private readonly variants: VariantRepository;
  private readonly masters: MasterProductService;
  private readonly products: ProductService;
  private readonly stock: StockLedger;
  private readonly events: EventRecorder;
  /** The audit entry of a change to one variant, a product as the API presents it. */
  private readonly audited: ResourceTrail<ProductResponse>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: VariantServiceDeps) {
    this.db = deps.db;
    this.variants = deps.variants;
    this.masters = deps.masters;
    this.products = deps.products;
    this.stock = deps.stock;
    this.events = deps.events;
    this.audited = resourceTrail(deps.audit, 'product');
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /** Live variants per master id (masters without any are absent). */
  async countByMasters(
    tenantId: string,
    masterIds: readonly string[],
    db: Executor = this.db,
  ): Promise<Map<string, number>> {
    return this.variants.countByMasters(db, tenantId, masterIds);
  }

  /** True when any live variant of the master holds stock on hand or reserved. */
  async anyHoldsInventory(tenantId: string, masterId: string, db: Executor = this.db): Promise<boolean> {
    return this.variants.anyHoldsInventory(db, tenantId, masterId);
  }

  /** The master's live variants as product resources, oldest first. */
  async listOf(tenantId: string, masterId: string, db: Executor = this.db): Promise<ProductResponse[]> {
    return this.products.present(tenantId, await this.variants.liveOf(db, tenantId, masterId), db);
  }

  /**
   * Soft-deletes every live variant of the master inside `trx` and writes one `variant_deletions` row (ids,
   * count, trimmed reason, user) when any was deleted. The variants are locked first (PostgreSQL), so that
   * their stock cannot change between the check and the deletion. Records product.deleted for each variant,
   * as deleting a product does.
   * @throws BusinessRuleError when any variant holds stock on hand or reserved: nothing is deleted then.
   */
  async deleteAllOf(
    trx: Transaction<DB>,
    tenantId: string,
    master: MasterProduct,
    reason: string,
    userId: string | null,
  ): Promise<number> {
    // Generation and single creation lock the master first: they wait, and then see no variants to add to.
    await this.masters.findForUpdate(tenantId, master.id, trx);
    const live = await this.variants.lockLive(trx, tenantId, master.id);
    const holding = live.filter((v) => v.stock_quantity > 0 || v.reserved_quantity > 0);
    if (holding.length > 0) {
      throw new BusinessRuleError(
        'holds_stock',
        `The variants cannot be deleted: ${holding.length} of them hold inventory (on hand or reserved). Adjust their stock to zero first.`,
      );
    }
    if (live.length === 0) return 0;
    const at = this.clock.now().toISOString();
    const presented = await this.products.present(tenantId, live, trx);
    const deleted = await this.variants.softDeleteEmpty(trx, tenantId, master.id, at);
    if (deleted !== live.length) throw new BusinessRuleError('concurrent_change', RACE_LOST);
    await this.stock.productsChanged(
      trx,
      tenantId,
      live.map((v) => v.id),
    );
    await this.variants.insertDeletion(trx, {
      id: this.newId(),
      tenant_id: tenantId,
      master_product_id: master.id,
      reason: reason.trim(),
      variant_ids: live.map((v) => v.id),
      deleted_count: deleted,
      deleted_by: userId,
      created_at: at,
    });
    for (const part of chunks(live, EVENT_CHUNK)) {
      await this.events.record(
        trx,
        tenantId,
        ...part.map((v) => ({
          type: 'product.deleted' as const,
          entityId: v.id,
          payload: deletedProductPayload(v, at),
        })),
      );
    }
    for (const variant of presented) await this.audited(trx, tenantId, 'product.deleted', variant, null);
    return deleted;
  }

  /**
   * DELETE …/variants: deletes every live variant of the master (see deleteAllOf).
   * @throws NotFoundError('Master product'); BusinessRuleError when any variant holds inventory.
   */
  async removeAll(tenantId: string, masterId: string, reason: string, userId: string | null): Promise<number> {
    return inTransaction(this.db, async (trx) =>
      this.deleteAllOf(trx, tenantId, await this.masters.findForUpdate(tenantId, masterId, trx), reason, userId),
    );
  }

  /**
   * Copies the master's category and supplier to its live variants, which inherit both; for the master
   * products module to call in the transaction that changes them.
   */
  async syncInherited(
    trx: Transaction<DB>,
    tenantId: string,
    master: Pick<MasterProduct, 'id' | 'category_id' | 'supplier_id'>,
  ): Promise<number> {
    return this.variants.inherit(
      trx,
      tenantId,
      master.id,
      { category_id: master.category_id, supplier_id: master.supplier_id },
      this.clock.now().toISOString(),
    );
  }

  /**
   * Keeps the own prices of the master's variants worth the same in currency units (12.35 USD -> 12 JPY) when
   * the master's currency changes, as the master's base prices do: a variant without a currency of its own
   * keeps its amounts in minor units of its master's currency. For the master products module to call in the
   * transaction that changes the currency. Answers how many variants changed.
   */
  async rebaseCurrency(
    trx: Transaction<DB>,
    tenantId: string,
    masterId: string,
    from: string,
    to: string,
  ): Promise<number> {
    if (currencyExponent(from) === currencyExponent(to)) return 0;
    const convert = (minor: number | null) => (minor === null ? null : toMinorUnits(fromMinorUnits(minor, from), to));
    const at = this.clock.now().toISOString();
    const priced = await this.variants.ownPricedInMasterCurrency(trx, tenantId, masterId);
    for (const v of priced) {
      await this.variants.setPrices(
        trx,
        tenantId,
        v.id,
        { selling_price: convert(v.selling_price), cost_price: convert(v.cost_price) },
        at,
      );
    }
    return priced.length;
  }

  /**
   * Creates a draft variant for every combination of the master's configuration that has no live variant
   * yet (so a second call creates none), in configuration order. Names `{master name} - {v1} / {v2}`; SKUs
   * and slugs unique among the tenant's live products, with `-2`, `-3`… on conflict; category and supplier
   * from the master; prices, currency, weight and dimensions null (inherited). `initial_stock` is received
   * into the default warehouse, one `initial_stock` movement per variant. Records product.created per variant.
   * Rows, uniqueness checks, movements and events are written in batches. Concurrent calls for one master take
   * turns (master row lock on PostgreSQL), so none creates a combination twice.
   * @throws NotFoundError('Master product'); BusinessRuleError without a configuration.
   */
  async generate(
    tenantId: string,
    masterId: string,
    options: GenerateOptions,
    userId: string | null,
  ): Promise<ProductResponse[]> {
    return this.retryingRaces(() =>
      inTransaction(this.db, async (trx) => {
        const master = await this.masters.findForUpdate(tenantId, masterId, trx);
        const config = configurationOf(master);
        const existing = await this.variants.liveKeys(trx, tenantId, master.id);
        const missing = combinations(config).filter((selection) => !existing.has(variantKey(config, selection)));
        if (missing.length === 0) return [];
        const values = missing.map((selection) => valuesOf(config, selection));
        const ids = missing.map(() => this.newId());
        const [skuOf, slugOfValue, base] = [memo(skuPart), memo(slugPart), masterSkuBase(master)];
        const skuBases =
          (options.auto_generate_sku ?? true)
            ? values.map((v) => variantSku(options.sku_prefix ?? '', base, v, skuOf))
            : ids.map((id) => `PRD-${id.slice(-10).toUpperCase()}`);
        const skus = await allocateUnique(skuBases, MAX_SKU_LENGTH, (c) =>
          this.variants.takenAmong(trx, tenantId, 'sku', c),
        );
        const slugs = await allocateUnique(
          values.map((v) => variantSlug(master.slug, v, slugOfValue)),
          MAX_SLUG_LENGTH,
          (c) => this.variants.takenAmong(trx, tenantId, 'slug', c),
        );
        const now = this.clock.now().toISOString();
        let rows = missing.map((selection, i) =>
          this.row(master, config, selection, {
            id: ids[i]!,
            sku: skus[i]!,
            slug: slugs[i]!,
            name: variantName(master.name, values[i]!),
            now,
          }),
        );
        await this.variants.insertMany(trx, rows);
        const initial = options.initial_stock ?? 0;
        if (initial > 0) {
          await this.stock.receiveInitialStock(
            trx,
            tenantId,
            null,
            ids.map((productId) => ({ productId, quantity: initial })),
            userId,
          );
          // The stock ledger moved the totals: read them back rather than guess.
          const byId = new Map((await this.variants.findByIds(trx, tenantId, ids)).map((r) => [r.id, r]));
          rows = ids.map((id) => byId.get(id)!);
        }
        const created = await this.products.present(tenantId, rows, trx);
        for (const part of chunks(created, EVENT_CHUNK)) {
          await this.events.record(
            trx,
            tenantId,
            ...part.map((v) => ({ type: 'product.created' as const, entityId: v.id, payload: v })),
          );
        }
        for (const variant of created) await this.audited(trx, tenantId, 'product.generated', null, variant);
        return created;
      }),
    );
  }

  /**
   * Creates one draft variant. The selection (variant_selection, or variant_attributes) must name every
   * configured attribute, each with one of its configured values (matched case-insensitively and stored as
   * configured), and no live variant may have the combination. The SKU, when sent, must be free; when omitted
   * it is generated as in generation. Own prices are in the master's currency. `stock_quantity` is received
   * into the default warehouse as an `initial_stock` movement. A barcode follows the products' rules. Records
   * product.created.
   * @throws NotFoundError('Master product'); BusinessRuleError without a configuration; ValidationError
   * (`variant_selection.<attribute>` naming the allowed values, `variant_selection` for a combination that
   * exists, `sku` when taken, `barcode` when invalid or held by another live product).
   */
  async create(
    tenantId: string,
    masterId: string,
    input: VariantCreateBody,
    userId: string | null,
  ): Promise<ProductResponse> {
    return this.retryingRaces(() =>
      inTransaction(this.db, (trx) => this.createIn(trx, tenantId, masterId, input, userId)),
    );
  }

  private async createIn(
    trx: Transaction<DB>,
    tenantId: string,
    masterId: string,
    input: VariantCreateBody,
    userId: string | null,
  ): Promise<ProductResponse> {
    const master = await this.masters.findForUpdate(tenantId, masterId, trx);
    const config = configurationOf(master);
    const field =
      input.variant_selection === undefined && input.variant_attributes !== undefined
        ? 'variant_attributes'
        : 'variant_selection';
    const sent = input.variant_selection ?? input.variant_attributes;
    if (sent === undefined)
      throw ValidationError.field(
        'variant_selection',
        'The variant_selection field is required: an object of attribute name to value.',
      );
    const errors: FieldErrors = {};
    let selection: Selection | null = null;
    try {
      selection = checkSelection(config, sent, field);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      Object.assign(errors, error.errors);
    }
    if (selection) {
      const twin = await this.variants.findByKey(trx, tenantId, master.id, variantKey(config, selection));
      if (twin) errors[field] = [`A variant with this combination already exists (SKU ${twin.sku}).`];
    }
    if (input.sku !== undefined && (await this.variants.takenAmong(trx, tenantId, 'sku', [input.sku])).size > 0)
      errors.sku = [takenMessage('sku')];
    const barcode = await this.products.barcodeFor(trx, tenantId, input, null, errors);
    if (Object.keys(errors).length > 0 || !selection) throw new ValidationError(errors);

    const values = valuesOf(config, selection);
    const taken = (column: 'sku' | 'slug') => (c: string[]) => this.variants.takenAmong(trx, tenantId, column, c);
    const [sku] =
      input.sku !== undefined
        ? [input.sku]
        : await allocateUnique([variantSku('', masterSkuBase(master), values)], MAX_SKU_LENGTH, taken('sku'));
    const [slug] = await allocateUnique([variantSlug(master.slug, values)], MAX_SLUG_LENGTH, taken('slug'));
    const id = this.newId();
    const minor = (amount: number | null | undefined) =>
      amount === undefined || amount === null ? null : toMinorUnits(amount, master.currency);
    const row = this.row(master, config, selection, {
      id,
      sku: sku!,
      slug: slug!,
      name: input.name?.trim() ?? variantName(master.name, values),
      now: this.clock.now().toISOString(),
    });
    await this.variants.insertMany(trx, [
      {
        ...row,
        ...barcode,
        selling_price: minor(input.selling_price),
        cost_price: minor(input.cost_price),
        weight: input.weight ?? null,
      },
    ]);
    const quantity = input.stock_quantity ?? 0;
    if (quantity > 0) {
      await this.stock.changeOnHand(trx, {
        tenantId,
        productId: id,
        quantity,
        type: 'initial_stock',
        reason: 'Initial stock',
        userId,
      });
    }
    const [created] = await this.products.present(tenantId, await this.variants.findByIds(trx, tenantId, [id]), trx);
    await this.events.record(trx, tenantId, { type: 'product.created', entityId: id, payload: created! });
    await this.audited(trx, tenantId, 'product.created', null, created!);
    return created!;
  }

  /**
   * A new variant row, complete (so that it can be presented without reading it back): everything a variant
   * inherits is left null, so that its master's values show through.
   */
  private row(
    master: MasterProduct,
    config: VariantConfiguration,
    selection: Selection,
    v: { id: string; sku: string; slug: string; name: string; now: string },
  ): Product {
    return {
      id: v.id,
      tenant_id: master.tenant_id,
      name: v.name,
      slug: v.slug,
      sku: v.sku,
      // Generated variants start without barcodes; each gets its own by creation alone or by update.
      barcode: null,
      barcode_type: null,
      // Masters have no type of their own; variants are physical goods that hold stock.
      type: 'physical',
      status: 'draft',
      status_reason: null,
      status_changed_at: null,
      is_variant: true,
      master_product_id: master.id,
      variant_attributes: selection,
      variant_key: variantKey(config, selection),
      selling_price: null,
      cost_price: null,
      currency: null,
      stock_quantity: 0,
      reserved_quantity: 0,
      reorder_point: null,
      reorder_quantity: null,
      track_inventory: true,
      allow_backorders: false,
      requires_shipping: master.requires_shipping,
      is_featured: false,
      is_taxable: master.is_taxable,
      short_description: null,
      description: null,
      meta_description: null,
      meta_keywords: null,
      weight: null,
      length: null,
      width: null,
      height: null,
      dimensions_unit: null,
      tax_class_id: null,
      images: null,
      category_id: master.category_id,
      // The insert derives the stored one from category_id; the resource does not show it.
      category_root_id: null,
      brand_id: null,
      supplier_id: master.supplier_id,
      created_at: v.now,
      updated_at: v.now,
      deleted_at: null,
    };
  }

  /**
   * Runs `work` again when it lost a race on a unique index (a SKU or slug a concurrent request took, a
   * combination created meanwhile): the next attempt's checks see the winner's rows and answer accordingly.
   */
  private async retryingRaces<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        if (attempt === ATTEMPTS) throw new BusinessRuleError('concurrent_change', RACE_LOST);
      }
    }
  }
}
