// Tags: names and slugs unique per tenant, hard-deleted together with their product links. Inactive tags
// keep the links they have but cannot be newly linked; merging moves links to a target without duplicates.
import { bulkResult, type BulkFailure, type BulkResult } from '../../../core/bulk.js';
import { NotFoundError, ValidationError, takenMessage, type FieldErrors } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { writeUnique } from '../../../db/errors.js';
import { checkPrecondition } from '../../../db/precondition.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { resolveSlug } from '../../../lib/slug.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { auditEach, auditTrail, type AuditTrail } from '../../audit/audit-trail.js';
import type { Tag, TagFilters, TagRepository, TagStatistics, TagUpdate, TagWithCount } from './tag.repository.js';
import { DEFAULT_TAG_COLOR, type TagCreateBody, type TagMergeBody, type TagUpdateBody } from './tag.schemas.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';

export function tagResource(t: TagWithCount) {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    description: t.description,
    color: t.color,
    is_active: t.is_active,
    products_count: t.products_count,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

const NOT_FOUND_REASON = 'Tag not found.';

/** The unique indexes a concurrent write that passed the pre-check can still violate, by field. */
const UNIQUE_INDEXES = { slug: 'tags_tenant_slug_unique', name: 'tags_tenant_name_unique' };

export interface MergeResult {
  source_tag_ids: string[];
  target_tag_id: string;
  links_moved: number;
}

export interface TagServiceDeps {
  db: Executor;
  tags: TagRepository;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class TagService {
  private readonly db: Executor;
  private readonly tags: TagRepository;
  /** The audit entry of a change to one tag, as the API presents it. */
  private readonly audited: AuditTrail<TagWithCount>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: TagServiceDeps) {
    this.db = deps.db;
    this.tags = deps.tags;
    this.audited = auditTrail(deps.audit, 'tag', tagResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  list(tenantId: string, filters: TagFilters, page: PageRequest): Promise<Page<TagWithCount>> {
    return this.tags.list(this.db, tenantId, withUpdatedSinceBound(filters), page);
  }

  /** @throws NotFoundError('Tag'), also for another tenant's tag or a malformed id. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<TagWithCount> {
    const tag = await this.tags.findById(db, tenantId, id);
    if (!tag) throw new NotFoundError('Tag');
    return tag;
  }

  /** @throws ValidationError on `name` when another tag has it, and on `slug` when the chosen one is `slugTaken`. */
  private async assertUnique(
    db: Executor,
    tenantId: string,
    name: string | undefined,
    slugTaken: boolean,
    exceptId?: string,
  ): Promise<void> {
    const errors: FieldErrors = {};
    if (name !== undefined && (await this.tags.nameTaken(db, tenantId, name, exceptId)))
      errors.name = [takenMessage('name')];
    if (slugTaken) errors.slug = [takenMessage('slug')];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  private static cleanName(name: string): string {
    const trimmed = name.trim();
    if (trimmed === '') throw ValidationError.field('name', 'The name field must not be empty.');
    return trimmed;
  }

  /**
   * Creates a tag; color defaults to #3B82F6 and is stored upper-case. An omitted slug is made from the name
   * (`cordless`, then `cordless-2`… when taken; `tag` when nothing URL-safe is left of the name).
   * @throws ValidationError when the name (case-insensitive) or a given slug is taken in this tenant.
   */
  async create(tenantId: string, input: TagCreateBody): Promise<TagWithCount> {
    return inTransaction(this.db, async (trx) => {
      const name = TagService.cleanName(input.name);
      const { slug, taken } = await resolveSlug({
        chosen: input.slug,
        from: { name, fallback: 'tag' },
        taken: (candidate) => this.tags.slugTaken(trx, tenantId, candidate),
      });
      await this.assertUnique(trx, tenantId, name, taken);
      const now = this.clock.now().toISOString();
      const tag = await writeUnique(UNIQUE_INDEXES, () =>
        this.tags.insert(trx, {
          id: this.newId(),
          tenant_id: tenantId,
          name,
          slug,
          description: input.description ?? null,
          color: (input.color ?? DEFAULT_TAG_COLOR).toUpperCase(),
          is_active: input.is_active ?? true,
          created_at: now,
          updated_at: now,
        }),
      );
      const created = { ...tag, products_count: 0 };
      await this.audited(trx, 'tag.created', null, created);
      return created;
    });
  }

  /**
   * Partial update with the create rules.
   * @throws NotFoundError('Tag'); ValidationError for a taken name or slug.
   */
  async update(tenantId: string, id: string, input: TagUpdateBody, precondition?: Precondition): Promise<TagWithCount> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      const name = input.name === undefined ? undefined : TagService.cleanName(input.name);
      const { slug, taken } = await resolveSlug({
        chosen: input.slug,
        taken: (candidate) => this.tags.slugTaken(trx, tenantId, candidate, id),
      });
      await this.assertUnique(trx, tenantId, name, taken, id);
      const changes: TagUpdate = { updated_at: this.clock.now().toISOString() };
      if (name !== undefined) changes.name = name;
      if (slug !== undefined) changes.slug = slug;
      if (input.description !== undefined) changes.description = input.description;
      if (input.color !== undefined) changes.color = input.color.toUpperCase();
      if (input.is_active !== undefined) changes.is_active = input.is_active;
      await writeUnique(UNIQUE_INDEXES, () => this.tags.update(trx, tenantId, id, changes));
      const updated = await this.get(tenantId, id, trx);
      await this.audited(trx, 'tag.updated', current, updated);
      return updated;
    });
  }

  /** Deletes the tag and its product links in one transaction. @throws NotFoundError('Tag'). */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const tag = await this.get(tenantId, id, trx);
      await this.tags.deleteWithLinks(trx, tenantId, [id]);
      await this.audited(trx, 'tag.deleted', tag, null);
    });
  }

  private async split(
    db: Executor,
    tenantId: string,
    ids: readonly string[],
  ): Promise<{ found: TagWithCount[]; failures: BulkFailure[] }> {
    const existing = new Map((await this.tags.findByIdsWithCount(db, tenantId, ids)).map((t) => [t.id, t]));
    return {
      found: ids.flatMap((id) => existing.get(id) ?? []),
      failures: ids.filter((id) => !existing.has(id)).map((id) => ({ id, reason: NOT_FOUND_REASON })),
    };
  }

  /** Sets `is_active` on every given tag of the tenant; ids not found count as failed. */
  async bulkSetActive(tenantId: string, ids: readonly string[], isActive: boolean): Promise<BulkResult> {
    return inTransaction(this.db, async (trx) => {
      const { found, failures } = await this.split(trx, tenantId, ids);
      const updated_at = this.clock.now().toISOString();
      await this.tags.setActive(
        trx,
        tenantId,
        found.map((tag) => tag.id),
        isActive,
        updated_at,
      );
      const changed = found.filter((tag) => tag.is_active !== isActive);
      await auditEach(
        this.audited,
        trx,
        isActive ? 'tag.activated' : 'tag.deactivated',
        changed.map((tag) => [tag, { ...tag, is_active: isActive, updated_at }]),
      );
      return bulkResult(ids.length, failures, true);
    });
  }

  /** Deletes the given tags with their product links, in one transaction; ids not found count as failed. */
  async bulkRemove(tenantId: string, ids: readonly string[]): Promise<BulkResult> {
    return inTransaction(this.db, async (trx) => {
      const { found, failures } = await this.split(trx, tenantId, ids);
      await this.tags.deleteWithLinks(
        trx,
        tenantId,
        found.map((tag) => tag.id),
      );
      await auditEach(
        this.audited,
        trx,
        'tag.deleted',
        found.map((tag) => [tag, null]),
      );
      return bulkResult(ids.length, failures, true);
    });
  }

  /**
   * Moves every product link of the sources to the target (a product already linked to the target keeps
   * its one link), then deletes the sources; one transaction.
   * @throws ValidationError when the target is missing, inactive or among the sources, or naming missing sources.
   */
  async merge(tenantId: string, input: TagMergeBody): Promise<MergeResult> {
    const { source_tag_ids: sourceIds, target_tag_id: targetId } = input;
    return inTransaction(this.db, async (trx) => {
      const errors: FieldErrors = {};
      if (sourceIds.includes(targetId)) errors.source_tag_ids = ['The target tag cannot also be a source tag.'];
      const target = await this.tags.findById(trx, tenantId, targetId);
      if (!target) errors.target_tag_id = [`The target tag ${targetId} does not exist.`];
      // Merging newly links products to the target, which an inactive tag does not allow.
      else if (!target.is_active)
        errors.target_tag_id = ['The target tag is inactive and cannot be newly linked: activate it first.'];
      const sources = await this.tags.findByIdsWithCount(trx, tenantId, sourceIds);
      const existing = new Set(sources.map((t) => t.id));
      sourceIds.forEach((id, index) => {
        if (!existing.has(id)) errors[`source_tag_ids.${index}`] = [`The source tag ${id} does not exist.`];
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const now = this.clock.now().toISOString();
      const alreadyOnTarget = new Set(await this.tags.linkedProductIds(trx, tenantId, [targetId]));
      const toLink = (await this.tags.linkedProductIds(trx, tenantId, sourceIds)).filter(
        (productId) => !alreadyOnTarget.has(productId),
      );
      await this.tags.insertLinks(
        trx,
        toLink.map((productId) => ({ tenant_id: tenantId, product_id: productId, tag_id: targetId, created_at: now })),
      );
      await this.tags.deleteWithLinks(trx, tenantId, sourceIds);
      await this.tags.update(trx, tenantId, targetId, { updated_at: now });
      // Each source is gone into the target, whose product count grew by the links it gained.
      await auditEach(
        this.audited,
        trx,
        'tag.merged',
        sources.map((source) => [source, null]),
      );
      await this.audited(trx, 'tag.merged', target!, await this.get(tenantId, targetId, trx));
      return { source_tag_ids: [...sourceIds], target_tag_id: targetId, links_moved: toLink.length };
    });
  }

  statistics(tenantId: string): Promise<TagStatistics> {
    return this.tags.statistics(this.db, tenantId);
  }

  /** Every tag of the tenant, by name, with its live-product count. */
  async exportRows(tenantId: string): Promise<ReturnType<typeof tagResource>[]> {
    return (await this.tags.all(this.db, tenantId)).map(tagResource);
  }

  /** For product responses: each product's tags, by name. */
  async tagsOfProducts(
    tenantId: string,
    productIds: readonly string[],
    db: Executor = this.db,
  ): Promise<Map<string, Tag[]>> {
    const byProduct = new Map<string, Tag[]>();
    for (const { product_id, ...tag } of await this.tags.tagsOfProducts(db, tenantId, productIds)) {
      const list = byProduct.get(product_id) ?? [];
      list.push(tag);
      byProduct.set(product_id, list);
    }
    return byProduct;
  }

  /**
   * For the product module: refuses tag ids that do not exist in the tenant or are inactive (inactive tags
   * cannot be newly linked). Errors are keyed `tags.<index>` by position in `tagIds`.
   * `alreadyLinked` ids are allowed while inactive (an existing link may stay).
   * @throws ValidationError.
   */
  async assertLinkable(
    tenantId: string,
    tagIds: readonly string[],
    db: Executor = this.db,
    alreadyLinked: readonly string[] = [],
  ): Promise<void> {
    const errors = tagLinkErrors(tagIds, await this.linkRefusals(tenantId, tagIds, db), new Set(alreadyLinked));
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  /** For imports: the tag a spreadsheet's `text` names, by slug, else by name. */
  idNamed(tenantId: string, text: string, db: Executor = this.db): Promise<string | undefined> {
    return this.tags.idNamed(db, tenantId, text);
  }

  /** The ids among `tagIds` that a product cannot be newly linked to, with why (missing, or inactive). */
  async linkRefusals(
    tenantId: string,
    tagIds: readonly string[],
    db: Executor = this.db,
  ): Promise<Map<string, TagRefusal>> {
    const tags = new Map<string, Tag>(
      (await this.tags.findByIds(db, tenantId, [...new Set(tagIds)])).map((t) => [t.id, t]),
    );
    const refusals = new Map<string, TagRefusal>();
    for (const id of tagIds) {
      const tag = tags.get(id);
      if (!tag) refusals.set(id, { message: 'The selected tag does not exist.', inactive: false });
      else if (!tag.is_active)
        refusals.set(id, { message: `The tag ${tag.name} is inactive and cannot be newly linked.`, inactive: true });
    }
    return refusals;
  }

  /** Links new products to their tags, in one statement; the caller checked the tags (`linkRefusals`) in the same transaction. */
  async linkNewProducts(
    trx: Executor,
    tenantId: string,
    links: ReadonlyArray<{ productId: string; tagIds: readonly string[] }>,
  ): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.tags.insertLinks(
      trx,
      links.flatMap(({ productId, tagIds }) =>
        [...new Set(tagIds)].map((tagId) => ({
          tenant_id: tenantId,
          product_id: productId,
          tag_id: tagId,
          created_at: now,
        })),
      ),
    );
  }

  /**
   * For the product module, inside its transaction: makes `tagIds` the product's exact set of links
   * (removes the others, adds the missing). Tags newly linked must exist and be active; links the product
   * already has to an inactive tag may stay.
   * @throws ValidationError keyed `tags.<index>`.
   */
  async replaceProductTags(
    trx: Executor,
    tenantId: string,
    productId: string,
    tagIds: readonly string[],
  ): Promise<void> {
    const wanted = [...new Set(tagIds)];
    const current = await this.tags.tagIdsOfProduct(trx, tenantId, productId);
    await this.assertLinkable(tenantId, tagIds, trx, current);
    const currentSet = new Set(current);
    const wantedSet = new Set(wanted);
    await this.tags.deleteProductLinks(
      trx,
      tenantId,
      productId,
      current.filter((id) => !wantedSet.has(id)),
    );
    const now = this.clock.now().toISOString();
    await this.tags.insertLinks(
      trx,
      wanted
        .filter((id) => !currentSet.has(id))
        .map((tagId) => ({ tenant_id: tenantId, product_id: productId, tag_id: tagId, created_at: now })),
    );
  }

  /** If-Match against the tag as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'tags', tenantId, id }, async () =>
      tagResource(await this.get(tenantId, id, trx)),
    );
  }
}

/** Why a product cannot be newly linked to a tag; an `inactive` tag's existing link may stay. */
export interface TagRefusal {
  message: string;
  inactive: boolean;
}

/** The errors of linking a product to `tagIds`, keyed `tags.<index>`: the refused ids, but for inactive tags it is `linked` to already. */
export function tagLinkErrors(
  tagIds: readonly string[],
  refusals: ReadonlyMap<string, TagRefusal>,
  linked: ReadonlySet<string>,
): FieldErrors {
  const errors: FieldErrors = {};
  tagIds.forEach((id, index) => {
    const refusal = refusals.get(id);
    if (refusal && !(refusal.inactive && linked.has(id))) errors[`tags.${index}`] = [refusal.message];
  });
  return errors;
}
