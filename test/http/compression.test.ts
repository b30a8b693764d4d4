// Answers are compressed for a client that accepts it (brotli, else gzip) once they reach the threshold, and
// decode to the very JSON an uncompressed answer carries; small answers, clients that accept no encoding, 304s,
// HEAD and the streamed product export keep working; COMPRESSION=off sends everything as it is.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const PRODUCTS = '/api/v1/operations/products';
const LIST = `${PRODUCTS}?per_page=40&sort_by=sku`;

let t: TestApp;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { compression: { enabled: true, thresholdBytes: 1024 } } });
  for (let i = 0; i < 40; i += 1) productId = await makeProduct(t.database.db, t.tenant.tenantId);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...t.auth, ...headers } });

describe('compressed answers', () => {
  it('compresses a large list with brotli or gzip, as asked, and it decodes to the same JSON', async () => {
    const plain = await get(LIST);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(40);
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // Compressed at once, small answers carry their length; larger ones are streamed through the compressor.
    if (br.headers['content-length'] !== undefined)
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    else expect(br.headers['transfer-encoding']).toBe('chunked');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get(LIST, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('compresses an answer served from the answer cache the same way', async () => {
    // The list above was read twice already: this read is answered from the cache.
    const br = await get(LIST, { 'accept-encoding': 'br' });
    const again = await get(LIST, { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(again.body);
  });

  it('sends a kept answer with the bytes and headers a fresh one has, in each encoding', async () => {
    const url = `${PRODUCTS}?per_page=30&sort_by=name`;
    for (const encoding of ['br', 'gzip']) {
      const fresh = await get(url, { 'accept-encoding': encoding });
      const kept = await get(url, { 'accept-encoding': encoding }); // kept from this, the second read
      const hit = await get(url, { 'accept-encoding': encoding });
      const hitAgain = await get(url, { 'accept-encoding': encoding });
      for (const res of [kept, hit, hitAgain]) {
        expect(res.statusCode, encoding).toBe(200);
        expect(res.headers['content-encoding'], encoding).toBe(encoding);
        expect(res.headers['content-type']).toBe(fresh.headers['content-type']);
        expect(res.headers.etag).toBe(fresh.headers.etag);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.rawPayload.equals(fresh.rawPayload), encoding).toBe(true);
      }
      expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
    }
    // A kept single product, compressed, answers 304 to its ETag with no encoding.
    const one = `${PRODUCTS}/${productId}`;
    for (let i = 0; i < 3; i += 1) await get(one, { 'accept-encoding': 'br' });
    const etag = (await get(one, { 'accept-encoding': 'br' })).headers.etag as string;
    const notModified = await get(one, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('sends an answer below the threshold as it is', async () => {
    const res = await get(`${PRODUCTS}?per_page=1&search=no-such-product`, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(t.config.compression.thresholdBytes);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data).toEqual([]);
  });

  it('sends the answer as it is to a client that names no encoding it accepts', async () => {
    for (const acceptEncoding of ['identity', 'deflate', 'compress;q=1, br;q=0']) {
      const res = await get(LIST, { 'accept-encoding': acceptEncoding });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.json().data, acceptEncoding).toHaveLength(40);
    }
  });

  it('answers 304 without a body to If-None-Match, compressed or not, with the same ETag', async () => {
    const first = await get(`${PRODUCTS}/${productId}`, { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const plain = await get(`${PRODUCTS}/${productId}`);
    expect(plain.headers.etag).toBe(etag);
    for (const ifNoneMatch of [etag, `W/${etag}`]) {
      const res = await get(`${PRODUCTS}/${productId}`, {
        'accept-encoding': 'br, gzip',
        'if-none-match': ifNoneMatch,
      });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.etag).toBe(etag);
    }
  });

  it("answers HEAD with no body and the uncompressed answer's length", async () => {
    const plain = await get(LIST);
    const res = await t.app.inject({ method: 'HEAD', url: LIST, headers: { ...t.auth, 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(plain.rawPayload.length);
  });

  it('streams the product export compressed, decoding to the CSV sent uncompressed', async () => {
    const plain = await get(`${PRODUCTS}/export`);
    expect(plain.statusCode).toBe(200);
    const gzip = await get(`${PRODUCTS}/export`, { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.body.split('\n').length).toBeGreaterThan(40);
  });
});

describe('COMPRESSION=off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ config: { compression: { enabled: false, thresholdBytes: 1024 } } });
    for (let i = 0; i < 40; i += 1) await makeProduct(off.database.db, off.tenant.tenantId);
  });
  afterAll(async () => {
    await off.close();
  });

  it('sends every answer as it is', async () => {
    const res = await off.app.inject({ url: LIST, headers: { ...off.auth, 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data).toHaveLength(40);
  });
});
