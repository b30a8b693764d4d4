// The backup archive's tar.gz: what is written is read back byte for byte, by this reader and by tar(1); what is
// not a plain archive of plain files is refused.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractTarGz, TarFormatError, writeTarGz, type TarEntry } from './tar.js';

let directory: string;
let counter = 0;
const place = (name: string) => path.join(directory, `${++counter}-${name}`);

const FILES: Record<string, Buffer> = {
  'database.sqlite': randomBytes(4096 * 3 + 17),
  'documents/01jdx4k7qv8m3n2p5r6s7t8v9w/product/01jdx4m0a1b2c3d4e5f6g7h8j9': randomBytes(512),
  'documents/01jdx4k7qv8m3n2p5r6s7t8v9w/supplier/empty': Buffer.alloc(0),
  'manifest.json': Buffer.from('{"format":"quartermaster-backup"}\n'),
};

const entries = (files: Record<string, Buffer>): TarEntry[] =>
  Object.entries(files).map(([name, bytes]) => ({ name, size: bytes.length, content: [bytes] }));

beforeAll(() => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'qm-tar-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('tar.gz archives', () => {
  it('reads back every file, in order, byte for byte', async () => {
    const archive = place('round-trip.tar.gz');
    await writeTarGz(archive, entries(FILES));
    const target = place('out');
    expect(await extractTarGz(archive, target)).toEqual(Object.keys(FILES));
    for (const [name, bytes] of Object.entries(FILES))
      expect(await readFile(path.join(target, ...name.split('/')))).toEqual(bytes);
  });

  it('is an archive tar(1) lists and unpacks', async () => {
    const archive = place('for-tar.tar.gz');
    await writeTarGz(archive, entries(FILES));
    const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(Object.keys(FILES));
    const target = place('by-tar');
    await mkdir(target);
    execFileSync('tar', ['-xzf', archive, '-C', target]);
    expect(await readFile(path.join(target, 'database.sqlite'))).toEqual(FILES['database.sqlite']);
  });

  it('refuses to write a name that would leave the directory, or content of another size than said', async () => {
    await expect(writeTarGz(place('bad-name.tar.gz'), entries({ '../escape': Buffer.from('x') }))).rejects.toThrow(
      TarFormatError,
    );
    const short: TarEntry = { name: 'short', size: 10, content: [Buffer.from('abc')] };
    await expect(writeTarGz(place('short.tar.gz'), [short])).rejects.toThrow(/short changed while it was archived/);
  });

  it('refuses a damaged header, an archive cut short, and entries that are not plain files', async () => {
    const archive = place('to-damage.tar.gz');
    await writeTarGz(archive, entries(FILES));
    const tar = gunzipSync(await readFile(archive));

    const damaged = Buffer.from(tar);
    damaged[0] = damaged[0]! ^ 0xff;
    const damagedArchive = place('damaged.tar.gz');
    await writeFile(damagedArchive, gzipSync(damaged));
    await expect(extractTarGz(damagedArchive, place('x'))).rejects.toThrow(/damaged or incomplete/);

    const cut = place('cut.tar.gz');
    await writeFile(cut, gzipSync(tar.subarray(0, 4096)));
    await expect(extractTarGz(cut, place('y'))).rejects.toThrow(/damaged or incomplete/);

    const withLink = place('link-source');
    await mkdir(withLink);
    await symlink('/etc/passwd', path.join(withLink, 'passwd'));
    const linkArchive = place('link.tar.gz');
    execFileSync('tar', ['-czf', linkArchive, '-C', withLink, 'passwd']);
    await expect(extractTarGz(linkArchive, place('z'))).rejects.toThrow(/Unsupported archive entry "passwd"/);
  });
});
