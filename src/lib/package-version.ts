// The running release's version, as package.json names it.
import { readFileSync } from 'node:fs';

/**
 * The package's version: from the nearest package.json of this package above this file (one level up from
 * src/ or dist/; further from a build placed elsewhere, such as the benchmark's).
 */
export function packageVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === 'quartermaster' && manifest.version) return manifest.version;
    } catch {
      // No package.json here, or not ours: look further up.
    }
    if (dir.pathname === '/') return 'unknown';
  }
}
