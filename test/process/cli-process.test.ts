// The CLI as an operator runs it: a real process, its exit code, and which stream each message goes to.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { migrations } from '../../src/db/migrations/index.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabaseLocation, openTestDatabase, type TestDatabaseLocation } from '../helpers/test-database.js';
import { verifyPassword } from '../../src/lib/passwords.js';
import { killAll, processEnv, runCliProcess, START_TIMEOUT_MS } from './processes.js';

describe('cli as a process', () => {
  let location: TestDatabaseLocation;
  beforeAll(async () => {
    location = await createTestDatabaseLocation();
  });
  afterEach(() => killAll());
  afterAll(() => location?.drop());

  it('--help prints usage on stdout and exits 0', async () => {
    const result = await runCliProcess(['--help'], processEnv(location));
    expect(result.stderr).toBe('');
    expect(result).toMatchObject({ code: 0, signal: null });
    expect(result.stdout).toContain('Usage: quartermaster');
    expect(result.stdout).toContain('tenant:create');
  });

  it('on a Node.js older than 24 it exits 1 naming the version it needs, before any library fails to load', async () => {
    const olderNode = new URL('fixtures/older-node.mjs', import.meta.url).href;
    const result = await runCliProcess(
      ['migrate', '--json'],
      processEnv(location, { NODE_OPTIONS: `--import=${olderNode}` }),
    );

    expect(result).toMatchObject({ code: 1, signal: null, stdout: '' });
    expect(result.stderr).toMatch(/^Error: Quartermaster needs Node\.js 24 or later; this is Node\.js 20\.20\.2\.\n/);
    expect(result.stderr).toContain('node_modules/.bin/node dist/cli.js <command>');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('a duplicate admin e-mail exits 1 with the message on stderr and nothing on stdout', async () => {
    const adminEmail = `taken-${Date.now().toString(36)}@example.test`;
    const io = { stdout: () => {}, stderr: () => {} };
    expect(
      await runCli(
        ['tenant:create', '--name', 'First', '--admin-email', adminEmail, '--admin-password', 'correct-horse-battery'],
        io,
        testConfig(location),
      ),
    ).toBe(0);

    const result = await runCliProcess(
      [
        'tenant:create',
        '--name',
        'Second',
        '--admin-email',
        adminEmail,
        '--admin-password',
        'correct-horse-battery',
        '--json',
      ],
      processEnv(location),
    );

    expect(result).toMatchObject({ code: 1, signal: null, stdout: '' });
    expect(result.stderr).toContain('email');
    expect(result.stderr).toContain('already been taken');

    const database = openTestDatabase(location);
    try {
      expect(await database.db.selectFrom('tenants').select('name').where('name', '=', 'Second').execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('--version prints the version, and a password piped to --password-stdin creates the user', async () => {
    const version = await runCliProcess(['--version'], processEnv(location));
    expect(version).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });

    const created = await runCliProcess(
      [
        'tenant:create',
        '--name',
        'Piped',
        '--admin-email',
        `piped-${Date.now().toString(36)}@example.test`,
        '--password-stdin',
        '--json',
      ],
      processEnv(location),
      START_TIMEOUT_MS,
      'a password from a pipe\n',
    );
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const { user } = JSON.parse(created.stdout) as { user: { id: string } };
    const database = openTestDatabase(location);
    try {
      const { password_hash } = await database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(password_hash, 'a password from a pipe')).toBe(true);
    } finally {
      await database.close();
    }

    const fromEnv = await runCliProcess(
      ['tenant:create', '--name', 'Env', '--admin-email', `env-${Date.now().toString(36)}@example.test`, '--json'],
      processEnv(location, { QUARTERMASTER_PASSWORD: 'a password from the environment' }),
    );
    expect(fromEnv).toMatchObject({ code: 0, stderr: '' });
  });

  it('a successful command exits 0 by itself, JSON on stdout and nothing on stderr', async () => {
    const result = await runCliProcess(['migrate', '--json'], processEnv(location));
    expect(result).toMatchObject({ code: 0, signal: null, stderr: '', stdout: '{"applied":[]}\n' });
  });

  it('two migrate processes racing on a fresh database apply each migration exactly once', async () => {
    const fresh = await createTestDatabaseLocation({ migrated: false });
    try {
      const results = await Promise.all([1, 2].map(() => runCliProcess(['migrate', '--json'], processEnv(fresh))));
      for (const result of results) expect(result).toMatchObject({ code: 0, stderr: '' });
      const applied = results.flatMap((r) => (JSON.parse(r.stdout) as { applied: string[] }).applied).sort();
      expect(applied).toEqual(Object.keys(migrations).sort());
      const database = openTestDatabase(fresh);
      try {
        const rows = await database.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute();
        expect(rows).toHaveLength(Object.keys(migrations).length);
      } finally {
        await database.close();
      }
    } finally {
      await fresh.drop();
    }
  });
});
