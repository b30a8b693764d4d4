import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Page, PageRequest } from '../../core/pagination.js';
import { engineOf } from '../../db/dialect.js';
import type { DocumentOwnerType, DocumentsTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import { softDeleteLiveRows, updateLiveRow } from '../../db/live-rows.js';
import { paginate } from '../../db/paginate.js';

export type Document = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type DocumentChanges = Updateable<DocumentsTable>;

export interface DocumentFilters {
  types: string[];
  tags: string[];
  includeArchived: boolean;
  includeSensitive: boolean;
  /** Expiry window `[from, until]`; ordered by expiry when set, unless `sort` says otherwise. */
  expiring?: { from: string; until: string };
  /** An inclusive bound on updated_at, in stored form. */
  updatedSince?: string;
  sort?: { by: 'created_at' | 'updated_at'; direction: 'asc' | 'desc' };
}

export interface DocumentOwnerRef {
  tenantId: string;
  ownerType: DocumentOwnerType;
  ownerId: string;
}

export class DocumentRepository {
  private live(db: Executor, owner: DocumentOwnerRef) {
    return db
      .selectFrom('documents')
      .where('tenant_id', '=', owner.tenantId)
      .where('owner_type', '=', owner.ownerType)
      .where('owner_id', '=', owner.ownerId)
      .where('deleted_at', 'is', null);
  }

  /** An update of the owner's documents, which the live-row helpers finish with the tenant and the id. */
  private ofOwner(db: Executor, owner: DocumentOwnerRef) {
    return db.updateTable('documents').where('owner_type', '=', owner.ownerType).where('owner_id', '=', owner.ownerId);
  }

  async insert(db: Executor, document: NewDocument): Promise<Document> {
    return db.insertInto('documents').values(document).returningAll().executeTakeFirstOrThrow();
  }

  async find(db: Executor, owner: DocumentOwnerRef, id: string): Promise<Document | undefined> {
    return this.live(db, owner).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(
    db: Executor,
    owner: DocumentOwnerRef,
    filters: DocumentFilters,
    page: PageRequest,
  ): Promise<Page<Document>> {
    let query = this.live(db, owner);
    if (!filters.includeArchived) query = query.where('status', '=', 'active');
    if (!filters.includeSensitive) query = query.where('is_sensitive', '=', false);
    if (filters.types.length > 0) query = query.where('type', 'in', filters.types);
    if (filters.tags.length > 0) {
      const tags = filters.tags;
      const elements =
        engineOf(db) === 'postgres'
          ? sql`select 1 from jsonb_array_elements_text(${sql.ref('documents.tags')}) as t(value) where t.value in (${sql.join(tags)})`
          : sql`select 1 from json_each(${sql.ref('documents.tags')}) as t where t.value in (${sql.join(tags)})`;
      query = query.where(sql<boolean>`exists (${elements})`);
    }
    if (filters.expiring)
      query = query.where('expires_at', '>=', filters.expiring.from).where('expires_at', '<=', filters.expiring.until);
    if (filters.updatedSince !== undefined) query = query.where('updated_at', '>=', filters.updatedSince);

    const { sort } = filters;
    const ordered = sort
      ? query.selectAll().orderBy(sort.by, sort.direction).orderBy('id', sort.direction)
      : filters.expiring
        ? query.selectAll().orderBy('expires_at', 'asc').orderBy('id', 'asc')
        : query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
    return paginate(db, ordered, page);
  }

  async update(
    db: Executor,
    owner: DocumentOwnerRef,
    id: string,
    changes: DocumentChanges,
  ): Promise<Document | undefined> {
    return updateLiveRow(this.ofOwner(db, owner), owner.tenantId, id, changes);
  }

  /** Soft-deletes the owner's live document `id`; false when there is none. */
  async softDelete(db: Executor, owner: DocumentOwnerRef, id: string, at: string): Promise<boolean> {
    return (await softDeleteLiveRows(this.ofOwner(db, owner), owner.tenantId, id, at)) > 0;
  }

  /** Archives `id` in favour of `successorId`, only while it is still the active version. */
  async archive(db: Executor, owner: DocumentOwnerRef, id: string, successorId: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('documents')
      .set({ status: 'archived', archived_at: at, renewed_by_id: successorId, updated_at: at })
      .where('tenant_id', '=', owner.tenantId)
      .where('owner_type', '=', owner.ownerType)
      .where('owner_id', '=', owner.ownerId)
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
