// Every package the service imports at run time is a production dependency: `npm prune --omit=dev`
// (docs/deployment.md) must leave a server and a CLI that start. `.ci/run` proves the same end to end by
// starting a pruned copy; this finds the offending import without building.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './processes.js';

/** The files compiled into dist/ (tsconfig.build.json leaves the tests out). */
function runtimeSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return runtimeSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The package a bare specifier names (`@scope/name/sub` is `@scope/name`), or null for a relative or builtin one. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('production dependencies', () => {
  it('include every package that src/ imports at run time (type-only imports aside)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const imports =
      /^\s*import\s+(?!type\s)[^'";]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^\s*export\s+(?!type\s)[^'";]*?from\s+'([^']+)'/gm;
    const missing = new Set<string>();
    let checked = 0;
    for (const file of runtimeSources(path.join(PROJECT_ROOT, 'src'))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(imports)) {
        const name = packageOf(match[1] ?? match[2] ?? match[3] ?? match[4]!);
        if (name === null) continue;
        checked++;
        if (!(name in manifest.dependencies)) missing.add(`${name} (${path.relative(PROJECT_ROOT, file)})`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect([...missing]).toEqual([]);
  });
});
