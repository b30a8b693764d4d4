// Shared by every backend and kept apart from document-storage.ts so the backends never import the factory
// that imports them.

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
