// Picks the document store by configuration: local disk or S3, interchangeable behind DocumentStorage.
import type { DocumentStorageSettings } from '../../../config.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { DocumentStorage, S3StorageConfig } from './storage-rules.js';

export {
  StoredObjectMissingError,
  assertStorageKey,
  type DocumentStorage,
  type S3StorageConfig,
} from './storage-rules.js';

export type DocumentStorageConfig = DocumentStorageSettings;

export function createDocumentStorage(config: DocumentStorageConfig): DocumentStorage {
  return config.kind === 'local' ? new LocalDiskStorage(config.directory) : lazyS3Storage(config);
}

/** The S3 store, its SDK (some 20 MB in memory) loaded with the first call, so local-disk servers never load it. */
function lazyS3Storage(config: S3StorageConfig): DocumentStorage {
  let storage: Promise<DocumentStorage> | null = null;
  const store = () => (storage ??= import('./s3-storage.js').then(({ S3Storage }) => new S3Storage(config)));
  return {
    kind: 's3',
    put: async (key, sourcePath, options) => (await store()).put(key, sourcePath, options),
    open: async (key) => (await store()).open(key),
    remove: async (key) => (await store()).remove(key),
  };
}
