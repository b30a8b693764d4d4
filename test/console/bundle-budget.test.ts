// The console's first load stays small: the page, the entry chunk, every chunk it imports statically and their
// styles, as the server sends them to a browser (`Accept-Encoding: br, gzip`: the files compressed at build
// time), under 250 KB; each area is a chunk of its own, loaded when first visited. Reads the build's manifest.
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ASSETS_PREFIX, CONSOLE_DIRECTORY } from '../../src/http/console.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Bytes sent for a first load, headers left out: 892 KB of files uncompressed, 203 KB as the build's brotli copies
 * (236 KB as its gzip ones), when this budget was set. Room for some growth, not for a second library.
 */
const BUDGET_BYTES = 250 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
  css?: string[];
}

const manifest: Record<string, ManifestChunk> = JSON.parse(
  fs.readFileSync(path.join(CONSOLE_DIRECTORY, '.vite/manifest.json'), 'utf8'),
);

/** The entry and every chunk reached from it by static imports: what the browser loads before anything shows. */
function firstLoad(): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key]!;
    seen.set(key, chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...seen.values()];
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*', 'accept-encoding': 'br, gzip' };

describe('the console bundle budget', () => {
  it('sends a first load (page, scripts, styles) of under 250 KB to a browser, each file brotli-compressed', async () => {
    const chunks = firstLoad();
    expect(chunks.length).toBeGreaterThan(0);
    const files = [...new Set(chunks.flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]))];
    const page = await t.app.inject({ url: '/', headers: BROWSER });
    expect(page.statusCode).toBe(200);
    const html = brotliDecompressSync(page.rawPayload).toString('utf8');
    let total = page.rawPayload.length;
    let plain = fs.statSync(path.join(CONSOLE_DIRECTORY, 'index.html')).size;
    for (const file of files) {
      // The page names every file of the first load: as a script, a preloaded module or a style sheet.
      expect(html, file).toContain(`/${file}`);
      const res = await t.app.inject({
        url: `${CONSOLE_ASSETS_PREFIX}${file.replace(/^assets\//, '')}`,
        headers: BROWSER,
      });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-encoding'], file).toBe('br');
      total += res.rawPayload.length;
      plain += fs.statSync(path.join(CONSOLE_DIRECTORY, file)).size;
    }
    expect(plain, 'the same files uncompressed').toBeGreaterThan(total * 2);
    expect(total, `first load: index.html, ${files.join(', ')}`).toBeLessThan(BUDGET_BYTES);
  });

  it("bundles React's production build (the development build is larger and slower)", () => {
    for (const chunk of firstLoad()) {
      expect(fs.readFileSync(path.join(CONSOLE_DIRECTORY, chunk.file), 'utf8'), chunk.file).not.toContain(
        'Download the React DevTools',
      );
    }
  });

  it('loads the screens of each area on first visit, not with the first load', () => {
    const first = new Set(firstLoad().map((chunk) => chunk.src ?? chunk.file));
    const pages = Object.values(manifest).filter((chunk) => chunk.src?.endsWith('Page.tsx'));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(first.has(page.src!), `${page.src} is in the first load`).toBe(false);
  });
});
