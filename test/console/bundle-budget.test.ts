// The console's first load stays small: the entry chunk and every chunk it imports statically, gzipped, under
// 300 KB of JavaScript; each area is a chunk of its own, loaded when first visited. Reads the build's manifest.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CONSOLE_DIRECTORY } from '../../src/http/console.js';

const BUDGET_BYTES = 300 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(path.join(CONSOLE_DIRECTORY, '.vite/manifest.json'), 'utf8'));

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

const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join(CONSOLE_DIRECTORY, file)), { level: 9 }).length;

describe('the console bundle budget', () => {
  it('loads under 300 KB of gzipped JavaScript first', () => {
    const chunks = firstLoad();
    const total = chunks.reduce((sum, chunk) => sum + gzipped(chunk.file), 0);
    expect(chunks.length).toBeGreaterThan(0);
    expect(total, `first load: ${chunks.map((chunk) => chunk.file).join(', ')}`).toBeLessThan(BUDGET_BYTES);
  });

  it("bundles React's production build (the development build is larger and slower)", () => {
    for (const chunk of firstLoad()) {
      expect(fs.readFileSync(path.join(CONSOLE_DIRECTORY, chunk.file), 'utf8'), chunk.file).not.toContain('Download the React DevTools');
    }
  });

  it('loads the screens of each area on first visit, not with the first load', () => {
    const first = new Set(firstLoad().map((chunk) => chunk.src ?? chunk.file));
    const pages = Object.values(manifest).filter((chunk) => chunk.src?.endsWith('Page.tsx'));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(first.has(page.src!), `${page.src} is in the first load`).toBe(false);
  });
});
