// Shared by every backend and kept apart from document-storage.ts so the backends never import the factory
// that imports them.
import type { Readable } from 'node:stream';
import type { DocumentStorageSettings } from '../../../config.js';

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

export type S3StorageConfig = Extract<DocumentStorageSettings, { kind: 's3' }>;

export class StoredObjectMissingError extends Error {
  constructor(key: string) {
    super(`No stored object under "${key}".`);
    this.name = 'StoredObjectMissingError';
  }
}

const STORAGE_KEY = /^[a-z0-9_]+(\/[a-z0-9_]+)*$/;

/**
 * Keys are built from lowercased ULIDs, so this never rejects a real one; it exists so that a bug upstream can
 * never turn a key into a path outside the storage root (no dots, no empty or absolute segments).
 */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`Invalid storage key "${key}".`);
}
