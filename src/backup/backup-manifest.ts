// What a backup archive says about itself (`manifest.json`, its last entry), and the checks a restore makes of it
// before it touches anything.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Engine } from '../db/dialect.js';

export const MANIFEST_NAME = 'manifest.json';
const FORMAT = 'quartermaster-backup';
const FORMAT_VERSION = 1;
/** Where the uploaded documents sit inside the archive: `documents/<storage key>`. */
export const DOCUMENTS_PREFIX = 'documents/';

export interface ArchivedFile {
  name: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  format_version: typeof FORMAT_VERSION;
  /** The release that made the archive. */
  version: string;
  created_at: string;
  engine: Engine;
  /** The database's last applied migration: its level. */
  migration: string;
  /** The database's entry: a SQLite file, or a pg_dump archive in its custom format. */
  database: string;
  /** `local`: every stored file is in the archive; `s3`: none, the bucket keeps them. */
  document_storage: 'local' | 's3';
  documents: number;
  /** Every other entry of the archive, with its size and SHA-256. */
  files: ArchivedFile[];
}

export class BackupArchiveError extends Error {}

/** The SHA-256 (hex) and size of a file on disk. */
export async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') };
}

function isManifest(value: unknown): value is BackupManifest {
  const m = value as Partial<BackupManifest> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.format === FORMAT &&
    (m.engine === 'sqlite' || m.engine === 'postgres') &&
    typeof m.migration === 'string' &&
    typeof m.database === 'string' &&
    Array.isArray(m.files) &&
    m.files.every((f) => typeof f?.name === 'string' && typeof f.bytes === 'number' && typeof f.sha256 === 'string')
  );
}

/**
 * Reads the manifest of an unpacked archive and checks every entry against it: each listed file present with its
 * size and checksum, nothing unlisted. Throws BackupArchiveError naming what is wrong.
 */
export async function verifiedManifest(directory: string, names: readonly string[]): Promise<BackupManifest> {
  const present = new Set(names);
  if (!present.has(MANIFEST_NAME))
    throw new BackupArchiveError(`The archive has no ${MANIFEST_NAME}: it is not a Quartermaster backup.`);
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(path.join(directory, MANIFEST_NAME), 'utf8'));
  } catch {
    throw new BackupArchiveError(`The archive's ${MANIFEST_NAME} is not JSON.`);
  }
  if (!isManifest(manifest))
    throw new BackupArchiveError(`The archive's ${MANIFEST_NAME} is not that of a Quartermaster backup.`);
  if (manifest.format_version !== FORMAT_VERSION)
    throw new BackupArchiveError(
      `The archive is in backup format ${manifest.format_version}; this release reads format ${FORMAT_VERSION}.`,
    );
  const listed = new Set(manifest.files.map((f) => f.name));
  const unlisted = names.filter((name) => name !== MANIFEST_NAME && !listed.has(name));
  if (unlisted.length > 0)
    throw new BackupArchiveError(`The archive holds files its manifest does not list: ${unlisted.join(', ')}.`);
  if (!listed.has(manifest.database))
    throw new BackupArchiveError(`The archive lacks its database, ${manifest.database}.`);
  for (const file of manifest.files) {
    if (!present.has(file.name))
      throw new BackupArchiveError(`The archive lacks ${file.name}, which its manifest lists.`);
    const actual = await fileDigest(path.join(directory, ...file.name.split('/')));
    if (actual.bytes !== file.bytes || actual.sha256 !== file.sha256)
      throw new BackupArchiveError(`Checksum mismatch: ${file.name} is not the file that was backed up.`);
  }
  return manifest;
}
