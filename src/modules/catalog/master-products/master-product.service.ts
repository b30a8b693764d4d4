// Master products: CRUD, the list, and the variant configuration; variants themselves belong to the
// variants module, reached through VariantHooks.
import type { Transaction } from 'kysely';
import { parseEnumList, readEnumList, type EnumList } from '../../../core/enum-list.js';
import {
  BusinessRuleError,
  NotFoundError,
  ValidationError,
  takenMessage,
  type FieldErrors,
} from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { updatedSinceBound } from '../../../core/updated-since.js';
import { takenError } from '../../../db/errors.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB, Dimensions, MasterProductStatus, VariantConfiguration } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { fromMinorUnits, isCurrency, toMinorUnits } from '../../../lib/money.js';
import type { TenantDefaults } from '../../tenancy/tenant.service.js';
import { resolveSlug } from '../../../lib/slug.js';
import { trimOrNull } from '../../../lib/text.js';
import type { ProductLinks } from '../products/product.presenter.js';
import type {
  MasterProduct,
  MasterProductFilters,
  MasterProductListOptions,
  MasterProductRepository,
  MasterProductUpdate,
} from './master-product.repository.js';
import {
  MASTER_INCLUDES,
  MASTER_STATUSES,
  type MasterProductCreateBody,
  type MasterProductListQuery,
  type MasterProductResponse,
  type MasterProductUpdateBody,
} from './master-product.schemas.js';
import { parseConfiguration, sameConfiguration } from './variant-configuration.js';
import { commaList } from '../../../lib/comma-list.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';

/** What the master products module needs from the variants module (given at construction). */
export interface VariantHooks {
  /** Live variants per master id. */
  countByMasters(tenantId: string, masterIds: readonly string[], db?: Executor): Promise<Map<string, number>>;
  /** True when any live variant of the master holds stock on hand or reserved. */
  anyHoldsInventory(tenantId: string, masterId: string, db?: Executor): Promise<boolean>;
  /**
   * Soft-deletes every live variant of the master inside `trx`, recording the reason for audit.
   * @throws BusinessRuleError when any variant holds inventory (nothing is deleted then).
   */
  deleteAllOf(
    trx: Transaction<DB>,
    tenantId: string,
    master: MasterProduct,
    reason: string,
    userId: string | null,
  ): Promise<number>;
  /** The live variants of the master as variant resources, for `GET /master-products/{id}?include=variants`. */
  listOf(tenantId: string, masterId: string, db?: Executor): Promise<unknown[]>;
  /** Copies the master's category and supplier to its live variants (they inherit both, stored), inside `trx`. */
  syncInherited(
    trx: Transaction<DB>,
    tenantId: string,
    master: Pick<MasterProduct, 'id' | 'category_id' | 'supplier_id'>,
  ): Promise<number>;
  /**
   * Keeps variants' own prices that are kept in the master's currency worth the same in currency units when
   * that currency changes, as the master's base prices do, inside `trx`.
   */
  rebaseCurrency(trx: Transaction<DB>, tenantId: string, masterId: string, from: string, to: string): Promise<number>;
}

export type MasterLinks = Pick<ProductLinks, 'categories' | 'suppliers'>;
export type MasterInclude = (typeof MASTER_INCLUDES)[number];

export const REASON_CONFIGURATION_CHANGED = 'Variant configuration changed';
export const REASON_MASTER_DELETED = 'Master product deleted';
const CONFIGURATION_KEYS = ['variant_attributes', 'variant_configuration'] as const;

/** Nullable text fields copied as sent, trimmed, blank as null. */
const TEXT_FIELDS = [
  'sku',
  'description',
  'short_description',
  'brand',
  'model',
  'tax_class',
  'meta_title',
  'meta_description',
  'meta_keywords',
] as const;
/** Fields with a default at creation, copied as sent on update. */
const FLAG_FIELDS = ['status', 'is_visible', 'is_featured', 'sort_order', 'requires_shipping', 'is_taxable'] as const;
const PRICE_FIELDS = ['base_price', 'base_cost_price'] as const;

/** The unique indexes a write can lose a race on, by field. */
const UNIQUE_INDEXES = { slug: 'master_products_tenant_slug_unique' };

const STATUS_FILTER: EnumList<MasterProductStatus> = {
  field: 'status',
  allowed: MASTER_STATUSES,
  invalid: (unknown, allowed) => `The selected status is invalid: ${unknown}. Allowed: ${allowed}.`,
};
const INCLUDES: EnumList<MasterInclude> = {
  field: 'include',
  allowed: MASTER_INCLUDES,
  invalid: (unknown, allowed) => `The include ${unknown} is invalid. Allowed: ${allowed}.`,
};

function dimensionsOf(input: MasterProductCreateBody['base_dimensions']): Dimensions | null {
  if (!input) return null;
  return {
    length: input.length ?? null,
    width: input.width ?? null,
    height: input.height ?? null,
    unit: input.unit ?? 'cm',
  };
}

/** Trimmed, without blanks, duplicates dropped ignoring case (the first spelling stays). */
function labels(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values
    .map((v) => v.trim())
    .filter((v) => {
      const key = v.toLowerCase();
      if (v === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The configuration as sent under either key: `undefined` when none was sent. */
function configurationInput(
  input: MasterProductUpdateBody,
  errors: FieldErrors,
): { key: string; config: VariantConfiguration | null } | undefined {
  const sent = CONFIGURATION_KEYS.filter((key) => input[key] !== undefined);
  if (sent.length === 0) return undefined;
  if (sent.length > 1) {
    errors.variant_configuration = [
      'Send the configuration under variant_attributes or under variant_configuration, not both.',
    ];
    return undefined;
  }
  const key = sent[0]!;
  const raw = input[key];
  if (raw === null) return { key, config: null };
  try {
    return { key, config: parseConfiguration(raw, key) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
    return undefined;
  }
}

/** The stored configuration with its keys in a fixed order (jsonb answers them sorted its own way). */
function configurationOf(config: VariantConfiguration | null) {
  return (
    config && {
      attributes: config.attributes.map((a) => ({ name: a.name, values: [...a.values] })),
      allowCombinations: config.allowCombinations,
    }
  );
}

export interface MasterProductServiceDeps {
  db: Executor;
  masters: MasterProductRepository;
  links: MasterLinks;
  audit: AuditLog;
  /** The currency of a master created without one, and of price filters without one. */
  tenants: TenantDefaults;
  clock: Clock;
  newId: IdGenerator;
  /**
   * The variants module, which is built after this one because it needs this service: asked for on use,
   * never while wiring.
   */
  variants: () => VariantHooks;
}

export class MasterProductService {
  private readonly db: Executor;
  private readonly masters: MasterProductRepository;
  private readonly links: MasterLinks;
  /** The audit entry of a change to one master product, as the API presents it. */
  private readonly audited: ResourceTrail<MasterProductResponse>;
  private readonly tenants: TenantDefaults;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly variants: () => VariantHooks;

  constructor(deps: MasterProductServiceDeps) {
    this.db = deps.db;
    this.masters = deps.masters;
    this.links = deps.links;
    this.audited = resourceTrail(deps.audit, 'master_product');
    this.tenants = deps.tenants;
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.variants = deps.variants;
  }

  protected get variantHooks(): VariantHooks {
    return this.variants();
  }

  /** @throws NotFoundError('Master product'), also for another tenant's or a deleted one. */
  /** The live master product whose SKU or slug is `text`. */
  bySkuOrSlug(tenantId: string, text: string, db: Executor = this.db): Promise<MasterProduct | undefined> {
    return this.masters.findBySkuOrSlug(db, tenantId, text);
  }

  async find(tenantId: string, id: string, db: Executor = this.db): Promise<MasterProduct> {
    const master = await this.masters.findById(db, tenantId, id);
    if (!master) throw new NotFoundError('Master product');
    return master;
  }

  /**
   * The master, locked until `trx` ends on PostgreSQL: configuration changes and work on the master's
   * variants (generation) that lock it first take turns.
   * @throws NotFoundError('Master product').
   */
  async findForUpdate(tenantId: string, id: string, trx: Transaction<DB>): Promise<MasterProduct> {
    const master = await this.masters.findForUpdate(trx, tenantId, id);
    if (!master) throw new NotFoundError('Master product');
    return master;
  }

  /** The SKU, slug and variant configuration of every master of the tenant, deleted ones too (the product export). */
  keysOfTenant(
    tenantId: string,
    db: Executor = this.db,
  ): Promise<Array<Pick<MasterProduct, 'id' | 'sku' | 'slug' | 'variant_attributes'>>> {
    return this.masters.keysOfTenant(db, tenantId);
  }

  /** The live masters among `ids`, by id (variants' inheritance). */
  async byIds(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Map<string, MasterProduct>> {
    return new Map((await this.masters.findByIds(db, tenantId, [...new Set(ids)])).map((m) => [m.id, m]));
  }

  /**
   * A page of master products as resources.
   * @throws ValidationError: unknown status, unknown currency, min_price above max_price.
   */
  async list(
    tenantId: string,
    query: Omit<MasterProductListQuery, 'page' | 'per_page'>,
    page: PageRequest,
  ): Promise<Page<MasterProductResponse>> {
    const errors: FieldErrors = {};
    const filters: MasterProductFilters = {};
    const search = query.search?.trim();
    if (search) filters.search = search;
    const statuses = readEnumList(STATUS_FILTER, query.status);
    if (statuses.error !== null) errors.status = [statuses.error];
    else if (statuses.values.length > 0) filters.statuses = statuses.values;
    for (const key of ['category_id', 'supplier_id', 'has_variants', 'is_visible', 'is_featured'] as const) {
      if (query[key] !== undefined) Object.assign(filters, { [key]: query[key] });
    }
    const brand = query.brand?.trim();
    if (brand) filters.brand = brand;
    const since = updatedSinceBound(query.updated_since);
    if (since !== undefined) filters.updated_since = since;
    const tags = commaList(query.tags);
    if (tags.length > 0) filters.tags = [...new Set(tags)];
    const priced = query.min_price !== undefined || query.max_price !== undefined;
    const currency = query.currency ?? (priced ? await this.tenants.defaultCurrency(tenantId) : undefined);
    if (currency !== undefined && !isCurrency(currency)) {
      errors.currency = [`The currency ${currency} is not an ISO 4217 currency code.`];
    } else if (currency !== undefined) {
      filters.currency = currency;
      if (query.min_price !== undefined) filters.min_price = toMinorUnits(query.min_price, currency);
      if (query.max_price !== undefined) filters.max_price = toMinorUnits(query.max_price, currency);
      if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
        errors.max_price = ['The max price must be at least the min price.'];
      }
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const options: MasterProductListOptions = {
      ...filters,
      sort_by: query.sort_by,
      sort_direction: query.sort_direction,
    };
    const result = await this.masters.list(this.db, tenantId, options, page);
    return { ...result, items: await this.present(tenantId, result.items) };
  }

  /**
   * One master product; `include` is a comma list of variants, category and supplier (category and
   * supplier are always in the resource; variants adds the live variants).
   * @throws NotFoundError('Master product'); ValidationError on `include` for an unknown value.
   */
  async get(tenantId: string, id: string, include?: string): Promise<MasterProductResponse> {
    const includes = parseEnumList(INCLUDES, include);
    const [resource] = await this.present(tenantId, [await this.find(tenantId, id)]);
    if (!includes.includes('variants')) return resource!;
    return { ...resource!, variants: await this.variantHooks.listOf(tenantId, id) };
  }

  /**
   * Creates a master product. The slug is made from the name when omitted (`-2`, `-3`… when taken); prices
   * are read in `currency` (default: the tenant's `default_currency`) and kept in minor units; the configuration may come in either
   * shape, under `variant_attributes` or `variant_configuration`, and is kept in shape 1.
   * @throws ValidationError: slug taken, unknown currency, missing category or supplier, a bad configuration
   * (keyed under the key it was sent with; more than 1000 combinations: "Too many variants").
   */
  async create(tenantId: string, input: MasterProductCreateBody): Promise<MasterProductResponse> {
    // A generated slug can lose a race with a concurrent create of the same name: take the next one.
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransaction(this.db, (trx) => this.createIn(trx, tenantId, input));
      } catch (error) {
        const taken = takenError(error, UNIQUE_INDEXES);
        if (!taken) throw error;
        if (input.slug === undefined && attempt < 5) continue;
        throw taken;
      }
    }
  }

  private async createIn(
    trx: Transaction<DB>,
    tenantId: string,
    input: MasterProductCreateBody,
  ): Promise<MasterProductResponse> {
    const name = input.name.trim();
    const currency = input.currency ?? (await this.tenants.defaultCurrency(tenantId, trx));
    const errors: FieldErrors = {};
    if (!isCurrency(currency)) errors.currency = [`The currency ${currency} is not an ISO 4217 currency code.`];
    const slug = await resolveSlug({
      chosen: input.slug,
      from: { name, fallback: 'master-product' },
      taken: (candidate) => this.masters.slugTaken(trx, tenantId, candidate),
    });
    if (slug.taken) errors.slug = [takenMessage('slug')];
    Object.assign(errors, await this.linkErrors(trx, tenantId, input, null));
    const configuration = configurationInput(input, errors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    const now = this.clock.now().toISOString();
    const master = await this.masters.insert(trx, {
      id: this.newId(),
      tenant_id: tenantId,
      name,
      slug: slug.slug,
      sku: trimOrNull(input.sku),
      description: trimOrNull(input.description),
      short_description: trimOrNull(input.short_description),
      category_id: input.category_id ?? null,
      supplier_id: input.supplier_id ?? null,
      brand: trimOrNull(input.brand),
      model: trimOrNull(input.model),
      base_price: this.minor(input.base_price, currency),
      base_cost_price: this.minor(input.base_cost_price, currency),
      currency,
      base_weight: input.base_weight ?? null,
      base_dimensions: dimensionsOf(input.base_dimensions),
      variant_attributes: configuration?.config ?? null,
      images: input.images ?? [],
      tags: labels(input.tags ?? []),
      status: input.status ?? 'draft',
      is_visible: input.is_visible ?? false,
      is_featured: input.is_featured ?? false,
      sort_order: input.sort_order ?? 0,
      requires_shipping: input.requires_shipping ?? true,
      is_taxable: input.is_taxable ?? true,
      tax_class: trimOrNull(input.tax_class),
      meta_title: trimOrNull(input.meta_title),
      meta_description: trimOrNull(input.meta_description),
      meta_keywords: trimOrNull(input.meta_keywords),
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    const [resource] = await this.present(tenantId, [master], trx, new Map([[master.id, 0]]));
    await this.audited(trx, tenantId, 'master_product.created', null, resource!);
    return resource!;
  }

  /**
   * Partial update: only the fields sent change; renaming keeps the slug; a new currency keeps the base
   * prices in currency units, and the variants module keeps variants' own prices in step and copies a new
   * category or supplier to them. Variants that do not override a base value show the new one at once (they
   * inherit at read time). A configuration different from the stored one, while live variants exist, needs
   * `regenerate_variants: true`: the variants are then deleted first (reason `Variant configuration
   * changed`) in the same transaction.
   * @throws NotFoundError('Master product'); ValidationError as for create, and on the configuration key
   * when variants exist without regenerate_variants; BusinessRuleError from the variants module when a
   * variant to delete holds inventory (nothing changes then).
   */
  async update(
    tenantId: string,
    id: string,
    input: MasterProductUpdateBody,
    userId: string | null = null,
    precondition?: Precondition,
  ): Promise<MasterProductResponse> {
    try {
      return await inTransaction(this.db, async (trx) => {
        await this.checkPrecondition(trx, tenantId, id, precondition);
        const current = await this.findForUpdate(tenantId, id, trx);
        const [before] = await this.present(tenantId, [current], trx);
        const currency = input.currency ?? current.currency;
        const errors: FieldErrors = {};
        if (!isCurrency(currency)) errors.currency = [`The currency ${currency} is not an ISO 4217 currency code.`];
        const slug = await resolveSlug({
          chosen: input.slug,
          taken: (candidate) => this.masters.slugTaken(trx, tenantId, candidate, id),
        });
        if (slug.taken) errors.slug = [takenMessage('slug')];
        Object.assign(errors, await this.linkErrors(trx, tenantId, input, current));
        const configuration = configurationInput(input, errors);
        const reconfigured =
          configuration !== undefined && !sameConfiguration(current.variant_attributes, configuration.config);
        let variantCount = 0;
        if (reconfigured) {
          variantCount = (await this.variantHooks.countByMasters(tenantId, [id], trx)).get(id) ?? 0;
          if (variantCount > 0 && input.regenerate_variants !== true) {
            errors[configuration.key] = [
              `The variant configuration cannot change while the master product has ${variantCount} variant${variantCount === 1 ? '' : 's'}: send regenerate_variants: true to delete them first (refused while any holds inventory).`,
            ];
          }
        }
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);

        if (reconfigured && variantCount > 0) {
          await this.variantHooks.deleteAllOf(trx, tenantId, current, REASON_CONFIGURATION_CHANGED, userId);
          variantCount = 0;
        }
        const changes: MasterProductUpdate = {};
        if (input.name !== undefined) changes.name = input.name.trim();
        if (slug.slug !== undefined) changes.slug = slug.slug;
        for (const field of TEXT_FIELDS) if (input[field] !== undefined) changes[field] = trimOrNull(input[field]);
        for (const field of FLAG_FIELDS)
          if (input[field] !== undefined) Object.assign(changes, { [field]: input[field] });
        for (const key of ['category_id', 'supplier_id'] as const)
          if (input[key] !== undefined) changes[key] = input[key];
        if (input.currency !== undefined) changes.currency = input.currency;
        for (const field of PRICE_FIELDS) {
          const sent = input[field];
          const stored = current[field];
          if (sent !== undefined) changes[field] = this.minor(sent, currency);
          else if (currency !== current.currency && stored !== null)
            changes[field] = this.minor(fromMinorUnits(stored, current.currency), currency);
        }
        if (input.base_weight !== undefined) changes.base_weight = input.base_weight;
        if (input.base_dimensions !== undefined) changes.base_dimensions = dimensionsOf(input.base_dimensions);
        if (input.images !== undefined) changes.images = input.images;
        if (input.tags !== undefined) changes.tags = labels(input.tags);
        if (configuration !== undefined) changes.variant_attributes = configuration.config;

        let master = current;
        if (Object.keys(changes).length > 0) {
          changes.updated_at = this.clock.now().toISOString();
          master = (await this.masters.update(trx, tenantId, id, changes)) ?? current;
        }
        if (master.category_id !== current.category_id || master.supplier_id !== current.supplier_id) {
          await this.variantHooks.syncInherited(trx, tenantId, master);
        }
        if (master.currency !== current.currency)
          await this.variantHooks.rebaseCurrency(trx, tenantId, id, current.currency, master.currency);
        const counts = reconfigured ? new Map([[id, variantCount]]) : undefined;
        const [resource] = await this.present(tenantId, [master], trx, counts);
        await this.audited(trx, tenantId, 'master_product.updated', before!, resource!);
        return resource!;
      });
    } catch (error) {
      throw takenError(error, UNIQUE_INDEXES) ?? error;
    }
  }

  /**
   * Soft-deletes a master product and, in the same transaction, its live variants (recorded with the reason
   * `Master product deleted`); its slug becomes free again.
   * @throws NotFoundError('Master product'); BusinessRuleError while any variant holds stock on hand or
   * reserved (nothing is deleted then).
   */
  async remove(tenantId: string, id: string, userId: string | null = null, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const master = await this.findForUpdate(tenantId, id, trx);
      const [before] = await this.present(tenantId, [master], trx);
      const hooks = this.variantHooks;
      if (await hooks.anyHoldsInventory(tenantId, id, trx)) {
        throw new BusinessRuleError(
          'holds_stock',
          'The master product cannot be deleted while any of its variants holds inventory (on hand or reserved). Adjust their stock to zero first.',
        );
      }
      if (((await hooks.countByMasters(tenantId, [id], trx)).get(id) ?? 0) > 0) {
        await hooks.deleteAllOf(trx, tenantId, master, REASON_MASTER_DELETED, userId);
      }
      await this.masters.softDelete(trx, tenantId, id, this.clock.now().toISOString());
      await this.audited(trx, tenantId, 'master_product.deleted', before!, null);
    });
  }

  /** The resources of master rows, in order; `counts` (live variants by id) when the caller knows them. */
  async present(
    tenantId: string,
    rows: readonly MasterProduct[],
    db: Executor = this.db,
    counts?: Map<string, number>,
  ): Promise<MasterProductResponse[]> {
    if (rows.length === 0) return [];
    const ids = (key: 'category_id' | 'supplier_id') => rows.map((r) => r[key]).filter((v): v is string => v !== null);
    const [categories, suppliers, variantCounts] = await Promise.all([
      this.links.categories.byIds(tenantId, ids('category_id'), db),
      this.links.suppliers.byIds(tenantId, ids('supplier_id'), db),
      counts ??
        this.variantHooks.countByMasters(
          tenantId,
          rows.map((r) => r.id),
          db,
        ),
    ]);
    const summary = (record: { id: string; name: string } | undefined) =>
      record ? { id: record.id, name: record.name } : null;
    return rows.map((m) => {
      const money = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor, m.currency));
      return {
        id: m.id,
        name: m.name,
        slug: m.slug,
        sku: m.sku,
        description: m.description,
        short_description: m.short_description,
        category_id: m.category_id,
        supplier_id: m.supplier_id,
        category: summary(m.category_id ? categories.get(m.category_id) : undefined),
        supplier: summary(m.supplier_id ? suppliers.get(m.supplier_id) : undefined),
        brand: m.brand,
        model: m.model,
        base_price: money(m.base_price),
        base_cost_price: money(m.base_cost_price),
        currency: m.currency,
        base_weight: m.base_weight,
        base_dimensions: m.base_dimensions && {
          length: m.base_dimensions.length,
          width: m.base_dimensions.width,
          height: m.base_dimensions.height,
          unit: m.base_dimensions.unit,
        },
        variant_attributes: configurationOf(m.variant_attributes),
        images: m.images ?? [],
        tags: m.tags ?? [],
        status: m.status,
        is_visible: m.is_visible,
        is_featured: m.is_featured,
        sort_order: m.sort_order,
        requires_shipping: m.requires_shipping,
        is_taxable: m.is_taxable,
        tax_class: m.tax_class,
        meta_title: m.meta_title,
        meta_description: m.meta_description,
        meta_keywords: m.meta_keywords,
        products_count: variantCounts.get(m.id) ?? 0,
        created_at: m.created_at,
        updated_at: m.updated_at,
      };
    });
  }

  private minor(amount: number | null | undefined, currency: string): number | null {
    return amount === undefined || amount === null || !isCurrency(currency) ? null : toMinorUnits(amount, currency);
  }

  /** Checks the category and supplier a master is newly linked to, both at once. */
  private async linkErrors(
    db: Executor,
    tenantId: string,
    input: Pick<MasterProductUpdateBody, 'category_id' | 'supplier_id'>,
    current: MasterProduct | null,
  ): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const categoryId = input.category_id && input.category_id !== current?.category_id ? input.category_id : null;
    const supplierId = input.supplier_id && input.supplier_id !== current?.supplier_id ? input.supplier_id : null;
    if (categoryId) {
      try {
        await this.links.categories.assertExists(tenantId, categoryId, db);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        Object.assign(errors, error.errors);
      }
    }
    if (supplierId && !(await this.links.suppliers.byIds(tenantId, [supplierId], db)).has(supplierId)) {
      errors.supplier_id = ['The selected supplier does not exist.'];
    }
    return errors;
  }

  /** If-Match against the master product (without included variants) as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(
      trx,
      precondition,
      { table: 'master_products', tenantId, id },
      async () => (await this.present(tenantId, [await this.find(tenantId, id, trx)], trx))[0],
    );
  }
}
