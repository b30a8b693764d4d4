// The CLI reads `.env` in its working directory, and a variable the environment already has wins over the file.
// Run as real processes: the file is read by the CLI's entry point, before the configuration.
import { mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createServices } from '../../src/services.js';
import { makeTenant } from '../helpers/factories.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabaseLocation, openTestDatabase, type TestDatabaseLocation } from '../helpers/test-database.js';
import { killAll, processEnv, runCliProcess } from '../process/processes.js';

describe('.env in the working directory', () => {
  let location: TestDatabaseLocation;
  let directory: string;
  let tenantId: string;
  /** The test process's environment without the database's whereabouts, which only `.env` gives. */
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    const database = openTestDatabase(location);
    try {
      const services = createServices({ db: database.db, clock: systemClock, newId, config: testConfig(location) });
      tenantId = (await makeTenant(services)).tenantId;
    } finally {
      await database.close();
    }
    directory = mkdtempSync(path.join(os.tmpdir(), 'qm-env-file-'));
    const lines = [
      '# where the database is, as an operator would write it',
      `DATA_DIR=${location.dataDir}`,
      ...(location.databaseUrl ? [`DATABASE_URL="${location.databaseUrl}"`] : []),
      'PORT=not-a-port',
    ];
    await writeFile(path.join(directory, '.env'), `${lines.join('\n')}\n`);
    env = processEnv(location);
    delete env.DATA_DIR;
    delete env.DATABASE_URL;
  });
  afterAll(async () => {
    await killAll();
    await rm(directory, { recursive: true, force: true });
    await location?.drop();
  });

  it('is read by a command started there, and the environment wins over it', async () => {
    const listed = await runCliProcess(
      ['tenant:list', '--json'],
      { ...env, PORT: '8080' },
      undefined,
      undefined,
      directory,
    );
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).tenants.map((t: { id: string }) => t.id)).toContain(tenantId);

    // Without PORT in the environment, the file's value is the one read, and refused.
    const refused = await runCliProcess(['tenant:list'], env, undefined, undefined, directory);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('Error: PORT must be an integer between 0 and 65535, got "not-a-port".\n');
  });

  it('is optional: without one, the environment alone is read', async () => {
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'qm-no-env-file-'));
    try {
      const listed = await runCliProcess(
        ['tenant:list', '--json'],
        processEnv(location),
        undefined,
        undefined,
        elsewhere,
      );
      expect(listed.stderr).toBe('');
      expect(JSON.parse(listed.stdout).tenants.map((t: { id: string }) => t.id)).toContain(tenantId);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
