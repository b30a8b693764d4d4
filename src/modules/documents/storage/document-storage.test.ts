// One contract, every backend: local disk in a temp directory and S3 against a real s3rver.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredObjectMissingError, createDocumentStorage, type DocumentStorage } from './document-storage.js';
import { startTestS3Server } from '../../../../test/helpers/s3-test-server.js';

interface Backend {
  storage: DocumentStorage;
  close(): Promise<void>;
}

async function localBackend(): Promise<Backend> {
  const directory = await mkdtemp(path.join(tmpdir(), 'qm-documents-'));
  return {
    storage: createDocumentStorage({ kind: 'local', directory }),
    close: () => rm(directory, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const server = await startTestS3Server();
  return { storage: createDocumentStorage(server.config), close: () => server.close() };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const TENANT_A = '01jdx4k7qv8m3n2p5r6s7t8v9w';
const TENANT_B = '01jdx4k7qv8m3n2p5r6s7t8v9x';
const DOCUMENT = '01jdx4m0a1b2c3d4e5f6g7h8j9';

let sources: string;
let sourceCount = 0;

/** Writes `bytes` to a fresh file, as the upload route hands over a finished temp file. */
async function sourceFile(bytes: Buffer): Promise<string> {
  const file = path.join(sources, `upload-${++sourceCount}`);
  await writeFile(file, bytes);
  return file;
}

async function putBytes(storage: DocumentStorage, key: string, bytes: Buffer, contentType = 'application/pdf') {
  await storage.put(key, await sourceFile(bytes), { size: bytes.length, contentType });
}

beforeAll(async () => {
  sources = await mkdtemp(path.join(tmpdir(), 'qm-uploads-'));
});

afterAll(async () => {
  await rm(sources, { recursive: true, force: true });
});

describe.each([
  { kind: 'local', start: localBackend },
  { kind: 's3', start: s3Backend },
])('$kind document storage', ({ kind, start }) => {
  let backend: Backend;
  let storage: DocumentStorage;

  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });

  afterAll(async () => {
    await backend?.close();
  });

  it('names its kind', () => {
    expect(storage.kind).toBe(kind);
  });

  it('gives back exactly the bytes it was given', async () => {
    const key = `${TENANT_A}/product/${DOCUMENT}`;
    const bytes = randomBytes(3 * 1024 * 1024);
    await putBytes(storage, key, bytes);

    const stored = await readAll(await storage.open(key));
    expect(stored.length).toBe(bytes.length);
    expect(stored.equals(bytes)).toBe(true);
  });

  it('stores an empty file', async () => {
    const key = `${TENANT_A}/supplier/${DOCUMENT}`;
    await putBytes(storage, key, Buffer.alloc(0), 'text/plain');
    expect((await readAll(await storage.open(key))).length).toBe(0);
  });

  it('overwrites an existing object', async () => {
    const key = `${TENANT_A}/purchase_order/${DOCUMENT}`;
    await putBytes(storage, key, Buffer.from('first version, the longer one'));
    await putBytes(storage, key, Buffer.from('second'), 'text/plain');
    expect((await readAll(await storage.open(key))).toString()).toBe('second');
  });

  it('keeps the previous object when a put fails', async () => {
    const key = `${TENANT_B}/purchase_order/${DOCUMENT}`;
    await putBytes(storage, key, Buffer.from('kept'));
    const missingSource = path.join(sources, 'never-written');
    await expect(storage.put(key, missingSource, { size: 10, contentType: 'text/plain' })).rejects.toThrow(/ENOENT/);
    // A directory opens but cannot be read: the failure comes while the bytes are on their way.
    await expect(storage.put(key, sources, { size: 10, contentType: 'text/plain' })).rejects.toThrow(/EISDIR/);
    expect((await readAll(await storage.open(key))).toString()).toBe('kept');
  });

  it('reports a removed object as missing', async () => {
    const key = `${TENANT_A}/product/01jdx4m0a1b2c3d4e5f6g7h8ja`;
    await putBytes(storage, key, Buffer.from('to be removed'));
    await storage.remove(key);
    await expect(storage.open(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
  });

  it('reports a never-stored object as missing', async () => {
    await expect(storage.open(`${TENANT_B}/product/01jdx4m0a1b2c3d4e5f6g7h8jb`)).rejects.toBeInstanceOf(
      StoredObjectMissingError,
    );
  });

  it('treats a key prefix as missing, not as an object', async () => {
    await putBytes(storage, `${TENANT_A}/product/01jdx4m0a1b2c3d4e5f6g7h8jc`, Buffer.from('x'));
    await expect(storage.open(`${TENANT_A}/product`)).rejects.toBeInstanceOf(StoredObjectMissingError);
  });

  it('removes a missing object without complaint', async () => {
    await expect(storage.remove(`${TENANT_B}/supplier/01jdx4m0a1b2c3d4e5f6g7h8jd`)).resolves.toBeUndefined();
    await expect(storage.remove(`${TENANT_B}/supplier/01jdx4m0a1b2c3d4e5f6g7h8jd`)).resolves.toBeUndefined();
  });

  it('keeps tenants apart under the same owner and document id', async () => {
    const keyA = `${TENANT_A}/supplier/01jdx4m0a1b2c3d4e5f6g7h8je`;
    const keyB = `${TENANT_B}/supplier/01jdx4m0a1b2c3d4e5f6g7h8je`;
    await putBytes(storage, keyA, Buffer.from('tenant a'));
    await putBytes(storage, keyB, Buffer.from('tenant b'));

    expect((await readAll(await storage.open(keyA))).toString()).toBe('tenant a');
    expect((await readAll(await storage.open(keyB))).toString()).toBe('tenant b');

    await storage.remove(keyA);
    await expect(storage.open(keyA)).rejects.toBeInstanceOf(StoredObjectMissingError);
    expect((await readAll(await storage.open(keyB))).toString()).toBe('tenant b');
  });

  const traversals = ['../x', `${TENANT_A}/../${TENANT_B}/product/x`, '/abs', 'a\\b'];
  const badKeys = [...traversals, 'a//b', 'a/', '', 'Tenant/product/x', 'a/b.pdf'];

  it.each(badKeys)('refuses the key %j on every operation', async (key) => {
    const source = await sourceFile(Buffer.from('never stored'));
    const options = { size: 12, contentType: 'text/plain' };
    await expect(storage.put(key, source, options)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.open(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
  });
});

describe('local disk storage files', () => {
  it('writes under the key path and leaves no temp file behind, even after a failed put', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'qm-documents-'));
    try {
      const storage = createDocumentStorage({ kind: 'local', directory });
      const key = `${TENANT_A}/product/${DOCUMENT}`;
      await putBytes(storage, key, Buffer.from('pdf'));
      await expect(storage.put(key, sources, { size: 1, contentType: 'text/plain' })).rejects.toThrow(/EISDIR/);
      expect(await readdir(path.join(directory, TENANT_A, 'product'))).toEqual([DOCUMENT]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
