// A gzip-compressed tar archive of plain files, written and read as streams: what backups are made of. The format
// is tar-stream's (ustar, with pax headers where a name or size needs them), which `tar -xzf` unpacks as well;
// this module adds the rules a backup needs: relative names that stay inside the folder, content of the size said,
// plain files only on the way back.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tarStream from 'tar-stream';

export interface TarEntry {
  /** A relative path with `/` separators: no `..`, no empty or absolute segment. */
  name: string;
  size: number;
  content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export class TarFormatError extends Error {}

function assertEntryName(name: string): void {
  const segments = name.split('/');
  if (name.length === 0 || segments.some((s) => s === '' || s === '.' || s === '..'))
    throw new TarFormatError(`Unsupported archive entry name "${name}".`);
}

/** Writes `entries`, in order, to `file` (which must not exist) as a .tar.gz. */
export async function writeTarGz(file: string, entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): Promise<void> {
  const pack = tarStream.pack();
  async function fill(): Promise<void> {
    for await (const entry of entries) {
      assertEntryName(entry.name);
      const sink = pack.entry({ name: entry.name, size: entry.size, mode: 0o644, type: 'file' });
      let written = 0;
      async function* counted() {
        for await (const chunk of entry.content) {
          written += chunk.length;
          if (written > entry.size) break;
          yield chunk;
        }
      }
      try {
        await pipeline(counted(), sink);
      } catch (error) {
        // tar-stream refuses an entry shorter than its header says; a longer one is cut short above.
        if (written !== entry.size) throw changed(entry, written);
        throw error;
      }
      if (written !== entry.size) throw changed(entry, written);
    }
    pack.finalize();
  }
  const filled = fill().catch((error: unknown) => {
    pack.destroy(error as Error);
    throw error;
  });
  await Promise.all([pipeline(pack, createGzip(), createWriteStream(file, { flags: 'wx' })), filled]);
}

function changed(entry: TarEntry, written: number): TarFormatError {
  const bytes = written > entry.size ? `more than ${entry.size} bytes` : `${written} bytes, not ${entry.size}`;
  return new TarFormatError(`${entry.name} changed while it was archived: ${bytes}.`);
}

/**
 * Unpacks the regular files of a .tar.gz into `directory` and answers their names, in archive order. Refuses
 * (TarFormatError) anything else: links, devices, names that leave the directory, a damaged archive or one cut
 * inside an entry. One cut between two entries reads as the entries before the cut: a backup's manifest, written
 * last and naming every file with its checksum, is what tells it is whole.
 */
export async function extractTarGz(file: string, directory: string): Promise<string[]> {
  const names: string[] = [];
  const extract = tarStream.extract();
  async function unpack(): Promise<void> {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') throw new TarFormatError(`Unsupported archive entry "${name}" (${type ?? 'no type'}).`);
      assertEntryName(name);
      const target = path.join(directory, ...name.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(entry, createWriteStream(target, { flags: 'wx' }));
      names.push(name);
    }
  }
  const unpacked = unpack().catch((error: unknown) => {
    extract.destroy(error as Error);
    throw error;
  });
  try {
    await Promise.all([pipeline(createReadStream(file), createGunzip(), extract), unpacked]);
  } catch (error) {
    if (error instanceof TarFormatError) throw error;
    throw new TarFormatError(`The archive is damaged or incomplete: ${(error as Error).message}`);
  }
  return names;
}
