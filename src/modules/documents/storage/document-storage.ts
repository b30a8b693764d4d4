// Documents live behind one small interface so that local disk and S3 are interchangeable by configuration.
import type { Readable } from 'node:stream';
import type { DocumentStorageSettings } from '../../../config.js';
import { LocalDiskStorage } from './local-disk-storage.js';

export { StoredObjectMissingError, assertStorageKey } from './storage-rules.js';

export interface DocumentStorage {
  /** Stores the file at `sourcePath` (a finished temp file) under `key`; overwrites. */
  put(key: string, sourcePath: string, options: { size: number; contentType: string }): Promise<void>;
  /** A readable stream of the object's bytes; throws StoredObjectMissingError when absent. */
  open(key: string): Promise<Readable>;
  /** Removes the object; no error when it is already gone. */
  remove(key: string): Promise<void>;
  /** A short name for logs/health: 'local' or 's3'. */
  readonly kind: 'local' | 's3';
}

export type DocumentStorageConfig = DocumentStorageSettings;
export type S3StorageConfig = Extract<DocumentStorageSettings, { kind: 's3' }>;

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
