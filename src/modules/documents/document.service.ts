// Documents of products, suppliers and purchase orders. Bytes go to storage under a key made of ULIDs
// (tenant, owner type, document), never a name from the upload; the row is written after the bytes are
// stored, and the bytes are removed again when the row cannot be written, so no row points at nothing.
import {
  BusinessRuleError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  type FieldErrors,
} from '../../core/errors.js';
import type { Page, PageRequest } from '../../core/pagination.js';
import type { Precondition } from '../../core/precondition.js';
import { updatedSinceBound } from '../../core/updated-since.js';
import { formCheck } from '../../core/validation.js';
import { checkPrecondition } from '../../db/precondition.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import { auditTrail } from '../audit/audit-trail.js';
import { documentResource } from './document.presenter.js';
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { DB, DocumentOwnerType } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import { commaList } from '../../lib/comma-list.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { detectFormat, formatLabel, type DetectedFormat } from './document-formats.js';
import type { DocumentOwner } from './document-owners.js';
import type { ReceivedFile, ReceivedUpload, UploadFields } from './document-upload.js';
import type { Document, DocumentOwnerRef, DocumentRepository } from './document.repository.js';
import {
  DocumentRenewFields,
  DocumentUploadFields,
  type DocumentListQuery,
  type DocumentUpdateBody,
} from './document.schemas.js';
import { StoredObjectMissingError, type DocumentStorage } from './storage/document-storage.js';

/** Throws NotFoundError when the owner is not a live record of the tenant. */
export type OwnerLookup = (tenantId: string, ownerId: string, db: Executor) => Promise<void>;

/**
 * An If-Match precondition on a document, with the document's resource as the routes present it (they know its
 * download URL and the time its expiry is judged at), whose ETag the precondition names.
 */
export interface DocumentCondition {
  precondition: Precondition;
  present: (document: Document) => unknown;
}

export interface DocumentCaller {
  tenantId: string;
  userId: string | null;
  /** Whether the caller holds the owner's manage ability, which sensitive documents need. */
  canSeeSensitive: boolean;
}

const METADATA_KEY = /^(?!__proto__$|constructor$|prototype$)[A-Za-z0-9_.-]{1,64}$/;
const TRUE_WORDS = new Set(['1', 'on', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'no']);

const checkUpload = formCheck(DocumentUploadFields);
const checkRenewal = formCheck(DocumentRenewFields);

function formFields(check: ReturnType<typeof formCheck>, raw: UploadFields): Partial<DocumentUploadFields> {
  const fields: Record<string, unknown> = { ...raw };
  for (const name of ['is_public', 'is_sensitive']) {
    const value = typeof fields[name] === 'string' ? (fields[name] as string).toLowerCase() : undefined;
    if (value !== undefined && TRUE_WORDS.has(value)) fields[name] = 'true';
    if (value !== undefined && FALSE_WORDS.has(value)) fields[name] = 'false';
  }
  const errors = check(fields);
  if (errors) throw new ValidationError(errors);
  return fields as Partial<DocumentUploadFields>;
}

/** The owner's rules that a schema cannot say: allowed tags and metadata keys. */
function ownerRuleErrors(
  owner: DocumentOwner,
  fields: { tags?: string[]; metadata?: Record<string, string> },
): FieldErrors {
  const errors: FieldErrors = {};
  fields.tags?.forEach((tag, index) => {
    if (!owner.allowedTags.includes(tag)) {
      errors[`tags.${index}`] = [
        `The tag "${tag}" is not allowed on ${owner.label.toLowerCase()} documents. Allowed: ${owner.allowedTags.join(', ')}.`,
      ];
    }
  });
  for (const key of Object.keys(fields.metadata ?? {})) {
    if (!METADATA_KEY.test(key))
      errors[`metadata.${key}`] = ['A metadata key is 1 to 64 letters, digits, dots, dashes or underscores.'];
  }
  return errors;
}

function formatErrors(owner: DocumentOwner, file: ReceivedFile | null, format: DetectedFormat | null): FieldErrors {
  if (!file) return { file: ['The file field is required.'] };
  if (file.size === 0) return { file: ['The file must not be empty.'] };
  if (owner.formats && format && !owner.formats.includes(format.format)) {
    const allowed = [...new Set(owner.formats.map(formatLabel))];
    const found =
      format.format === 'other' ? `its content is ${format.mimeType}` : `its content is ${formatLabel(format.format)}`;
    return { file: [`The file must be one of: ${allowed.join(', ')}; ${found}.`] };
  }
  return {};
}

const storageKey = (tenantId: string, owner: DocumentOwner, id: string) => `${tenantId}/${owner.type}/${id}`;
const toTimestamp = (value: string | null | undefined) => (value == null ? value : new Date(value).toISOString());
const uniqueTags = (tags: string[] | undefined) => (tags === undefined ? undefined : [...new Set(tags)]);
/** The fields that were sent: an omitted one keeps its stored value. */
const definedOnly = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

export interface DocumentServiceDeps {
  db: Executor;
  documents: DocumentRepository;
  storage: DocumentStorage;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  owners: Readonly<Record<DocumentOwnerType, OwnerLookup>>;
  /** Where the API is mounted: the audit log records documents as the API presents them, download link included. */
  apiPrefix: string;
}

export class DocumentService {
  private readonly db: Executor;
  private readonly documents: DocumentRepository;
  private readonly storage: DocumentStorage;
  private readonly audit: AuditLog;
  private readonly apiPrefix: string;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly owners: Readonly<Record<DocumentOwnerType, OwnerLookup>>;

  constructor(deps: DocumentServiceDeps) {
    this.db = deps.db;
    this.documents = deps.documents;
    this.storage = deps.storage;
    this.audit = deps.audit;
    this.apiPrefix = deps.apiPrefix;
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.owners = deps.owners;
  }

  /** 404 unless the owner is a live record of the caller's tenant; called before an upload is read. */
  async requireOwner(tenantId: string, owner: DocumentOwner, ownerId: string, db: Executor = this.db): Promise<void> {
    await this.owners[owner.type](tenantId, ownerId, db);
  }

  async list(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    query: Omit<DocumentListQuery, 'page' | 'per_page'>,
    page: PageRequest,
  ): Promise<Page<Document>> {
    await this.requireOwner(caller.tenantId, owner, ownerId);
    const now = this.clock.now();
    const days = query.expiring_within_days;
    return this.documents.list(
      this.db,
      this.ref(caller, owner, ownerId),
      {
        types: commaList(query.type),
        tags: commaList(query.tags),
        includeArchived: query.include_archived,
        includeSensitive: caller.canSeeSensitive,
        expiring:
          days === undefined
            ? undefined
            : { from: now.toISOString(), until: new Date(now.getTime() + days * 86_400_000).toISOString() },
        updatedSince: updatedSinceBound(query.updated_since),
        sort: query.sort_by && {
          by: query.sort_by,
          direction: query.sort_direction ?? (query.sort_by === 'created_at' ? 'desc' : 'asc'),
        },
      },
      page,
    );
  }

  /** Throws NotFoundError for a missing or deleted document, ForbiddenError for a sensitive one the caller may not see. */
  async get(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    documentId: string,
    db: Executor = this.db,
  ): Promise<Document> {
    await this.requireOwner(caller.tenantId, owner, ownerId, db);
    const document = await this.documents.find(db, this.ref(caller, owner, ownerId), documentId);
    if (!document) throw new NotFoundError('Document');
    if (document.is_sensitive && !caller.canSeeSensitive) throw ForbiddenError.missingAbility(owner.manageAbility);
    return document;
  }

  /** The document and a stream of its bytes. */
  async open(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    documentId: string,
  ): Promise<{ document: Document; content: Readable }> {
    const document = await this.get(caller, owner, ownerId, documentId);
    try {
      return { document, content: await this.storage.open(document.storage_key) };
    } catch (error) {
      // The row outlived its bytes (removed by hand from the disk or bucket): say so rather than fail.
      if (error instanceof StoredObjectMissingError) throw new NotFoundError('Document file');
      throw error;
    }
  }

  /** Stores an uploaded document. Throws ValidationError for bad fields, a refused tag or a refused format. */
  async upload(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    upload: ReceivedUpload,
  ): Promise<Document> {
    const fields = formFields(checkUpload, upload.fields) as DocumentUploadFields;
    const file = await this.checkedFile(owner, upload, fields);
    return this.store(caller, owner, ownerId, file, async (trx, id, now) => {
      await this.requireOwner(caller.tenantId, owner, ownerId, trx);
      const uploaded = await this.documents.insert(trx, {
        ...this.newRow(caller, owner, ownerId, id, file, now),
        type: fields.type,
        name: fields.name ?? file.received.filename,
        description: fields.description ?? null,
        tags: uniqueTags(fields.tags) ?? [],
        is_public: fields.is_public ?? false,
        is_sensitive: fields.is_sensitive ?? false,
        expires_at: toTimestamp(fields.expires_at) ?? null,
        metadata: fields.metadata ?? {},
        renews_id: null,
      });
      await this.audited(trx, owner, 'document.uploaded', null, uploaded);
      return uploaded;
    });
  }

  /**
   * Uploads a new version of a document and archives the old one in the same transaction. Fields not sent
   * are kept from the old version, except the expiry, which belongs to the old paper. Throws
   * BusinessRuleError when the document is already archived (two renewals of one version: one wins).
   */
  async renew(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    documentId: string,
    upload: ReceivedUpload,
    condition?: DocumentCondition,
  ): Promise<Document> {
    const fields = formFields(checkRenewal, upload.fields);
    const previous = await this.get(caller, owner, ownerId, documentId);
    const file = await this.checkedFile(owner, upload, fields);
    return this.store(caller, owner, ownerId, file, async (trx, id, now) => {
      await this.checkPrecondition(trx, caller, owner, ownerId, documentId, condition);
      const renewed = await this.documents.insert(trx, {
        ...this.newRow(caller, owner, ownerId, id, file, now),
        type: fields.type ?? previous.type,
        name: fields.name ?? previous.name,
        description: fields.description ?? previous.description,
        tags: uniqueTags(fields.tags) ?? previous.tags,
        is_public: fields.is_public ?? previous.is_public,
        is_sensitive: fields.is_sensitive ?? previous.is_sensitive,
        expires_at: toTimestamp(fields.expires_at) ?? null,
        metadata: fields.metadata ?? previous.metadata,
        renews_id: previous.id,
      });
      if (!(await this.documents.archive(trx, this.ref(caller, owner, ownerId), previous.id, id, now))) {
        throw new BusinessRuleError(
          'document_not_current',
          'Only the current version of a document can be renewed; this one is archived or deleted.',
        );
      }
      await this.audited(trx, owner, 'document.renewed', null, renewed);
      return renewed;
    });
  }

  /** Changes the document's descriptive fields. */
  async update(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    documentId: string,
    input: DocumentUpdateBody,
    condition?: DocumentCondition,
  ): Promise<Document> {
    const errors = ownerRuleErrors(owner, input);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, caller, owner, ownerId, documentId, condition);
      const current = await this.get(caller, owner, ownerId, documentId, trx);
      const { type, name, description, is_public, is_sensitive, metadata, expires_at, tags } = input;
      // Named one by one: a key the schema let through must never become a column (tenant_id, deleted_at…).
      const changed = await this.documents.update(trx, this.ref(caller, owner, ownerId), documentId, {
        ...definedOnly({ type, name, description, is_public, is_sensitive, metadata }),
        ...(tags === undefined ? {} : { tags: uniqueTags(tags) }),
        ...(expires_at === undefined ? {} : { expires_at: toTimestamp(expires_at) }),
        updated_at: this.clock.now().toISOString(),
      });
      if (!changed) throw new NotFoundError('Document');
      await this.audited(trx, owner, 'document.updated', current, changed);
      return changed;
    });
  }

  /** Soft delete: the row is hidden and the bytes are kept with it. */
  async remove(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    documentId: string,
    condition?: DocumentCondition,
  ): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, caller, owner, ownerId, documentId, condition);
      const current = await this.get(caller, owner, ownerId, documentId, trx);
      const now = this.clock.now().toISOString();
      const removed = await this.documents.softDelete(trx, this.ref(caller, owner, ownerId), documentId, now);
      if (!removed) throw new NotFoundError('Document');
      await this.audited(trx, owner, 'document.deleted', current, null);
    });
  }

  /** If-Match against the document as GET answers it. @throws PreconditionFailedError; NotFoundError('Document'). */
  private checkPrecondition(
    trx: Transaction<DB>,
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    documentId: string,
    condition: DocumentCondition | undefined,
  ): Promise<void> {
    if (!condition) return Promise.resolve();
    return checkPrecondition(
      trx,
      condition.precondition,
      { table: 'documents', tenantId: caller.tenantId, id: documentId },
      async () => condition.present(await this.get(caller, owner, ownerId, documentId, trx)),
    );
  }

  /** The audit entry of a change to one document, as the API presents it. */
  private audited(
    trx: Transaction<DB>,
    owner: DocumentOwner,
    action: string,
    before: Document | null,
    after: Document | null,
  ): Promise<void> {
    const now = this.clock.now();
    return auditTrail(this.audit, 'document', (document: Document) =>
      documentResource(document, this.apiPrefix, owner, now),
    )(trx, action, before, after);
  }

  private ref(caller: DocumentCaller, owner: DocumentOwner, ownerId: string): DocumentOwnerRef {
    return { tenantId: caller.tenantId, ownerType: owner.type, ownerId };
  }

  private async checkedFile(
    owner: DocumentOwner,
    upload: ReceivedUpload,
    fields: { tags?: string[]; metadata?: Record<string, string> },
  ) {
    const format = upload.file && upload.file.size > 0 ? await detectFormat(upload.file.path) : null;
    const errors = { ...ownerRuleErrors(owner, fields), ...formatErrors(owner, upload.file, format) };
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { received: upload.file!, format: format! };
  }

  private newRow(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    id: string,
    file: { received: ReceivedFile; format: DetectedFormat },
    now: string,
  ) {
    return {
      id,
      tenant_id: caller.tenantId,
      owner_type: owner.type,
      owner_id: ownerId,
      original_filename: file.received.filename,
      mime_type: file.format.mimeType,
      extension: file.format.extension,
      size_bytes: file.received.size,
      checksum_sha256: file.received.sha256,
      storage_key: storageKey(caller.tenantId, owner, id),
      status: 'active' as const,
      archived_at: null,
      renewed_by_id: null,
      uploaded_by: caller.userId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
  }

  /** Puts the bytes, then writes the rows; removes the bytes again when the rows are not written. */
  private async store(
    caller: DocumentCaller,
    owner: DocumentOwner,
    ownerId: string,
    file: { received: ReceivedFile; format: DetectedFormat },
    write: (trx: Transaction<DB>, id: string, now: string) => Promise<Document>,
  ): Promise<Document> {
    const id = this.newId();
    const key = storageKey(caller.tenantId, owner, id);
    await this.storage.put(key, file.received.path, { size: file.received.size, contentType: file.format.mimeType });
    try {
      return await inTransaction(this.db, (trx) => write(trx, id, this.clock.now().toISOString()));
    } catch (error) {
      await this.storage.remove(key).catch(() => undefined);
      throw error;
    }
  }
}
