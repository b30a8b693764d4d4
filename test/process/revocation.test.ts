// A revoked token or a deactivated user, refused by every server process on the database once the call that made
// the change has answered: the other process's token cache must not serve what it kept. On PostgreSQL each such
// commit waits for every other process to confirm it heard of it; on SQLite every lookup reads data_version.
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createServices, type Services } from '../../src/services.js';
import { makeTenant, makeUser, type TenantFixture } from '../helpers/factories.js';
import { testConfig } from '../helpers/test-app.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';
import { killAll, processEnv, startServerProcess } from './processes.js';

const PROCESS_TEST_TIMEOUT_MS = 120_000;
/** Enough that a process reading the notification a few milliseconds late, as it did before, is caught. */
const TRIALS = 50;
const PASSWORD = 'correct-horse-battery';
const ANY_BEARER_READ = '/api/v1/operations/warehouses';

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A signed-in browser over real HTTP: keeps the cookies and echoes XSRF-TOKEN on state-changing requests. */
class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async signIn(email: string): Promise<void> {
    expect((await this.request('GET', '/sanctum/csrf-cookie')).status).toBe(204);
    const login = await this.request('POST', '/api/v1/auth/login', { email, password: PASSWORD });
    expect(login.status, await login.text()).toBe(200);
  }

  async request(method: string, path: string, body?: object): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

async function bearerRead(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}${ANY_BEARER_READ}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

interface Seeded {
  tenant: TenantFixture;
  adminToken: string;
  tokens: { id: string; plainText: string }[];
  users: { id: string; token: string }[];
}

type Trials = 'tokens' | 'users';

async function issue(services: Services, tenantId: string, userId: string, name: string) {
  const { token, plainText } = await services.tokens.issue({
    tenantId,
    userId,
    name,
    type: 'application',
    abilities: ['*'],
    expirationDays: null,
    ipWhitelist: null,
    preApproved: true,
  });
  return { id: token.id, plainText };
}

/** The tenant, its admin's token, and what the trials change: tokens of the admin, or users with a token each. */
async function seed(location: TestDatabaseLocation, trials: Trials): Promise<Seeded> {
  const database = openTestDatabase(location);
  try {
    const services = createServices({ db: database.db, clock: systemClock, newId, config: testConfig(location) });
    const tenant = await makeTenant(services);
    const adminToken = (await issue(services, tenant.tenantId, tenant.adminId, 'admin')).plainText;
    const tokens = [];
    for (let i = 0; trials === 'tokens' && i < TRIALS; i += 1)
      tokens.push(await issue(services, tenant.tenantId, tenant.adminId, `revoked ${i}`));
    const users = [];
    for (let i = 0; trials === 'users' && i < TRIALS; i += 1) {
      const user = await makeUser(services, tenant.tenantId, 'viewer');
      users.push({
        id: user.id,
        token: (await issue(services, tenant.tenantId, user.id, `deactivated ${i}`)).plainText,
      });
    }
    return { tenant, adminToken, tokens, users };
  } finally {
    await database.close();
  }
}

async function twoServers(location: TestDatabaseLocation) {
  const env = processEnv(location, { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000000' });
  const [a, b] = await Promise.all([startServerProcess(env).ready, startServerProcess(env).ready]);
  return { a: a.url, b: b.url };
}

describe(`revocation across processes on ${testEngine}`, () => {
  it(
    `a token revoked through one process is refused by the other at once (${TRIALS} trials)`,
    async () => {
      const location = await createTestDatabaseLocation({ migrated: true });
      cleanups.push(() => location.drop());
      const seeded = await seed(location, 'tokens');
      const { a, b } = await twoServers(location);
      const session = new HttpSession(a);
      await session.signIn(seeded.tenant.adminEmail);

      const acceptedAfterRevoke: number[] = [];
      for (const [trial, token] of seeded.tokens.entries()) {
        // Read once on B, so that B's cache keeps the token.
        expect(await bearerRead(b, token.plainText)).toBe(200);
        const revoked = await session.request('DELETE', `/api/v1/api-tokens/${token.id}`);
        expect(revoked.status, await revoked.text()).toBe(200);
        if ((await bearerRead(b, token.plainText)) !== 401) acceptedAfterRevoke.push(trial);
      }
      expect(acceptedAfterRevoke).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    `a user deactivated through one process has their tokens refused by the other at once (${TRIALS} trials)`,
    async () => {
      const location = await createTestDatabaseLocation({ migrated: true });
      cleanups.push(() => location.drop());
      const seeded = await seed(location, 'users');
      const { a, b } = await twoServers(location);

      const acceptedAfterDeactivation: number[] = [];
      for (const [trial, user] of seeded.users.entries()) {
        expect(await bearerRead(b, user.token)).toBe(200);
        const deactivated = await fetch(`${a}/api/v1/users/${user.id}/deactivate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${seeded.adminToken}` },
        });
        expect(deactivated.status, await deactivated.text()).toBe(200);
        if ((await bearerRead(b, user.token)) !== 401) acceptedAfterDeactivation.push(trial);
      }
      expect(acceptedAfterDeactivation).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
