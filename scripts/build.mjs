// `npm run build` builds everything; `npm run cli` (its `precli`) builds only what changed since the last
// build, so that a command run again starts at once. Plain JavaScript, so that it starts on any Node.js: an older
// one then reaches the CLI's own message about the version it needs, not a failure to load this file.
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What each npm script builds from: a change to any of these files (or a file added or removed) makes it stale. */
export const BUILD_TARGETS = [
  { script: 'build:server', sources: ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'] },
  { script: 'console:build', sources: ['console', 'clients/typescript/src', 'package-lock.json'] },
];

/** The newest change below `entry`: a file's or a folder's (a folder changes when a file is added or removed). */
export function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function stampFile(root, target) {
  return path.join(root, 'dist/.build-stamps', target.script.replace(':', '-'));
}

export function isStale(root, target) {
  const stamp = stampFile(root, target);
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  return Math.max(...target.sources.map((source) => newestChange(path.join(root, source)))) > built;
}

/** Records a build that started at `startedAt`: a source saved while it ran still counts as a change. */
export function markBuilt(root, target, startedAt) {
  const stamp = stampFile(root, target);
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, '');
  fs.utimesSync(stamp, startedAt, startedAt);
}

/** Builds every target (or only the stale ones) with its npm script; returns the exit code of the first that fails. */
export function build(root, { onlyStale }) {
  for (const target of BUILD_TARGETS) {
    if (onlyStale && !isStale(root, target)) continue;
    const startedAt = new Date();
    const result = spawnSync('npm', ['run', '-s', target.script], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) return result.status ?? 1;
    markBuilt(root, target, startedAt);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  process.exitCode = build(root, { onlyStale: process.argv.includes('--when-stale') });
}
