// Vitest global setup: the browser tests drive the console that the server serves from dist/console, so it is
// rebuilt first when any of its sources (or the lock file) changed since the last build, as `npm run cli` does.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { BUILD_TARGETS, isStale, markBuilt } from '../../scripts/build.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONSOLE = path.join(ROOT, 'console');
const CONSOLE_TARGET = BUILD_TARGETS.find((target) => target.script === 'console:build')!;

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
  if (!isStale(ROOT, CONSOLE_TARGET)) return;
  const startedAt = new Date();
  // Vitest sets NODE_ENV=test, which would bundle React's development build; the tests drive what users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: CONSOLE,
      configFile: path.join(CONSOLE, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
    });
    markBuilt(ROOT, CONSOLE_TARGET, startedAt);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
