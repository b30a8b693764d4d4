// A gzip-compressed tar archive of plain files, written and read as streams: what backups are made of. Only what
// they need: regular files with short relative names (ustar), any size (a size past ustar's 8 GiB is written in
// GNU tar's base-256 form, which GNU tar and bsdtar read). `tar -xzf` unpacks such an archive as well.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
/** Longest name a ustar header holds without its prefix field; every name a backup writes is far shorter. */
const MAX_NAME = 100;
const LARGEST_OCTAL_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  /** A relative path with `/` separators: no `..`, no empty or absolute segment. */
  name: string;
  size: number;
  content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export class TarFormatError extends Error {}

function assertEntryName(name: string): void {
  const segments = name.split('/');
  if (name.length === 0 || name.length > MAX_NAME || segments.some((s) => s === '' || s === '.' || s === '..'))
    throw new TarFormatError(`Unsupported archive entry name "${name}".`);
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 'utf8');
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  if (size <= LARGEST_OCTAL_SIZE) block.write(octal(size, 12), 124);
  else {
    block[124] = 0x80; // GNU base-256: the remaining 11 bytes hold the size, big-endian
    block.writeBigUInt64BE(BigInt(size), 128);
  }
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136);
  block.write('        ', 148); // the checksum counts its own field as spaces
  block.write('0', 156); // a regular file
  block.write('ustar\0', 257);
  block.write('00', 263);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

async function* tarBlocks(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    assertEntryName(entry.name);
    yield header(entry.name, entry.size);
    let written = 0;
    for await (const chunk of entry.content) {
      written += chunk.length;
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    }
    if (written !== entry.size)
      throw new TarFormatError(`${entry.name} changed while it was archived: ${written} bytes, not ${entry.size}.`);
    yield padding(written);
  }
  yield Buffer.alloc(BLOCK * 2); // the end of the archive
}

/** Writes `entries`, in order, to `file` as a .tar.gz. */
export async function writeTarGz(file: string, entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): Promise<void> {
  await pipeline(tarBlocks(entries), createGzip(), createWriteStream(file, { flags: 'wx' }));
}

function readSize(block: Buffer): number {
  if (block[124]! & 0x80) return Number(block.readBigUInt64BE(128));
  return parseInt(block.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
}

function readName(block: Buffer): string {
  const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
  const prefix = block.toString('utf8', 345, 500).replace(/\0.*$/s, '');
  return prefix ? `${prefix}/${name}` : name;
}

function checksumHolds(block: Buffer): boolean {
  const stored = parseInt(block.toString('latin1', 148, 156).replace(/\0.*$/s, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return stored === sum;
}

interface OpenEntry {
  /** Bytes of the file still to come, then the padding to the next block. */
  left: number;
  pad: number;
  handle: FileHandle;
}

/**
 * Unpacks the regular files of a .tar.gz into `directory` and answers their names, in archive order. Refuses
 * (TarFormatError) anything else: links, devices, names that leave the directory, a damaged header.
 */
export async function extractTarGz(file: string, directory: string): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  // Set by `consume` as it goes: the file being written, and whether the end-of-archive blocks were seen.
  const state: { current: OpenEntry | null; ended: boolean } = { current: null, ended: false };
  async function consume(source: AsyncIterable<Buffer>): Promise<void> {
    for await (const chunk of source) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const current = state.current;
        if (current) {
          const take = Math.min(current.left, pending.length);
          if (take > 0) {
            await current.handle.write(pending.subarray(0, take));
            pending = pending.subarray(take);
            current.left -= take;
          }
          if (current.left > 0) break;
          if (pending.length < current.pad) break;
          pending = pending.subarray(current.pad);
          await current.handle.close();
          state.current = null;
          continue;
        }
        if (state.ended || pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) {
          state.ended = true;
          continue;
        }
        if (!checksumHolds(block))
          throw new TarFormatError('The archive is damaged: a header checksum does not match.');
        const name = readName(block);
        const type = String.fromCharCode(block[156]!);
        if (type !== '0' && type !== '\0')
          throw new TarFormatError(`Unsupported archive entry "${name}" (type ${type}).`);
        assertEntryName(name);
        const size = readSize(block);
        const target = path.join(directory, ...name.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        state.current = { left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK, handle: await open(target, 'wx') };
        names.push(name);
      }
    }
  }
  try {
    await pipeline(createReadStream(file), createGunzip(), consume);
  } finally {
    await state.current?.handle.close();
  }
  if (state.current || !state.ended) throw new TarFormatError('The archive ends early: it is incomplete.');
  return names;
}
