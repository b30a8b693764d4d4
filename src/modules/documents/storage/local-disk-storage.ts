// Documents as files under one directory, one file per key; writes go through a temp file and a rename so a
// reader never sees a half-written object.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StoredObjectMissingError, assertStorageKey, type DocumentStorage } from './storage-rules.js';

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '');
}

export class LocalDiskStorage implements DocumentStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(directory: string) {
    this.root = path.resolve(directory);
  }

  async put(key: string, sourcePath: string, _options: { size: number; contentType: string }): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // A valid key never contains a dot, so the temp name can never be another object's key.
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await copyFile(sourcePath, temp);
      await flushToDisk(temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<Readable> {
    const target = this.pathOf(key);
    // Opening first (rather than checking, then opening) leaves no gap for a concurrent remove.
    const handle = await open(target, 'r').catch((error: unknown) => {
      throw hasCode(error, 'ENOENT', 'ENOTDIR') ? new StoredObjectMissingError(key) : error;
    });
    // A key that is the prefix of others names a directory, which opens fine on Linux but is no object.
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new StoredObjectMissingError(key);
    }
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!hasCode(error, 'ENOENT', 'ENOTDIR')) throw error;
    }
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

/** Without it a crash soon after the rename can leave the new name pointing at an empty file. */
async function flushToDisk(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
