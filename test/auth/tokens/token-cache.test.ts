// Authentication answers from memory, and every change to a token or its owner holds from the next request on:
// changes made by this process, by another connection to the same database (the CLI standing for another
// process), and with PostgreSQL's listener down (no caching then). See docs/decisions/performance-caches.md.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { runCli } from '../../../src/cli.js';
import { createDatabase, type Database } from '../../../src/db/database.js';
import { listenerName } from '../../../src/db/confirmed-commits.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { sha256Hex } from '../../../src/lib/secrets.js';
import type { AuthContext } from '../../../src/modules/auth/auth-context.js';
import { TOKEN_CACHE_TABLES } from '../../../src/modules/auth/tokens/token-cache.js';
import { OPERATOR } from '../../../src/modules/tenancy/user-authority.js';
import { bearer, makeToken, makeUser } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { afterCommitElsewhere, testEngine } from '../../helpers/test-database.js';

const ME = '/api/v1/auth/me';
const WAREHOUSES = '/api/v1/operations/warehouses';
/** PostgreSQL tells of another process's commit by a notification, which arrives a moment after the commit. */
const NOTIFICATION_WAIT_MS = 2000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the bearer-token cache', () => {
  let t: TestApp;
  let loads: MockInstance;
  let admin: AuthContext;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    admin = await t.services.tokens.authenticate(t.token, '127.0.0.1');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    loads?.mockRestore();
    loads = vi.spyOn(t.services.repositories.tokens, 'findByPrefixWithOwner');
  });

  const me = (token: string) => t.app.inject({ url: ME, headers: bearer(token) });
  const idOf = async (token: string) =>
    (
      await t.database.db
        .selectFrom('api_tokens')
        .select('id')
        .where('token_hash', '=', sha256Hex(token))
        .executeTakeFirstOrThrow()
    ).id;

  /**
   * Requests until one is answered from memory: at once on SQLite; on PostgreSQL once the listener is in place
   * (until then every request reads its token).
   */
  async function warm(token: string): Promise<void> {
    for (const deadline = Date.now() + NOTIFICATION_WAIT_MS; ;) {
      expect((await me(token)).statusCode).toBe(200);
      const before = loads.mock.calls.length;
      expect((await me(token)).statusCode).toBe(200);
      if (loads.mock.calls.length === before) return;
      if (Date.now() > deadline) throw new Error('the token is never answered from memory');
      await pause(20);
    }
  }

  /** Another process's change, then the first request after it (see afterCommitElsewhere). */
  async function afterChangeElsewhere(change: () => Promise<unknown>) {
    await change();
    await afterCommitElsewhere();
  }

  it('answers a token it has seen without querying it again', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId);
    await warm(token);
    loads.mockClear();
    for (let i = 0; i < 5; i += 1) expect((await me(token)).statusCode).toBe(200);
    expect(loads).not.toHaveBeenCalled();
  });

  it('keeps recording the last use once per minute, without dropping the cache for it', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId);
    await warm(token);
    const lastUsed = async () =>
      (
        await t.database.db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('token_hash', '=', sha256Hex(token))
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const first = await lastUsed();
    expect(first).not.toBeNull();
    clock.advance(61_000);
    loads.mockClear();
    expect((await me(token)).statusCode).toBe(200);
    const second = await lastUsed();
    expect(Date.parse(second!) - Date.parse(first!)).toBeGreaterThanOrEqual(61_000);
    // Within the minute, nothing is written again and nothing read.
    expect((await me(token)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(second);
    expect(loads).not.toHaveBeenCalled();
  });

  it('refuses a revoked token at the next request', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId);
    await warm(token);
    await t.services.tokens.revoke(admin, await idOf(token));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('accepts an approved token at the next request', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:approve-purchase-orders'],
      preApproved: false,
    });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
    await t.services.tokens.approve(admin, await idOf(token));
    expect((await me(token)).statusCode).toBe(200);
  });

  it('applies changed abilities at the next request, whoever wrote them in this process', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:view-inventory'],
    });
    await warm(token);
    expect((await t.app.inject({ url: WAREHOUSES, headers: bearer(token) })).statusCode).toBe(200);
    // No service changes abilities; an update through the query builder (a migration, a future service) counts.
    await t.database.db
      .updateTable('api_tokens')
      .set({ abilities: ['operations:view-products'] })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    expect((await t.app.inject({ url: WAREHOUSES, headers: bearer(token) })).statusCode).toBe(403);
  });

  it("refuses a deactivated user's token at the next request", async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const token = await makeToken(t.services, t.tenant.tenantId, user.id);
    await warm(token);
    await t.services.userAdministration.service.deactivate(t.tenant.tenantId, user.id, OPERATOR);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("applies a user's new role at the next request", async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const token = await makeToken(t.services, t.tenant.tenantId, user.id);
    await warm(token);
    const create = (code: string) =>
      t.app.inject({ method: 'POST', url: WAREHOUSES, headers: bearer(token), payload: { name: 'Cached role', code } });
    expect((await create('CACHE1')).statusCode).toBe(201);
    await t.services.userAdministration.service.update(t.tenant.tenantId, user.id, { role: 'viewer' }, OPERATOR);
    expect((await create('CACHE2')).statusCode).toBe(403);
  });

  describe('changes made by another process', () => {
    let cliOutput = '';
    const io = {
      stdout: (text: string) => void (cliOutput += text),
      stderr: (text: string) => void (cliOutput += text),
    };
    const cli = async (...argv: string[]) => expect(await runCli(argv, io, t.config), cliOutput).toBe(0);

    it('user:deactivate from the CLI refuses the token at the next request', async () => {
      const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
      const token = await makeToken(t.services, t.tenant.tenantId, user.id);
      await warm(token);
      await afterChangeElsewhere(() => cli('user:deactivate', '--tenant', t.tenant.tenantId, '--email', user.email));
      expect((await me(token)).statusCode).toBe(401);
    });

    it('user:update --role from the CLI applies at the next request', async () => {
      const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
      const token = await makeToken(t.services, t.tenant.tenantId, user.id);
      await warm(token);
      await afterChangeElsewhere(() =>
        cli('user:update', '--tenant', t.tenant.tenantId, '--email', user.email, '--role', 'viewer'),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: WAREHOUSES,
        headers: bearer(token),
        payload: { name: 'Elsewhere', code: 'CACHE3' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('a revocation written through another connection refuses the token at the next request', async () => {
      const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId);
      await warm(token);
      const other: Database = createDatabase({
        databaseUrl: t.location.databaseUrl,
        sqliteFile: t.location.sqliteFile,
      });
      try {
        await afterChangeElsewhere(() =>
          other.db
            .updateTable('api_tokens')
            .set({ status: 'revoked' })
            .where('token_hash', '=', sha256Hex(token))
            .execute(),
        );
        expect((await me(token)).statusCode).toBe(401);
      } finally {
        await other.close();
      }
    });
  });

  // What each engine cannot rule out: on PostgreSQL, anything while its listener is down; on SQLite, which cannot
  // tell which tables another connection wrote, any commit of another connection.
  it('reads the token again whenever it cannot rule out a change elsewhere, and answers from memory again after', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId);
    await warm(token);
    if (testEngine === 'postgres') {
      const ended = await sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and application_name = ${listenerName(TOKEN_CACHE_TABLES.channel)}`.execute(
        t.database.db,
      );
      expect(ended.rows).toEqual([{ ended: true }]);
      await pause(100);
      loads.mockClear();
      for (let i = 0; i < 3; i += 1) expect((await me(token)).statusCode).toBe(200);
      expect(loads).toHaveBeenCalledTimes(3);
    } else {
      const other = createDatabase({ databaseUrl: null, sqliteFile: t.location.sqliteFile });
      try {
        await other.db
          .updateTable('warehouses')
          .set({ updated_at: new Date().toISOString() })
          .where('tenant_id', '=', t.tenant.tenantId)
          .execute();
      } finally {
        await other.close();
      }
      await afterCommitElsewhere();
      loads.mockClear();
      for (let i = 0; i < 3; i += 1) expect((await me(token)).statusCode).toBe(200);
      expect(loads).toHaveBeenCalledTimes(1);
    }
    // PostgreSQL's listener reconnects after a second; from then on the token is answered from memory again.
    await warm(token);
  });
});
