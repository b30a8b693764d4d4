// The worker process with BACKUP_DIR set takes its first backup as it starts (there is none yet), an archive that
// names the database's engine and level; started again at once, it takes no second one.
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_MIGRATIONS } from '../../src/db/migrate.js';
import { extractTarGz } from '../../src/lib/tar.js';
import { createTestDatabaseLocation, testEngine, type TestDatabaseLocation } from '../helpers/test-database.js';
import { killAll, processEnv, startCli, type CliProcess } from '../process/processes.js';

const ARCHIVE = /^quartermaster-\d{8}T\d{6}Z\.tar\.gz$/;
const WAIT_MS = 60_000;

async function until<T>(what: string, check: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe(`scheduled backups of the worker process on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let directory: string;

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    directory = mkdtempSync(path.join(os.tmpdir(), 'qm-scheduled-'));
  });
  afterAll(async () => {
    await killAll();
    await rm(directory, { recursive: true, force: true });
    await location?.drop();
  });

  const archives = async () => (await readdir(directory)).filter((name) => ARCHIVE.test(name));
  const startWorker = (): CliProcess =>
    startCli(['worker'], processEnv(location, { LOG_LEVEL: 'info', BACKUP_DIR: directory, BACKUP_EVERY: '1d' }));

  it('writes an archive at its first look, and no second one after a restart', async () => {
    const first = startWorker();
    const [name] = await until('the first archive', async () => ((await archives()).length ? archives() : null));
    await first.waitForStdout(/"task":"backup"/);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);

    const unpacked = mkdtempSync(path.join(os.tmpdir(), 'qm-scheduled-unpacked-'));
    try {
      await extractTarGz(path.join(directory, name!), unpacked);
      const manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ engine: testEngine, migration: KNOWN_MIGRATIONS.at(-1) });
    } finally {
      await rm(unpacked, { recursive: true, force: true });
    }

    const second = startWorker();
    const skipped = await second.waitForStdout(/"task":"backup","result":\{"backup":null,"next_due_at":"([^"]+)"/);
    expect(Date.parse(skipped[1]!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(await archives()).toEqual([name]);
  });
});
