// The server answers the console: its page at `/` and for a browser's navigation to any path outside the API,
// its hashed files with a long cache life (sent as the build's brotli or gzip copy to a browser that accepts
// one), and nothing of it under /api (JSON 404 there, as before).
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_DIRECTORY } from '../../src/http/console.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('serving the console', () => {
  it('answers its page at / with its own content security policy and no caching', async () => {
    const res = await t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("answers the page for a browser's navigation to a console path, deep or unknown", async () => {
    for (const url of ['/products/01JD8V8H9J0K1M2N3P4Q5R6S7T?tab=stock', '/no/such/screen']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps the API JSON: unknown API paths, requests not asking for HTML, other methods', async () => {
    const api = await t.app.inject({ url: '/api/v1/nothing-here', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'Route not found.' });
    const json = await t.app.inject({ url: '/no/such/screen', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json().message).toBe('Route not found.');
    const post = await t.app.inject({ method: 'POST', url: '/', headers: html });
    expect(post.statusCode).toBe(405);
  });

  it('serves the hashed files for a year and answers 404 for a missing one', async () => {
    const file = fs.readdirSync(path.join(CONSOLE_DIRECTORY, 'assets')).find((name) => name.endsWith('.js'))!;
    const res = await t.app.inject({ url: `/assets/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/assets/missing-0000.js' })).statusCode).toBe(404);
  });

  it("sends the build's brotli or gzip copy of a file to a browser that accepts one, with the same headers", async () => {
    const assets = path.join(CONSOLE_DIRECTORY, 'assets');
    // The largest script: the entry chunk or a library's, surely compressed at build time.
    const file = fs
      .readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size)[0]!;
    const original = fs.readFileSync(path.join(assets, file));

    const br = await t.app.inject({
      url: `/assets/${file}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(assets, `${file}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original.length / 2);

    const gzip = await t.app.inject({ url: `/assets/${file}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const plain = await t.app.inject({ url: `/assets/${file}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(original)).toBe(true);

    // The copies are not files of their own.
    expect((await t.app.inject({ url: `/assets/${file}.br` })).statusCode).toBe(404);
  });

  it('sends the page compressed too, keeping its policy and no caching', async () => {
    const res = await t.app.inject({ url: '/products', headers: { ...html, 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<div id="root">');
  });
});
