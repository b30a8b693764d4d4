// `npm run cli` builds only what changed since the last build (scripts/build.mjs), on a project of its own whose
// build scripts only note that they ran.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../scripts/build.mjs';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

let root: string;

function write(file: string, text = 'x'): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** The scripts that ran since the last call. */
function scriptsRun(): string[] {
  const log = path.join(root, 'ran.log');
  if (!fs.existsSync(log)) return [];
  const ran = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  fs.rmSync(log);
  return ran;
}

/** Lets the clock move past the last build's stamp, so that what the test writes next is newer. */
const afterTheLastBuild = () => sleep(20);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-build-'));
  const note = (name: string) => `echo ${name} >> ran.log`;
  write(
    'package.json',
    JSON.stringify({
      name: 'build-fixture',
      private: true,
      scripts: { 'build:server': note('server'), 'console:build': note('console') },
    }),
  );
  for (const file of [
    'src/cli.ts',
    'src/lib/ids.ts',
    'tsconfig.json',
    'tsconfig.build.json',
    'package-lock.json',
    'console/src/main.tsx',
    'clients/typescript/src/index.ts',
  ])
    write(file);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('building only what is stale', () => {
  it('builds everything the first time, then nothing until a source changes', async () => {
    // The first build's stamp after the fixture's files, which a build in the same millisecond would not be.
    await afterTheLastBuild();
    expect(build(root, { onlyStale: true })).toBe(0);
    expect(scriptsRun()).toEqual(['server', 'console']);

    expect(build(root, { onlyStale: true })).toBe(0);
    expect(scriptsRun()).toEqual([]);

    await afterTheLastBuild();
    write('console/src/main.tsx', 'changed');
    expect(build(root, { onlyStale: true })).toBe(0);
    expect(scriptsRun()).toEqual(['console']);

    await afterTheLastBuild();
    write('src/lib/ids.ts', 'changed');
    expect(build(root, { onlyStale: true })).toBe(0);
    expect(scriptsRun()).toEqual(['server']);
  });

  it('rebuilds when a source file is removed, or a dependency changes', async () => {
    build(root, { onlyStale: true });
    scriptsRun();

    await afterTheLastBuild();
    fs.rmSync(path.join(root, 'src/lib/ids.ts'));
    build(root, { onlyStale: true });
    expect(scriptsRun()).toEqual(['server']);

    await afterTheLastBuild();
    write('package-lock.json', 'changed');
    build(root, { onlyStale: true });
    expect(scriptsRun()).toEqual(['server', 'console']);
  });

  it('a failed build answers its exit code and stays stale', () => {
    write(
      'package.json',
      JSON.stringify({
        name: 'build-fixture',
        private: true,
        scripts: { 'build:server': 'exit 3', 'console:build': 'echo console >> ran.log' },
      }),
    );
    expect(build(root, { onlyStale: true })).toBe(3);
    expect(scriptsRun()).toEqual([]);

    write(
      'package.json',
      JSON.stringify({
        name: 'build-fixture',
        private: true,
        scripts: { 'build:server': 'echo server >> ran.log', 'console:build': 'echo console >> ran.log' },
      }),
    );
    expect(build(root, { onlyStale: true })).toBe(0);
    expect(scriptsRun()).toEqual(['server', 'console']);
  });

  it('a full build runs every script even when nothing changed', () => {
    build(root, { onlyStale: true });
    scriptsRun();
    expect(build(root, { onlyStale: false })).toBe(0);
    expect(scriptsRun()).toEqual(['server', 'console']);
  });

  it('npm run cli builds only what is stale, npm start everything', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.precli).toBe('node scripts/build.mjs --when-stale');
    expect(scripts.build).toBe('node scripts/build.mjs');
    expect(scripts.prestart).toBe('npm run -s build');
  });
});
