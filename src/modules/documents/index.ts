// Wires the documents module: storage, repository, service and the routes of every kind of owner.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DocumentOwnerType } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import { DOCUMENT_OWNERS } from './document-owners.js';
import { DocumentRepository } from './document.repository.js';
import { documentRoutes } from './document.routes.js';
import { DocumentService, type OwnerLookup } from './document.service.js';
import { createDocumentStorage, type DocumentStorageConfig } from './storage/document-storage.js';

export interface DocumentModuleDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  storage: DocumentStorageConfig;
  /** How to tell that an owner is a live record of the tenant (each throws NotFoundError otherwise). */
  owners: Readonly<Record<DocumentOwnerType, OwnerLookup>>;
  apiPrefix: string;
  audit: AuditLog;
}

export function createDocuments(deps: DocumentModuleDeps) {
  const storage = createDocumentStorage(deps.storage);
  const service = new DocumentService({
    db: deps.db,
    documents: new DocumentRepository(),
    storage,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
    owners: deps.owners,
    apiPrefix: deps.apiPrefix,
  });
  const routes: FastifyPluginAsyncTypebox = documentRoutes({
    service,
    owners: Object.values(DOCUMENT_OWNERS),
    apiPrefix: deps.apiPrefix,
    now: () => deps.clock.now(),
  });
  return { service, storage, routes };
}
