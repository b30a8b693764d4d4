// The server as a process: first start on an empty database (also two at once), the generated admin
// password, and graceful shutdown on SIGTERM with a request still in flight.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { verifyPassword } from '../../src/lib/passwords.js';
import { createServices } from '../../src/services.js';
import { makeTenant, makeToken } from '../helpers/factories.js';
import { testConfig } from '../helpers/test-app.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';
import { killAll, processEnv, startServerProcess, START_TIMEOUT_MS, type CliProcess } from './processes.js';

const PROCESS_TEST_TIMEOUT_MS = 90_000;

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  // Processes first: a PostgreSQL database is dropped, a SQLite directory removed, only once they are gone.
  await killAll();
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function freshLocation(migrated: boolean): Promise<TestDatabaseLocation> {
  const location = await createTestDatabaseLocation({ migrated });
  cleanups.push(() => location.drop());
  return location;
}

async function withDatabase<T>(location: TestDatabaseLocation, work: (database: Database) => Promise<T>): Promise<T> {
  const database = openTestDatabase(location);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(url: string): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Resolves with the exit, or fails after `ms`. */
async function exitWithin(cli: CliProcess, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      cli.exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new Error(`process still running ${ms} ms later\nstdout:\n${cli.stdout}\nstderr:\n${cli.stderr}`)),
          ms,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('server process', () => {
  it(
    'two processes starting at once on an empty database both become ready, and bootstrap happens once',
    async () => {
      const location = await freshLocation(false);
      const env = processEnv(location, {
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'correct-horse-battery',
      });

      const a = startServerProcess(env);
      const b = startServerProcess(env);
      const [serverA, serverB] = await Promise.all([a.ready, b.ready]).catch((error: unknown) => {
        throw new Error(`${String(error)}\nA stderr:\n${a.cli.stderr}\nB stderr:\n${b.cli.stderr}`);
      });
      expect(serverA.port).not.toBe(serverB.port);

      for (const server of [serverA, serverB]) {
        const ready = await get(`${server.url}/ready`);
        expect(ready.status).toBe(200);
        expect(JSON.parse(ready.body)).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });
      }

      // Exactly one of them created the Default tenant; neither printed a password (one was given).
      const created = [a.cli, b.cli].filter((cli) =>
        cli.stdout.includes('created the Default tenant on an empty database'),
      );
      expect(created).toHaveLength(1);
      for (const cli of [a.cli, b.cli]) {
        expect(cli.stdout).not.toContain('created with password');
        expect(cli.stderr).toBe('');
      }

      await withDatabase(location, async ({ db }) => {
        expect(await db.selectFrom('tenants').select(['id', 'name']).execute()).toEqual([
          { id: expect.any(String), name: 'Default' },
        ]);
        const tenantId = (await db.selectFrom('tenants').select('id').executeTakeFirstOrThrow()).id;
        expect(await db.selectFrom('warehouses').select(['tenant_id', 'code', 'name', 'is_default']).execute()).toEqual(
          [{ tenant_id: tenantId, code: 'MAIN', name: 'Main Warehouse', is_default: true }],
        );
        expect(await db.selectFrom('users').select(['tenant_id', 'email', 'role']).execute()).toEqual([
          { tenant_id: tenantId, email: 'admin@example.com', role: 'admin' },
        ]);
        const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
        expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
      });

      // Both still serve after the race.
      for (const server of [serverA, serverB]) expect((await get(`${server.url}/health`)).status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'the start line names the Node.js version the server runs on',
    async () => {
      const location = await freshLocation(false);
      const server = startServerProcess(
        processEnv(location, { LOG_LEVEL: 'info', ADMIN_PASSWORD: 'correct-horse-battery' }),
      );
      await server.ready;
      const version = process.version.replaceAll('.', '\\.');
      expect(server.cli.stdout).toMatch(
        new RegExp(`Server listening at http://127\\.0\\.0\\.1:\\d+ on Node\\.js ${version}"`),
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a first start without ADMIN_PASSWORD prints a generated password once, which verifies against the stored hash',
    async () => {
      const location = await freshLocation(false);
      const env = processEnv(location, { LOG_LEVEL: 'info', ADMIN_EMAIL: 'Boss@Example.com' });

      const first = startServerProcess(env);
      const server = await first.ready;
      const match = /Admin user boss@example\.com created with password: (\S+)\n/.exec(first.cli.stdout);
      expect(match, first.cli.stdout).not.toBeNull();
      const password = match![1]!;
      const tenantId = /Tenant Default \(([0-9a-z]{26})\) created\./.exec(first.cli.stdout)?.[1];
      expect(tenantId, first.cli.stdout).toBeDefined();
      expect(password).toMatch(/^[0-9A-Za-z]{20}$/);
      // Printed once, on stdout only: not in the log lines, not on stderr.
      expect(first.cli.stdout.split(password)).toHaveLength(2);
      expect(first.cli.stderr).not.toContain(password);
      expect((await get(`${server.url}/ready`)).status).toBe(200);

      await withDatabase(location, async ({ db }) => {
        const users = await db.selectFrom('users').select(['email', 'password_hash', 'role', 'tenant_id']).execute();
        expect(users).toHaveLength(1);
        expect(users[0]!.tenant_id).toBe(tenantId);
        expect(users[0]).toMatchObject({ email: 'boss@example.com', role: 'admin' });
        expect(users[0]!.password_hash).not.toContain(password);
        expect(await verifyPassword(users[0]!.password_hash, password)).toBe(true);
        expect(await verifyPassword(users[0]!.password_hash, `${password}x`)).toBe(false);
      });

      // A second start on the same database creates nothing and prints no password.
      first.cli.child.kill('SIGTERM');
      expect(await exitWithin(first.cli, START_TIMEOUT_MS)).toEqual({ code: 0, signal: null });
      const second = startServerProcess(env);
      await second.ready;
      expect(second.cli.stdout).not.toContain('created with password');
      expect(second.cli.stdout).not.toContain('created the Default tenant');
      await withDatabase(location, async ({ db }) => {
        expect(await db.selectFrom('users').select('email').execute()).toEqual([{ email: 'boss@example.com' }]);
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  // Keep-alive is what Node's global agent, browsers and proxies use: the connection outlives the response.
  it.each([
    ['a keep-alive connection', () => new http.Agent({ keepAlive: true })],
    ['a Connection: close request', () => false as const],
  ])(
    'SIGTERM stops accepting connections, lets the in-flight request on %s complete, then exits 0',
    async (_kind, makeAgent) => {
      const agent = makeAgent();
      if (agent) cleanups.push(async () => agent.destroy());
      const location = await freshLocation(true);
      const token = await withDatabase(location, async (database) => {
        const services = createServices({ db: database.db, clock: systemClock, newId, config: testConfig(location) });
        const tenant = await makeTenant(services);
        return makeToken(services, tenant.tenantId, tenant.adminId, { abilities: ['operations:manage-inventory'] });
      });
      const { cli, ready } = startServerProcess(
        processEnv(location, { LOG_LEVEL: 'info', ADMIN_PASSWORD: 'correct-horse-battery' }),
      );
      const server = await ready;

      // A POST whose body arrives in two halves: routed and authenticated before SIGTERM, finished after.
      const body = JSON.stringify({ name: 'Overflow Depot', code: 'OVERFLOW', type: 'satellite' });
      const half = Math.floor(body.length / 2);
      const request = http.request(`${server.url}/api/v1/operations/warehouses`, {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      const response = new Promise<HttpResponse>((resolve, reject) => {
        request.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
          res.on('error', reject);
        });
        request.on('error', reject);
      });
      response.catch(() => undefined); // awaited below; a failure before then must not go unhandled
      cleanups.push(async () => request.destroy());
      request.write(body.slice(0, half));
      await cli.waitForStdout(/"url":"\/api\/v1\/operations\/warehouses"[^\n]*"msg":"incoming request"/);

      cli.child.kill('SIGTERM');
      await cli.waitForStdout(/"signal":"SIGTERM"[^\n]*"msg":"shutting down"/);

      // The listening socket closes: a new connection is refused while the request is still open.
      const deadline = Date.now() + 10_000;
      let refused = false;
      while (!refused && Date.now() < deadline) {
        try {
          await get(`${server.url}/health`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        } catch (error) {
          refused = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
        }
      }
      expect(refused).toBe(true);
      expect(cli.child.exitCode).toBeNull();

      request.end(body.slice(half));
      const res = await response;
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body)).toMatchObject({
        success: true,
        data: { name: 'Overflow Depot', code: 'OVERFLOW', type: 'satellite' },
      });

      // Well within SHUTDOWN_TIMEOUT_MS (10 s), after which close-with-grace would exit 1.
      const finished = Date.now();
      expect(await exitWithin(cli, 15_000)).toEqual({ code: 0, signal: null });
      expect(Date.now() - finished).toBeLessThan(5_000);
      expect(cli.stderr).not.toMatch(/killed by timeout/);

      // The request's work was committed before the database closed.
      await withDatabase(location, async ({ db }) => {
        expect(await db.selectFrom('warehouses').select('code').where('code', '=', 'OVERFLOW').execute()).toEqual([
          { code: 'OVERFLOW' },
        ]);
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'SIGTERM with no traffic exits 0 promptly and releases the database',
    async () => {
      const location = await freshLocation(true);
      const { cli, ready } = startServerProcess(
        processEnv(location, { LOG_LEVEL: 'info', ADMIN_PASSWORD: 'correct-horse-battery' }),
      );
      const server = await ready;
      expect((await get(`${server.url}/health`)).status).toBe(200);

      const started = Date.now();
      cli.child.kill('SIGTERM');
      expect(await exitWithin(cli, 10_000)).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(5_000);

      if (testEngine === 'postgres') {
        await withDatabase(location, async ({ db }) => {
          const name = new URL(location.databaseUrl!).pathname.slice(1);
          const others = await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(
            db,
          );
          expect(others.rows[0]!.n).toBe(0);
        });
      } else {
        // A clean close checkpoints and removes the WAL files; an exclusive lock is then free at once.
        const fs = await import('node:fs');
        expect(fs.existsSync(`${location.sqliteFile}-wal`)).toBe(false);
        await withDatabase(location, async ({ db }) => {
          await sql`pragma busy_timeout = 0`.execute(db);
          await db.transaction().execute(async (trx) => {
            await sql`select count(*) from tenants`.execute(trx);
          });
        });
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
