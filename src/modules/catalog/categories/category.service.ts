// Product categories: a tree of any depth per tenant. depth_level (0 = root) and the materialised path are
// stored and kept right for the whole subtree on every move; slugs come from names and are unique among a tenant's live categories.
import { bulkResult, type BulkResult } from '../../../core/bulk.js';
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { writeUnique } from '../../../db/errors.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { resolveSlug } from '../../../lib/slug.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { auditEach, auditTrail, type AuditTrail } from '../../audit/audit-trail.js';
import { childPath, rootOfPath } from './category-path.js';
import type {
  Breadcrumb,
  Category,
  CategoryFilters,
  CategoryRepository,
  CategoryUpdate,
} from './category.repository.js';
import type { BulkStatusBody, CategoryCreateBody, CategoryUpdateBody, ReorderBody } from './category.schemas.js';

const RESOURCE = 'Category';
const PARENT_MISSING = 'The selected parent category does not exist.';
const MISSING_CATEGORY = 'The selected category does not exist.';

export function categoryResource(c: Category) {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    parent_id: c.parent_id,
    sort_order: c.sort_order,
    is_active: c.is_active,
    is_featured: c.is_featured,
    depth_level: c.depth_level,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export type CategoryResource = ReturnType<typeof categoryResource>;
export type CategoryTreeNode = CategoryResource & { children: CategoryTreeNode[] };

function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw ValidationError.field('name', 'The name field must not be empty.');
  return trimmed;
}

/** The unique indexes a write can lose a race on, by field. */
const UNIQUE_INDEXES = { slug: 'product_categories_tenant_slug_unique' };

/** Sibling order: sort_order, then name (case-insensitive), then id. */
function siblingOrder(a: Category, b: Category): number {
  if (a.sort_order !== b.sort_order) return a.sort_order - b.sort_order;
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface CategoryServiceDeps {
  db: Executor;
  categories: CategoryRepository;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class CategoryService {
  private readonly db: Executor;
  private readonly categories: CategoryRepository;
  /** The audit entry of a change to one category, as the API presents it. */
  private readonly audited: AuditTrail<Category>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: CategoryServiceDeps) {
    this.db = deps.db;
    this.categories = deps.categories;
    this.audited = auditTrail(deps.audit, 'category', categoryResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  list(tenantId: string, filters: CategoryFilters, page: PageRequest): Promise<Page<Category>> {
    return this.categories.list(this.db, tenantId, withUpdatedSinceBound(filters), page);
  }

  /** @throws NotFoundError('Category'), also for another tenant's or a deleted category. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<Category> {
    const category = await this.categories.findById(db, tenantId, id);
    if (!category) throw new NotFoundError(RESOURCE);
    return category;
  }

  /**
   * For other modules (products): the live category of the tenant.
   * @throws ValidationError on `category_id` when it does not exist in the tenant.
   */
  async assertExists(tenantId: string, id: string, db: Executor = this.db): Promise<Category> {
    const category = await this.categories.findById(db, tenantId, id);
    if (!category) throw ValidationError.field('category_id', MISSING_CATEGORY);
    return category;
  }

  /** For the product module: the ids among `ids` that a product cannot be linked to, with why (not a live category). */
  async linkRefusals(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const found = await this.byIds(tenantId, ids, db);
    return new Map(ids.filter((id) => !found.has(id)).map((id) => [id, MISSING_CATEGORY]));
  }

  /** For product responses: the live categories among `ids`, by id. */
  async byIds(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Map<string, Category>> {
    return new Map((await this.categories.findByIds(db, tenantId, [...new Set(ids)])).map((c) => [c.id, c]));
  }

  /** For the product list: the live category of the tenant, if it is one. */
  find(tenantId: string, id: string, db: Executor = this.db): Promise<Category | undefined> {
    return this.categories.findById(db, tenantId, id);
  }

  /**
   * For "category including descendants" filters: the category's id and every live descendant's id;
   * empty when the category does not exist in the tenant.
   */
  descendantIds(tenantId: string, id: string, db: Executor = this.db): Promise<string[]> {
    return this.categories.subtreeIds(db, tenantId, id);
  }

  /** The live category with this slug. */
  async bySlug(tenantId: string, slug: string, db: Executor = this.db): Promise<Category | undefined> {
    return this.categories.findBySlug(db, tenantId, slug);
  }

  /**
   * The live category a path of names leads to from the roots (`Tools > Power tools`, names compared ignoring
   * case). @throws ValidationError on `field` naming the first step that leads nowhere or to two categories.
   */
  async byNamePath(
    tenantId: string,
    names: readonly string[],
    field: string,
    db: Executor = this.db,
  ): Promise<Category> {
    let found: Category | null = null;
    for (const name of names) {
      const matches = await this.categories.findChildrenNamed(db, tenantId, found?.id ?? null, name);
      const where = found ? `under ${found.name}` : 'at the top of the tree';
      if (matches.length === 0) throw ValidationError.field(field, `No category named ${name} ${where}.`);
      if (matches.length > 1)
        throw ValidationError.field(field, `Two categories are named ${name} ${where}; name it by its slug.`);
      found = matches[0]!;
    }
    if (!found) throw ValidationError.field(field, 'The category path is empty.');
    return found;
  }

  /**
   * Creates a category under `parent_id` (or as a root) with a slug generated from its name.
   * @throws ValidationError on `parent_id` when the parent does not exist in the tenant.
   */
  async create(tenantId: string, input: CategoryCreateBody): Promise<Category> {
    const name = trimmedName(input.name);
    return inTransaction(this.db, async (trx) => {
      await this.categories.lockTree(trx, tenantId);
      const parent = input.parent_id ? await this.categories.findById(trx, tenantId, input.parent_id) : null;
      if (parent === undefined) throw ValidationError.field('parent_id', PARENT_MISSING);
      const slug = await this.slugFor(trx, tenantId, name);
      const now = this.clock.now().toISOString();
      const id = this.newId();
      const created = await writeUnique(UNIQUE_INDEXES, () =>
        this.categories.insert(trx, {
          id,
          tenant_id: tenantId,
          name,
          slug,
          description: input.description ?? null,
          parent_id: input.parent_id ?? null,
          sort_order: input.sort_order ?? 0,
          is_active: input.is_active ?? true,
          is_featured: input.is_featured ?? false,
          depth_level: parent ? parent.depth_level + 1 : 0,
          path: childPath(parent?.path ?? null, id),
          created_at: now,
          updated_at: now,
          deleted_at: null,
        }),
      );
      await this.audited(trx, 'category.created', null, created);
      return created;
    });
  }

  /**
   * Partial update; a new name regenerates the slug. The parent is changed only through `move`: a
   * `parent_id` equal to the current parent is accepted (a client sending the record back), another is
   * refused.
   * @throws NotFoundError('Category'); ValidationError on `parent_id` when it differs from the current parent.
   */
  async update(
    tenantId: string,
    id: string,
    input: CategoryUpdateBody,
    precondition?: Precondition,
  ): Promise<Category> {
    return inTransaction(this.db, async (trx) => {
      await this.categories.lockTree(trx, tenantId);
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      if (input.parent_id !== undefined && input.parent_id !== current.parent_id) {
        throw ValidationError.field(
          'parent_id',
          'The parent cannot be changed here: use POST /operations/product-categories/{id}/move.',
        );
      }
      const changes: CategoryUpdate = { updated_at: this.clock.now().toISOString() };
      if (input.name !== undefined) {
        const name = trimmedName(input.name);
        if (name !== current.name) {
          changes.name = name;
          changes.slug = await this.slugFor(trx, tenantId, name, id);
        }
      }
      if (input.description !== undefined) changes.description = input.description;
      if (input.sort_order !== undefined) changes.sort_order = input.sort_order;
      if (input.is_active !== undefined) changes.is_active = input.is_active;
      if (input.is_featured !== undefined) changes.is_featured = input.is_featured;
      const updated = await writeUnique(UNIQUE_INDEXES, () => this.categories.update(trx, tenantId, id, changes));
      if (!updated) throw new NotFoundError(RESOURCE);
      await this.audited(trx, 'category.updated', current, updated);
      return updated;
    });
  }

  /**
   * Soft-deletes a category; its slug becomes free again.
   * @throws NotFoundError('Category'); BusinessRuleError when it has live subcategories or live products.
   */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.categories.lockTree(trx, tenantId);
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const category = await this.get(tenantId, id, trx);
      const children = await this.categories.countChildren(trx, tenantId, id);
      if (children > 0) {
        throw new BusinessRuleError(
          'category_has_subcategories',
          `Cannot delete a category that has ${children} subcategor${children === 1 ? 'y' : 'ies'}. Move or delete them first.`,
        );
      }
      const products = await this.categories.countProducts(trx, tenantId, id);
      if (products > 0) {
        throw new BusinessRuleError(
          'category_has_products',
          `Cannot delete a category that has ${products} product${products === 1 ? '' : 's'}. Reassign them first.`,
        );
      }
      await this.categories.softDelete(trx, tenantId, id, this.clock.now().toISOString());
      await this.audited(trx, 'category.deleted', category, null);
    });
  }

  /** Every live category of the tenant as nested `children` arrays, siblings in sort_order then name. */
  async tree(tenantId: string): Promise<CategoryTreeNode[]> {
    const rows = (await this.categories.all(this.db, tenantId)).sort(siblingOrder);
    const nodes = new Map<string, CategoryTreeNode>();
    for (const row of rows) nodes.set(row.id, { ...categoryResource(row), children: [] });
    const roots: CategoryTreeNode[] = [];
    for (const row of rows) {
      const node = nodes.get(row.id)!;
      const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
      // A parent that is not live cannot happen (delete refuses parents); show such a node as a root.
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  /** Root first, the category last. @throws NotFoundError('Category'). */
  async breadcrumbs(tenantId: string, id: string): Promise<Breadcrumb[]> {
    const chain = await this.categories.ancestry(this.db, tenantId, id);
    if (chain.length === 0) throw new NotFoundError(RESOURCE);
    return chain;
  }

  /**
   * Sets the sort_order of sibling categories (all listed ids must exist and share one parent; siblings
   * not listed keep theirs).
   * @throws ValidationError on `categories.<i>.id` for unknown or repeated ids; BusinessRuleError for mixed parents.
   */
  async reorder(tenantId: string, input: ReorderBody): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      const ids = input.categories.map((c) => c.id);
      const errors: Record<string, string[]> = {};
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        if (seen.has(id)) errors[`categories.${i}.id`] = ['The id appears more than once.'];
        seen.add(id);
      });
      const found = new Map((await this.categories.findByIds(trx, tenantId, [...seen])).map((c) => [c.id, c]));
      ids.forEach((id, i) => {
        if (!found.has(id)) errors[`categories.${i}.id`] = ['The selected category does not exist.'];
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const parents = new Set([...found.values()].map((c) => c.parent_id));
      if (parents.size > 1)
        throw new BusinessRuleError('category_parents_differ', 'All categories to reorder must share the same parent.');
      const now = this.clock.now().toISOString();
      for (const { id, sort_order } of input.categories) {
        const before = found.get(id)!;
        const after = await this.categories.update(trx, tenantId, id, { sort_order, updated_at: now });
        if (after && before.sort_order !== sort_order) await this.audited(trx, 'category.reordered', before, after);
      }
      return input.categories.length;
    });
  }

  /**
   * Moves a category (with its subtree) under `parentId`, or to the roots for null, and shifts the depth
   * and rewrites the paths of the whole subtree (and the tree root its products keep, when that changes), in
   * one transaction. Its sort_order is kept.
   * @throws NotFoundError('Category'); ValidationError on `parent_id` when the parent does not exist or is
   * the category itself or one of its descendants.
   */
  async move(tenantId: string, id: string, parentId: string | null, precondition?: Precondition): Promise<Category> {
    return inTransaction(this.db, async (trx) => {
      await this.categories.lockTree(trx, tenantId);
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      if (parentId === current.parent_id) return current;
      const parent = parentId === null ? null : await this.categories.findById(trx, tenantId, parentId);
      if (parent === undefined) throw ValidationError.field('parent_id', PARENT_MISSING);
      if (parent?.path.startsWith(current.path)) {
        throw ValidationError.field('parent_id', 'A category cannot be moved into itself or one of its descendants.');
      }
      const depth = parent ? parent.depth_level + 1 : 0;
      const path = childPath(parent?.path ?? null, id);
      const subtree = await this.categories.subtreeIds(trx, tenantId, id);
      const now = this.clock.now().toISOString();
      const delta = depth - current.depth_level;
      if (delta !== 0) {
        await this.categories.shiftDepth(
          trx,
          tenantId,
          subtree.filter((d) => d !== id),
          delta,
          now,
        );
      }
      await this.categories.rewritePaths(trx, tenantId, current.path, path);
      if (rootOfPath(path) !== rootOfPath(current.path))
        await this.categories.setProductsRoot(trx, tenantId, subtree, rootOfPath(path));
      const moved = await this.categories.update(trx, tenantId, id, {
        parent_id: parentId,
        depth_level: depth,
        updated_at: now,
      });
      if (!moved) throw new NotFoundError(RESOURCE);
      await this.audited(trx, 'category.moved', current, moved);
      return moved;
    });
  }

  /** Flips is_featured. @throws NotFoundError('Category'). */
  async toggleFeatured(tenantId: string, id: string, precondition?: Precondition): Promise<Category> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const toggled = await this.categories.toggleFeatured(trx, tenantId, id, this.clock.now().toISOString());
      if (!toggled) throw new NotFoundError(RESOURCE);
      await this.audited(trx, 'category.featured_toggled', { ...toggled, is_featured: !toggled.is_featured }, toggled);
      return toggled;
    });
  }

  /** If-Match against the category as GET answers it. @throws PreconditionFailedError; NotFoundError('Category'). */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'product_categories', tenantId, id }, async () =>
      categoryResource(await this.get(tenantId, id, trx)),
    );
  }

  /** Sets is_active on many categories (no cascade to children); ids not found in the tenant count as failed. */
  async bulkStatus(tenantId: string, input: BulkStatusBody): Promise<BulkResult> {
    const changed = await inTransaction(this.db, async (trx) => {
      const before = await this.categories.findByIds(trx, tenantId, input.category_ids);
      const updated_at = this.clock.now().toISOString();
      const ids = new Set(
        await this.categories.setActive(trx, tenantId, input.category_ids, input.is_active, updated_at),
      );
      const switched = before.filter((category) => ids.has(category.id) && category.is_active !== input.is_active);
      const action = input.is_active ? 'category.activated' : 'category.deactivated';
      await auditEach(
        this.audited,
        trx,
        action,
        switched.map((category) => [category, { ...category, is_active: input.is_active, updated_at }]),
      );
      return ids;
    });
    const failures = input.category_ids
      .filter((id) => !changed.has(id))
      .map((id) => ({ id, reason: 'Category not found.' }));
    return bulkResult(input.category_ids.length, failures);
  }

  /** The first free slug for `name` among the tenant's live categories, other than `exceptId`'s own. */
  private async slugFor(db: Executor, tenantId: string, name: string, exceptId?: string): Promise<string> {
    const { slug } = await resolveSlug({
      from: { name, fallback: 'category' },
      taken: (candidate) => this.categories.slugTaken(db, tenantId, candidate, exceptId),
    });
    return slug;
  }
}
