// Variant listing and bulk operations over one master's live variants: the list with stock totals, the
// available combinations, and bulk price and stock updates, each bulk update one transaction.
import type { Transaction } from 'kysely';
import { parseEnumList, type EnumList } from '../../../../core/enum-list.js';
import { ValidationError, type FieldErrors } from '../../../../core/errors.js';
import type { PageRequest } from '../../../../core/pagination.js';
import { updatedSinceBound } from '../../../../core/updated-since.js';
import type { DB, ProductStatus, VariantConfiguration } from '../../../../db/schema.js';
import { inTransaction, type Executor } from '../../../../db/transaction.js';
import type { Clock } from '../../../../lib/clock.js';
import { chunks } from '../../../../lib/chunks.js';
import { fromMinorUnits, toMinorUnits } from '../../../../lib/money.js';
import type { AuditLog } from '../../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../../audit/audit-trail.js';
import type { EventRecorder } from '../../../events/event-recorder.js';
import type { StockRecordWithWarehouse } from '../../../inventory/stock/stock.repository.js';
import type { StockLedger } from '../../../inventory/stock/stock-ledger.js';
import { combinations, variantKey, type Selection } from '../../master-products/variant-configuration.js';
import type { MasterProduct } from '../../master-products/master-product.repository.js';
import type { MasterProductService } from '../../master-products/master-product.service.js';
import type { Product } from '../../products/product.repository.js';
import type { ProductResponse } from '../../products/product.schemas.js';
import type { ProductService } from '../../products/product.service.js';
import { productChangeEvents } from '../../products/product-change-events.js';
import { traitsOf } from '../../products/product-types.js';
import { MAX_PRICE, PRODUCT_STATUSES } from '../../products/product.schemas.js';
import type { VariantListingRepository, VariantSort, VariantTotals } from './variant-listing.repository.js';
import {
  MAX_DECREASE_PERCENTAGE,
  VARIANT_INCLUDES,
  type BulkPriceBody,
  type BulkStockBody,
  type PriceAction,
  type VariantInclude,
} from './variant-listing.schemas.js';

export const BULK_STOCK_REASON = 'Bulk stock update';
/** Events are written in slices, so that one insert stays far below either engine's parameter limit. */
const EVENT_SLICE = 200;
/** How many offending SKUs a refusal names. */
const NAMED_SKUS = 10;

export interface VariantInventory {
  id: string;
  warehouse_id: string;
  warehouse: { id: string; code: string; name: string; is_default: boolean };
  quantity_on_hand: number;
  quantity_reserved: number;
  quantity_available: number;
  updated_at: string;
}

export type VariantListItem = Omit<ProductResponse, 'category' | 'supplier'> &
  Partial<Pick<ProductResponse, 'category' | 'supplier'>> & { inventory?: VariantInventory[] };

export interface VariantListTotals extends VariantTotals {
  total_available: number;
}

export interface VariantListOptions extends VariantSort {
  status?: string | undefined;
  include?: string | undefined;
  barcode?: string | undefined;
  updated_since?: string | undefined;
}

export interface AvailableValues {
  data: Record<string, { used_values: string[]; available_values: string[] }>;
  meta: { total_combinations: number; used_combinations: number; available_combinations: number };
}

export interface BulkPriceResult {
  updated_count: number;
  affected_variants: string[];
  skipped_variants: string[];
}

export interface BulkStockResult {
  updated_count: number;
  total_stock_added: number;
  affected_variants: string[];
  skipped_variants: string[];
}

const STATUS_FILTER: EnumList<ProductStatus> = {
  field: 'status',
  allowed: PRODUCT_STATUSES,
  invalid: (unknown, allowed) => `The selected status ${unknown} is invalid. Allowed: ${allowed}.`,
};
const INCLUDES: EnumList<VariantInclude> = {
  field: 'include',
  allowed: VARIANT_INCLUDES,
  invalid: (unknown, allowed) => `The include value ${unknown} is invalid. Allowed: ${allowed}.`,
};

/** A selection's value for an attribute, its name matched case-insensitively. */
function valueOf(selection: Record<string, string> | null, name: string): string | undefined {
  if (!selection) return undefined;
  const key = Object.keys(selection).find((k) => k.trim().toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : selection[key];
}

/** The selection as the configuration spells it, or null when it is not one of the configuration's combinations. */
function canonicalSelection(config: VariantConfiguration, selection: Record<string, string> | null): Selection | null {
  const result: Selection = {};
  for (const { name, values } of config.attributes) {
    const value = valueOf(selection, name);
    const match =
      typeof value === 'string' ? values.find((v) => v.toLowerCase() === value.trim().toLowerCase()) : undefined;
    if (match === undefined) return null;
    result[name] = match;
  }
  return result;
}

/**
 * The filter's pairs as the configuration spells them.
 * @throws ValidationError keyed `filters.variant_selection.<name>` for an attribute or value not configured.
 */
function filterPairs(master: MasterProduct, filter: Record<string, string> | undefined): Array<[string, string]> {
  const entries = Object.entries(filter ?? {});
  if (entries.length === 0) return [];
  const config = master.variant_attributes;
  const errors: FieldErrors = {};
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of entries) {
    const field = `filters.variant_selection.${key}`;
    const attribute = config?.attributes.find((a) => a.name.toLowerCase() === key.trim().toLowerCase());
    if (!attribute) {
      errors[field] = [
        config && config.attributes.length > 0
          ? `The attribute ${key} is not in the master's configuration. Configured: ${config.attributes.map((a) => a.name).join(', ')}.`
          : 'The master product has no variant configuration to filter by.',
      ];
      continue;
    }
    const match = attribute.values.find((v) => v.toLowerCase() === value.trim().toLowerCase());
    if (match === undefined)
      errors[field] = [
        `The value ${value} is not allowed for ${attribute.name}. Allowed: ${attribute.values.join(', ')}.`,
      ];
    else pairs.push([attribute.name, match]);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return pairs;
}

function matches(variant: Product, pairs: ReadonlyArray<[string, string]>): boolean {
  return pairs.every(
    ([name, value]) => valueOf(variant.variant_attributes, name)?.trim().toLowerCase() === value.toLowerCase(),
  );
}

/** The percentage as an exact fraction (numerator over a power of ten), read from its shortest decimal form. */
function exactFraction(percentage: number): { numerator: bigint; denominator: bigint } {
  const text = /e/i.test(String(percentage)) ? percentage.toFixed(20) : String(percentage);
  const [whole = '0', fraction = ''] = text.split('.');
  return { numerator: BigInt(`${whole}${fraction}`), denominator: 10n ** BigInt(fraction.length) };
}

/**
 * `minor` changed by `percentage` percent (up or down), rounded half away from zero, in exact integer
 * arithmetic: 10.05 + 10% is 11.055, which rounds to 11.06, where binary floating point would give 11.05.
 */
export function changedByPercentage(minor: number, percentage: number, direction: 1 | -1): number {
  const { numerator, denominator } = exactFraction(percentage);
  const scale = 100n * denominator;
  const total = BigInt(minor) * (scale + BigInt(direction) * numerator);
  const quotient = total / scale;
  const remainder = total % scale;
  const rounded = remainder * 2n >= scale ? quotient + 1n : remainder * 2n <= -scale ? quotient - 1n : quotient;
  return Number(rounded);
}

/** The product fields whose values differ between two resources (as the product update names them). */

function namedSkus(items: readonly string[]): string {
  const shown = items.slice(0, NAMED_SKUS).join(', ');
  return items.length > NAMED_SKUS ? `${shown} and ${items.length - NAMED_SKUS} more` : shown;
}

function inventoryEntry(r: StockRecordWithWarehouse): VariantInventory {
  return {
    id: r.id,
    warehouse_id: r.warehouse_id,
    warehouse: {
      id: r.warehouse_id,
      code: r.warehouse_code,
      name: r.warehouse_name,
      is_default: r.warehouse_is_default,
    },
    quantity_on_hand: r.quantity_on_hand,
    quantity_reserved: r.quantity_reserved,
    quantity_available: r.quantity_on_hand - r.quantity_reserved,
    updated_at: r.updated_at,
  };
}

interface PricePlan {
  action: PriceAction;
  price?: number;
  percentage?: number;
}

/**
 * Reads the body's form: `{action: 'set_price', price}`, `{action: '…_percentage', percentage}` or the
 * simple `{price}`. @throws ValidationError naming the missing or misplaced field.
 */
function pricePlan(body: BulkPriceBody): PricePlan {
  const action = body.action ?? (body.percentage === undefined || body.price !== undefined ? 'set_price' : undefined);
  const errors: FieldErrors = {};
  if (action === undefined) {
    errors.action = ['The action field is required with percentage: increase_percentage or decrease_percentage.'];
  } else if (action === 'set_price') {
    if (body.price === undefined) errors.price = ['The price field is required.'];
    if (body.percentage !== undefined) errors.percentage = ['The percentage field is not used by set_price.'];
  } else {
    if (body.percentage === undefined) errors.percentage = ['The percentage field is required.'];
    else if (action === 'decrease_percentage' && body.percentage > MAX_DECREASE_PERCENTAGE) {
      errors.percentage = [`The percentage field must not be greater than ${MAX_DECREASE_PERCENTAGE} for a decrease.`];
    }
    if (body.price !== undefined) errors.price = [`The price field is not used by ${action}.`];
  }
  if (Object.keys(errors).length > 0 || action === undefined) throw new ValidationError(errors);
  return { action, price: body.price, percentage: body.percentage };
}

export interface VariantListingServiceDeps {
  db: Executor;
  variants: VariantListingRepository;
  masters: MasterProductService;
  products: ProductService;
  stock: StockLedger;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
}

export class VariantListingService {
  private readonly db: Executor;
  private readonly variants: VariantListingRepository;
  private readonly masters: MasterProductService;
  private readonly products: ProductService;
  private readonly stock: StockLedger;
  private readonly events: EventRecorder;
  /** The audit entry of a change to one variant, a product as the API presents it. */
  private readonly audited: ResourceTrail<ProductResponse>;
  private readonly clock: Clock;

  constructor(deps: VariantListingServiceDeps) {
    this.db = deps.db;
    this.variants = deps.variants;
    this.masters = deps.masters;
    this.products = deps.products;
    this.stock = deps.stock;
    this.events = deps.events;
    this.audited = resourceTrail(deps.audit, 'product');
    this.clock = deps.clock;
  }

  /**
   * A page of the master's live variants, by default in generation order (created_at, then id), as product
   * resources. `category` and `supplier` appear only when included; `inventory` adds the records per warehouse.
   * The totals cover every live variant matching the filters, not only the page.
   * @throws NotFoundError('Master product'); ValidationError on `status` or `include` for unknown values.
   */
  async list(
    tenantId: string,
    masterId: string,
    options: VariantListOptions,
    page: PageRequest,
  ): Promise<{ items: VariantListItem[]; total: number; totals: VariantListTotals }> {
    await this.masters.find(tenantId, masterId);
    const filter = {
      statuses: parseEnumList(STATUS_FILTER, options.status),
      barcode: options.barcode,
      updatedSince: updatedSinceBound(options.updated_since),
    };
    const include = new Set(parseEnumList(INCLUDES, options.include));
    const sort = { sort_by: options.sort_by, sort_direction: options.sort_direction };
    const [rows, totals] = await Promise.all([
      this.variants.page(this.db, tenantId, masterId, filter, sort, page),
      this.variants.totals(this.db, tenantId, masterId, filter),
    ]);
    const [resources, records] = await Promise.all([
      this.products.present(tenantId, rows),
      include.has('inventory')
        ? this.stock.recordsOfProducts(
            this.db,
            tenantId,
            rows.map((r) => r.id),
          )
        : Promise.resolve([]),
    ]);
    const byProduct = new Map<string, VariantInventory[]>();
    for (const record of records) {
      const list = byProduct.get(record.product_id) ?? [];
      list.push(inventoryEntry(record));
      byProduct.set(record.product_id, list);
    }
    const items = resources.map((resource) => {
      const { category, supplier, ...rest } = resource;
      const item: VariantListItem = rest;
      if (include.has('category')) item.category = category;
      if (include.has('supplier')) item.supplier = supplier;
      if (include.has('inventory')) item.inventory = byProduct.get(resource.id) ?? [];
      return item;
    });
    return {
      items,
      total: totals.total_variants,
      totals: { ...totals, total_available: totals.total_stock - totals.total_reserved },
    };
  }

  /**
   * Per configured attribute: `used_values`, the values held by at least one live variant, and
   * `available_values`, the values of at least one combination that no live variant holds yet (so
   * generating or creating a variant with it is still possible); both in configuration order. A master
   * without configuration answers no attributes and zero combinations.
   * @throws NotFoundError('Master product').
   */
  async available(tenantId: string, masterId: string): Promise<AvailableValues> {
    const master = await this.masters.find(tenantId, masterId);
    const config = master.variant_attributes;
    if (!config || config.attributes.length === 0) {
      return { data: {}, meta: { total_combinations: 0, used_combinations: 0, available_combinations: 0 } };
    }
    const taken = new Set<string>();
    for (const selection of await this.variants.selections(this.db, tenantId, masterId)) {
      const canonical = canonicalSelection(config, selection);
      if (canonical) taken.add(variantKey(config, canonical));
    }
    const used = new Map(config.attributes.map((a) => [a.name, new Set<string>()]));
    const open = new Map(config.attributes.map((a) => [a.name, new Set<string>()]));
    let usedCombinations = 0;
    const all = combinations(config);
    for (const combination of all) {
      const isTaken = taken.has(variantKey(config, combination));
      if (isTaken) usedCombinations++;
      for (const [name, value] of Object.entries(combination)) (isTaken ? used : open).get(name)!.add(value);
    }
    const data = Object.fromEntries(
      config.attributes.map(({ name, values }) => [
        name,
        {
          used_values: values.filter((v) => used.get(name)!.has(v)),
          available_values: values.filter((v) => open.get(name)!.has(v)),
        },
      ]),
    );
    return {
      data,
      meta: {
        total_combinations: all.length,
        used_combinations: usedCombinations,
        available_combinations: all.length - usedCombinations,
      },
    };
  }

  /**
   * Sets or changes the price of the master's live variants (those matching `filters.variant_selection`),
   * in one transaction. `set_price` gives each variant that amount in its effective currency; a
   * percentage applies to the variant's effective price (its own, else the master's base price) and the
   * result, rounded half away from zero in minor units, becomes the variant's own price. Variants without
   * any price are skipped by percentage actions, and variants already at their new price are left alone.
   * Records product.updated (with changed_fields) and product.price_changed (with previous) per changed variant.
   * @throws NotFoundError('Master product'); ValidationError for a missing or misplaced field, a filter
   * naming an attribute or value not configured, or a new price above 9999999.99 (nothing changes then).
   */
  async bulkUpdatePrices(tenantId: string, masterId: string, body: BulkPriceBody): Promise<BulkPriceResult> {
    const plan = pricePlan(body);
    return inTransaction(this.db, async (trx) => {
      const master = await this.masters.find(tenantId, masterId, trx);
      const pairs = filterPairs(master, body.filters?.variant_selection);
      const variants = (await this.variants.all(trx, tenantId, masterId, true)).filter((v) => matches(v, pairs));
      const skipped: string[] = [];
      const tooHigh: string[] = [];
      const targets = new Map<string, number>();
      for (const variant of variants) {
        const currency = variant.currency ?? master.currency;
        let target: number;
        if (plan.action === 'set_price') {
          target = toMinorUnits(plan.price!, currency);
        } else {
          const effective = this.effectivePrice(variant, master, currency);
          if (effective === null) {
            skipped.push(variant.id);
            continue;
          }
          target = changedByPercentage(effective, plan.percentage!, plan.action === 'increase_percentage' ? 1 : -1);
        }
        const amount = fromMinorUnits(target, currency);
        if (amount > MAX_PRICE) tooHigh.push(`${variant.sku} (${amount} ${currency})`);
        else if (variant.selling_price !== target) targets.set(variant.id, target);
      }
      if (tooHigh.length > 0) {
        throw ValidationError.field(
          plan.action === 'set_price' ? 'price' : 'percentage',
          `The new price would exceed the maximum of ${MAX_PRICE} for ${namedSkus(tooHigh)}.`,
        );
      }
      const changed = variants.filter((v) => targets.has(v.id));
      if (changed.length > 0) await this.writePrices(trx, tenantId, changed, targets);
      return { updated_count: changed.length, affected_variants: changed.map((v) => v.id), skipped_variants: skipped };
    });
  }

  /**
   * Sets the on-hand total of the master's live variants (those matching `filters.variant_selection`) in
   * the default warehouse to `quantity`, each change one `adjustment` movement (reason `Bulk stock
   * update`), all in one transaction. Variants already there are left alone; variants that hold no
   * inventory (their type has none, or not tracked) are skipped and reported.
   * @throws NotFoundError('Master product'); ValidationError on `filters.variant_selection.<name>`, or on
   * `quantity` when it is below what is reserved of any matching variant there (nothing changes then).
   */
  async bulkUpdateStock(
    tenantId: string,
    masterId: string,
    body: BulkStockBody,
    userId: string | null,
  ): Promise<BulkStockResult> {
    return inTransaction(this.db, async (trx) => {
      const master = await this.masters.find(tenantId, masterId, trx);
      const pairs = filterPairs(master, body.filters?.variant_selection);
      const variants = (await this.variants.all(trx, tenantId, masterId)).filter((v) => matches(v, pairs));
      const holding = variants.filter((v) => v.track_inventory && traitsOf(v.type).has_inventory);
      const holds = new Set(holding);
      const skipped = variants.filter((v) => !holds.has(v)).map((v) => v.id);
      // Locked, so that each change is computed from the quantity it replaces.
      const records = await this.stock.recordsOfProducts(
        trx,
        tenantId,
        holding.map((v) => v.id),
        true,
      );
      const inDefault = new Map(records.filter((r) => r.warehouse_is_default).map((r) => [r.product_id, r]));
      const belowReserved: string[] = [];
      const changes: Array<{ id: string; delta: number }> = [];
      for (const variant of holding) {
        const record = inDefault.get(variant.id);
        const reserved = record?.quantity_reserved ?? 0;
        if (body.quantity < reserved) belowReserved.push(`${variant.sku} (reserved: ${reserved})`);
        const delta = body.quantity - (record?.quantity_on_hand ?? 0);
        if (delta !== 0) changes.push({ id: variant.id, delta });
      }
      if (belowReserved.length > 0) {
        throw ValidationError.field(
          'quantity',
          `The quantity ${body.quantity} is below what is reserved in the default warehouse for ${namedSkus(belowReserved)}.`,
        );
      }
      for (const { id, delta } of changes) {
        const movement = await this.stock.changeOnHand(trx, {
          tenantId,
          productId: id,
          quantity: delta,
          type: 'adjustment',
          reason: BULK_STOCK_REASON,
          userId,
        });
        const record = await this.stock.recordOf(trx, tenantId, id, movement.warehouse_id);
        await this.stock.audited(trx, tenantId, 'inventory.adjusted', record, movement);
      }
      return {
        updated_count: changes.length,
        total_stock_added: changes.reduce((sum, c) => sum + c.delta, 0),
        affected_variants: changes.map((c) => c.id),
        skipped_variants: skipped,
      };
    });
  }

  /** The variant's own price, else the master's base price read as the same amount in the variant's currency. */
  private effectivePrice(variant: Product, master: MasterProduct, currency: string): number | null {
    if (variant.selling_price !== null) return variant.selling_price;
    if (master.base_price === null) return null;
    return currency === master.currency
      ? master.base_price
      : toMinorUnits(fromMinorUnits(master.base_price, master.currency), currency);
  }

  /** Writes the new prices (one statement per distinct price) and records the events of each variant that changed. */
  private async writePrices(
    trx: Transaction<DB>,
    tenantId: string,
    changed: Product[],
    targets: Map<string, number>,
  ): Promise<void> {
    const before = await this.products.present(tenantId, changed, trx);
    const at = this.clock.now().toISOString();
    const byPrice = new Map<number, string[]>();
    for (const variant of changed) {
      const price = targets.get(variant.id)!;
      byPrice.set(price, [...(byPrice.get(price) ?? []), variant.id]);
    }
    for (const [price, ids] of byPrice) await this.variants.setSellingPrice(trx, tenantId, ids, price, at);
    const rows = new Map(
      (
        await this.variants.findByIds(
          trx,
          tenantId,
          changed.map((v) => v.id),
        )
      ).map((r) => [r.id, r]),
    );
    const after = await this.products.present(
      tenantId,
      changed.map((v) => rows.get(v.id)!),
      trx,
    );
    const events = after.flatMap((resource, i) => productChangeEvents(before[i]!, resource));
    for (const part of chunks(events, EVENT_SLICE)) await this.events.record(trx, tenantId, ...part);
    for (const [i, resource] of after.entries())
      await this.audited(trx, tenantId, 'product.price_changed', before[i]!, resource);
  }
}
