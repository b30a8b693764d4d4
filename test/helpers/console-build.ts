// Vitest global setup: the browser tests drive the console that the server serves from dist/console, so it is
// rebuilt first when any of its sources (or the lock file) changed since the last build.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONSOLE = path.join(ROOT, 'console');
const BUILT = path.join(ROOT, 'dist/console/index.html');

function newestChange(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const LOCK = path.join(ROOT, 'dist/.console-build.lock');

/** Runs `work` holding a directory lock: each engine's project runs this setup, perhaps at the same time. */
async function whileLocked(work: () => Promise<void>): Promise<void> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      if (waited > 120_000) fs.rmSync(LOCK, { recursive: true, force: true }); // left by a killed run
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

export default async function buildConsoleWhenStale(): Promise<void> {
  await whileLocked(buildWhenStale);
}

async function buildWhenStale(): Promise<void> {
  const sources = Math.max(newestChange(CONSOLE), newestChange(path.join(ROOT, 'package-lock.json')), newestChange(path.join(ROOT, 'clients/typescript/src')));
  const built = fs.existsSync(BUILT) ? fs.statSync(BUILT).mtimeMs : 0;
  if (built >= sources) return;
  // Vitest sets NODE_ENV=test, which would bundle React's development build; the tests drive what users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: CONSOLE, configFile: path.join(CONSOLE, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
