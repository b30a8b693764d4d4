// Brands: slugs unique per tenant among live brands (generated from the name when not given, then kept
// on rename); soft delete refused while live products are linked; inactive brands keep their links but
// cannot be newly linked.
import { bulkResult, type BulkFailure, type BulkResult } from '../../../core/bulk.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { writeUnique } from '../../../db/errors.js';
import type { Transaction } from 'kysely';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { auditEach, auditTrail, type AuditTrail } from '../../audit/audit-trail.js';
import { resolveSlug } from '../../../lib/slug.js';
import type {
  Brand,
  BrandFilters,
  BrandListOptions,
  BrandRepository,
  BrandStatistics,
  BrandUpdate,
  BrandWithCount,
} from './brand.repository.js';
import type { BrandCreateBody, BrandUpdateBody } from './brand.schemas.js';

export const BRAND_NOT_FOUND_REASON = 'Brand not found.';
export const INACTIVE_BRAND =
  'The selected brand is inactive: inactive brands keep existing links and cannot be newly linked.';

const hasProducts = (n: number) =>
  `The brand cannot be deleted while ${n} product${n === 1 ? ' is' : 's are'} linked to it.`;

export function brandResource(b: BrandWithCount) {
  return {
    id: b.id,
    name: b.name,
    slug: b.slug,
    description: b.description,
    logo_url: b.logo_url,
    website_url: b.website_url,
    is_active: b.is_active,
    products_count: b.products_count,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}

/** The unique indexes a write can lose a race on, by field. */
const UNIQUE_INDEXES = { slug: 'brands_tenant_slug_unique' };

export interface BrandServiceDeps {
  db: Executor;
  brands: BrandRepository;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class BrandService {
  private readonly db: Executor;
  private readonly brands: BrandRepository;
  /** The audit entry of a change to one brand, as the API presents it (null before a creation, after a deletion). */
  private readonly audited: AuditTrail<BrandWithCount>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: BrandServiceDeps) {
    this.db = deps.db;
    this.brands = deps.brands;
    this.audited = auditTrail(deps.audit, 'brand', brandResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  list(tenantId: string, options: BrandListOptions, page: PageRequest): Promise<Page<BrandWithCount>> {
    return this.brands.list(this.db, tenantId, withUpdatedSinceBound(options), page);
  }

  /** @throws NotFoundError('Brand'), also for another tenant's or a deleted brand. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<BrandWithCount> {
    const brand = await this.brands.findById(db, tenantId, id);
    if (!brand) throw new NotFoundError('Brand');
    return brand;
  }

  /** For imports: the live brands a spreadsheet's `text` names, by slug, else by name (two when the name is ambiguous). */
  idsNamed(tenantId: string, text: string, db: Executor = this.db): Promise<string[]> {
    return this.brands.idsNamed(db, tenantId, text);
  }

  /** For product responses: the live brands among `ids`, by id. */
  async byIds(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Map<string, Brand>> {
    return new Map((await this.brands.findByIds(db, tenantId, [...new Set(ids)])).map((b) => [b.id, b]));
  }

  /**
   * For the product module: the ids among `ids` that a product cannot be newly linked to, with why: a brand
   * must exist (live, same tenant) and be active. Existing links to a brand that became inactive stay; the
   * product module asks only about a `brand_id` set or changed.
   */
  async linkRefusals(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const found = await this.byIds(tenantId, ids, db);
    const refusals = new Map<string, string>();
    for (const id of ids) {
      const brand = found.get(id);
      if (!brand) refusals.set(id, 'The selected brand id is invalid.');
      else if (!brand.is_active) refusals.set(id, INACTIVE_BRAND);
    }
    return refusals;
  }

  /**
   * Creates a brand. A given slug must be free among the tenant's live brands; an omitted one is made
   * from the name, with `-2`, `-3`… appended when taken.
   * @throws ValidationError on `slug` when the given slug is taken.
   */
  async create(tenantId: string, input: BrandCreateBody, db: Executor = this.db): Promise<BrandWithCount> {
    return inTransaction(db, async (trx) => {
      const name = input.name.trim();
      const { slug, taken } = await resolveSlug({
        chosen: input.slug,
        from: { name, fallback: 'brand' },
        taken: (candidate) => this.brands.slugTaken(trx, tenantId, candidate),
      });
      if (taken) throw ValidationError.taken('slug');
      const now = this.clock.now().toISOString();
      const brand = await writeUnique(UNIQUE_INDEXES, () =>
        this.brands.insert(trx, {
          id: this.newId(),
          tenant_id: tenantId,
          name,
          slug,
          description: input.description ?? null,
          logo_url: input.logo_url ?? null,
          website_url: input.website_url ?? null,
          is_active: input.is_active ?? true,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        }),
      );
      const created = { ...brand, products_count: 0 };
      await this.audited(trx, 'brand.created', null, created);
      return created;
    });
  }

  /**
   * Partial update. Renaming keeps the slug; the slug changes only when `slug` is sent.
   * @throws NotFoundError('Brand'); ValidationError on `slug` when taken by another live brand.
   */
  async update(
    tenantId: string,
    id: string,
    input: BrandUpdateBody,
    precondition?: Precondition,
  ): Promise<BrandWithCount> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      const { slug, taken } = await resolveSlug({
        chosen: input.slug,
        taken: (candidate) => this.brands.slugTaken(trx, tenantId, candidate, id),
      });
      if (taken) throw ValidationError.taken('slug');
      const changes: BrandUpdate = { updated_at: this.clock.now().toISOString() };
      if (input.name !== undefined) changes.name = input.name.trim();
      if (slug !== undefined) changes.slug = slug;
      if (input.description !== undefined) changes.description = input.description;
      if (input.logo_url !== undefined) changes.logo_url = input.logo_url;
      if (input.website_url !== undefined) changes.website_url = input.website_url;
      if (input.is_active !== undefined) changes.is_active = input.is_active;
      const updated = await writeUnique(UNIQUE_INDEXES, () => this.brands.update(trx, tenantId, id, changes));
      if (!updated) throw new NotFoundError('Brand');
      const result = { ...updated, products_count: current.products_count };
      await this.audited(trx, 'brand.updated', current, result);
      return result;
    });
  }

  /**
   * Soft-deletes a brand; its slug becomes free again.
   * @throws NotFoundError('Brand'); ConflictError (409) while live products are linked.
   */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const brand = await this.get(tenantId, id, trx);
      if (brand.products_count > 0) throw new ConflictError('brand_has_products', hasProducts(brand.products_count));
      await this.brands.softDelete(trx, tenantId, [id], this.clock.now().toISOString());
      await this.audited(trx, 'brand.deleted', brand, null);
    });
  }

  /** If-Match against the brand as GET answers it. @throws PreconditionFailedError; NotFoundError('Brand'). */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'brands', tenantId, id }, async () =>
      brandResource(await this.get(tenantId, id, trx)),
    );
  }

  /** Activates or deactivates each live brand of `ids`; ids not found (or of another tenant) fail. */
  async bulkSetActive(tenantId: string, ids: readonly string[], isActive: boolean): Promise<BulkResult> {
    return inTransaction(this.db, async (trx) => {
      const existing = await this.withCounts(trx, tenantId, ids);
      const failures = ids.filter((id) => !existing.has(id)).map((id) => ({ id, reason: BRAND_NOT_FOUND_REASON }));
      if (existing.size > 0) {
        const updated_at = this.clock.now().toISOString();
        await this.brands.setActive(trx, tenantId, [...existing.keys()], isActive, updated_at);
        const changed = [...existing.values()].filter((brand) => brand.is_active !== isActive);
        await auditEach(
          this.audited,
          trx,
          isActive ? 'brand.activated' : 'brand.deactivated',
          changed.map((brand) => [brand, { ...brand, is_active: isActive, updated_at }]),
        );
      }
      return bulkResult(ids.length, failures);
    });
  }

  /** Soft-deletes each live brand of `ids` without linked products; the others are listed as failures. */
  async bulkRemove(tenantId: string, ids: readonly string[]): Promise<BulkResult> {
    return inTransaction(this.db, async (trx) => {
      const existing = await this.withCounts(trx, tenantId, ids);
      const failures: BulkFailure[] = [];
      const deletable: BrandWithCount[] = [];
      for (const id of ids) {
        const brand = existing.get(id);
        if (!brand) failures.push({ id, reason: BRAND_NOT_FOUND_REASON });
        else if (brand.products_count > 0) failures.push({ id, reason: hasProducts(brand.products_count) });
        else deletable.push(brand);
      }
      if (deletable.length > 0) {
        await this.brands.softDelete(
          trx,
          tenantId,
          deletable.map((brand) => brand.id),
          this.clock.now().toISOString(),
        );
        await auditEach(
          this.audited,
          trx,
          'brand.deleted',
          deletable.map((brand) => [brand, null]),
        );
      }
      return bulkResult(ids.length, failures, true);
    });
  }

  /** The live brands of `ids` with their linked-product counts, by id. */
  private async withCounts(
    trx: Transaction<DB>,
    tenantId: string,
    ids: readonly string[],
  ): Promise<Map<string, BrandWithCount>> {
    const brands = await this.brands.findByIds(trx, tenantId, ids);
    const linked =
      brands.length > 0
        ? await this.brands.linkedProductCounts(
            trx,
            tenantId,
            brands.map((brand) => brand.id),
          )
        : new Map<string, number>();
    return new Map(brands.map((brand) => [brand.id, { ...brand, products_count: linked.get(brand.id) ?? 0 }]));
  }

  statistics(tenantId: string): Promise<BrandStatistics> {
    return this.brands.statistics(this.db, tenantId);
  }

  /** Every live brand matching `filters`, by name, as export rows. */
  async exportRows(tenantId: string, filters: BrandFilters) {
    return (await this.brands.all(this.db, tenantId, filters)).map(brandResource);
  }
}
