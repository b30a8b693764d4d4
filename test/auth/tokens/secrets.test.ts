// A token's secret never appears in any response after its creation, in the logs (even at `trace`), or in
// the database: the database keeps its SHA-256 and its public lookup prefix only.
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/database.js';
import { sha256Hex } from '../../../src/lib/secrets.js';
import { bearer, makeTenant, makeToken, makeUser, type TenantFixture } from '../../helpers/factories.js';
import { testConfig } from '../../helpers/test-app.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  type TestDatabaseLocation,
} from '../../helpers/test-database.js';
import { signedInClient, type SessionClient } from '../../helpers/session-client.js';

const WAREHOUSES = '/api/v1/operations/warehouses';
const TOKENS = '/api/v1/api-tokens';
const ME = '/api/v1/auth/me';
const BOOM = '/api/v1/test-boom';
const PREFIX_LENGTH = 13; // `qm_` and the public lookup part

describe('token secrets', () => {
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      logLines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });

  let location: TestDatabaseLocation;
  let database: Database;
  let app: FastifyInstance;
  let tenant: TenantFixture;
  let admin: SessionClient;
  /** Plain texts of every token made in this file. */
  const secrets: string[] = [];
  /** Every response after the creation responses. */
  const responses: { what: string; res: LightMyRequestResponse }[] = [];
  let created: { id: string; plain: string };
  let factoryToken: string;

  const record = async (what: string, res: Promise<LightMyRequestResponse> | LightMyRequestResponse) => {
    const answer = await res;
    responses.push({ what, res: answer });
    return answer;
  };

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    database = openTestDatabase(location);
    const config = testConfig(location);
    app = await buildApp({ config, database, logger: { level: 'trace', stream } });
    app.get(BOOM, async () => {
      throw new Error('boom: the handler failed');
    });
    await app.ready();
    tenant = await makeTenant(app.services);
    factoryToken = await makeToken(app.services, tenant.tenantId, tenant.adminId, { abilities: ['operations:view-*'] });
    secrets.push(factoryToken);

    admin = await signedInClient(app, tenant.adminEmail);
    const res = await admin.post(TOKENS, {
      name: 'made over HTTP',
      type: 'application',
      abilities: ['operations:view-inventory'],
    });
    expect(res.statusCode).toBe(201);
    created = { id: res.json().data.id, plain: res.json().data.plain_text_token };
    secrets.push(created.plain);
    const high = await admin.post(TOKENS, { name: 'high', abilities: ['operations:*'] });
    expect(high.statusCode).toBe(201);
    secrets.push(high.json().data.plain_text_token);
    const pendingId = high.json().data.id;

    // Use the tokens: every kind of answer.
    const auth = bearer(created.plain);
    expect((await record('200 list', app.inject({ url: WAREHOUSES, headers: auth }))).statusCode).toBe(200);
    expect((await record('200 me', app.inject({ url: ME, headers: bearer(factoryToken) }))).statusCode).toBe(200);
    expect(
      (await record('401 pending', app.inject({ url: ME, headers: bearer(high.json().data.plain_text_token) })))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await record(
          '401 forged',
          app.inject({ url: ME, headers: bearer(`${created.plain.slice(0, PREFIX_LENGTH)}${'x'.repeat(40)}`) }),
        )
      ).statusCode,
    ).toBe(401);
    expect((await record('401 session-only', app.inject({ url: TOKENS, headers: auth }))).statusCode).toBe(401);
    // A credential in the query string is refused, and the request log writes its value as [REDACTED].
    expect(
      (await record('401 token in the query', app.inject({ url: `${ME}?access_token=${created.plain}` }))).statusCode,
    ).toBe(401);
    expect(
      (await record('401 other scheme', app.inject({ url: ME, headers: { authorization: `Token ${created.plain}` } })))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await record(
          '403',
          app.inject({ method: 'POST', url: WAREHOUSES, headers: auth, payload: { name: 'No', code: 'NO' } }),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await record('404', app.inject({ url: `${WAREHOUSES}/01aaaaaaaaaaaaaaaaaaaaaaaa`, headers: auth }))).statusCode,
    ).toBe(404);
    expect((await record('422', app.inject({ url: `${WAREHOUSES}?per_page=1000`, headers: auth }))).statusCode).toBe(
      422,
    );
    expect((await record('500', app.inject({ url: BOOM, headers: auth }))).statusCode).toBe(500);
    expect((await record('404 route', app.inject({ url: '/api/v1/nowhere', headers: auth }))).statusCode).toBe(404);

    // Manage it over the session.
    expect((await record('list', admin.get(`${TOKENS}?per_page=100`))).statusCode).toBe(200);
    expect((await record('get', admin.get(`${TOKENS}/${created.id}`))).statusCode).toBe(200);
    expect((await record('approve', admin.post(`${TOKENS}/${pendingId}/approve`))).statusCode).toBe(200);
    expect((await record('revoke', admin.delete(`${TOKENS}/${created.id}`))).statusCode).toBe(200);
    expect((await record('401 revoked', app.inject({ url: ME, headers: auth }))).statusCode).toBe(401);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await location?.drop();
  });

  /** The forms a leak could take: the whole token, and its secret part (all but the public prefix). */
  const forms = () => secrets.flatMap((plain) => [plain, plain.slice(PREFIX_LENGTH)]);

  it('made the tokens it checks for', () => {
    expect(secrets).toHaveLength(3);
    for (const plain of secrets) expect(plain).toMatch(/^qm_[0-9A-Za-z]{50}$/);
  });

  it('answers the plain text in no response after the creation response', () => {
    expect(responses.length).toBeGreaterThanOrEqual(16);
    for (const { what, res } of responses) {
      for (const form of forms()) {
        expect(res.body, what).not.toContain(form);
        expect(JSON.stringify(res.headers), what).not.toContain(form);
      }
      expect(res.body, what).not.toContain('plain_text_token');
    }
    const failure = responses.find((r) => r.what === '500')!.res.json();
    expect(failure).toEqual({
      success: false,
      code: 'server_error',
      message: 'Server Error.',
      request_id: expect.any(String),
    });
  });

  it('writes no secret to the logs, even at trace level', () => {
    expect(logLines.length).toBeGreaterThan(20);
    const parsed = logLines.map(
      (line) => JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } },
    );
    // The logs are not silent: requests are traced and the 500 is logged with its error.
    expect(parsed.some((entry) => entry.msg === 'incoming request')).toBe(true);
    expect(
      parsed.some((entry) => entry.msg === 'request failed' && entry.err?.message === 'boom: the handler failed'),
    ).toBe(true);
    for (const line of logLines) {
      for (const form of forms()) expect(line).not.toContain(form);
      expect(line).not.toContain('plain_text_token');
    }
  });

  it('stores no plain text in api_tokens: only the SHA-256 and the public prefix', async () => {
    const rows = await database.db.selectFrom('api_tokens').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const dump = JSON.stringify(rows);
    for (const form of forms()) expect(dump).not.toContain(form);
    for (const plain of secrets) {
      const row = rows.find((r) => r.token_hash === sha256Hex(plain));
      expect(row).toBeDefined();
      expect(row!.token_prefix).toBe(plain.slice(0, PREFIX_LENGTH));
      expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const value of Object.values(row!)) {
        if (typeof value === 'string') expect(value).not.toContain(plain.slice(PREFIX_LENGTH));
      }
    }
    expect(rows.find((r) => r.id === created.id)!.token_hash).toBe(sha256Hex(created.plain));
  });

  /** Every row of every table of the schema, as JSON per table. */
  async function dumpDatabase(): Promise<Map<string, string>> {
    const tables = (await database.db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_'));
    expect(tables).toEqual(expect.arrayContaining(['api_tokens', 'idempotency_keys', 'sessions', 'users', 'events']));
    const dumps = new Map<string, string>();
    for (const table of tables)
      dumps.set(
        table,
        JSON.stringify(
          await database.db
            .selectFrom(table as 'api_tokens')
            .selectAll()
            .execute(),
        ),
      );
    return dumps;
  }

  it('stores no plain text anywhere in the database', async () => {
    for (const [table, dump] of await dumpDatabase()) {
      for (const form of forms()) expect(dump, table).not.toContain(form);
    }
  });

  describe('with an Idempotency-Key', () => {
    // Idempotency keys are scoped per tenant and replay the stored answer. A route that answers a secret
    // once opts out (config.idempotency: false): the key is ignored, so the secret is neither stored nor
    // replayed, to the same caller or to another user of the tenant who sends the same key and body.
    it('token creation ignores the key: nothing stored, no replay of the plain text to anyone', async () => {
      const key = 'create-token-key-1';
      const body = { name: 'idempotent', abilities: ['operations:view-inventory'] };
      const first = await admin.post(TOKENS, body, { headers: { 'idempotency-key': key } });
      expect(first.statusCode).toBe(201);
      const plain = first.json().data.plain_text_token as string;
      expect(plain).toMatch(/^qm_/);
      secrets.push(plain);

      const again = await admin.post(TOKENS, body, { headers: { 'idempotency-key': key } });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.json().data.id).not.toBe(first.json().data.id);
      expect(again.body).not.toContain(plain);

      const viewer = await makeUser(app.services, tenant.tenantId, 'viewer');
      const other = await signedInClient(app, viewer.email);
      const stolen = await other.post(TOKENS, body, { headers: { 'idempotency-key': key } });
      expect(stolen.statusCode).toBe(201);
      expect(stolen.body).not.toContain(plain);
      expect(stolen.body).not.toContain(plain.slice(PREFIX_LENGTH));
      const mine = await app.inject({ url: ME, headers: bearer(stolen.json().data.plain_text_token) });
      expect(mine.json().data.user.id).toBe(viewer.id);
      secrets.push(again.json().data.plain_text_token, stolen.json().data.plain_text_token);

      const stored = await database.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('idempotency_key', '=', key)
        .execute();
      expect(stored).toEqual([]);
    });

    it('two-factor enrolment ignores the key too: another user never receives the TOTP secret', async () => {
      const key = 'two-factor-key-1';
      const first = await admin.post('/api/v1/auth/two-factor/enable', undefined, {
        headers: { 'idempotency-key': key },
      });
      expect(first.statusCode).toBe(200);
      const secret = first.json().data.secret as string;
      expect(secret.length).toBeGreaterThan(10);

      const viewer = await makeUser(app.services, tenant.tenantId, 'viewer');
      const other = await signedInClient(app, viewer.email);
      const second = await other.post('/api/v1/auth/two-factor/enable', undefined, {
        headers: { 'idempotency-key': key },
      });
      expect(second.statusCode).toBe(200);
      expect(second.body).not.toContain(secret);
      expect(second.json().data.secret).not.toBe(secret);
      expect(
        await database.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', key).execute(),
      ).toEqual([]);
    });

    it('still replays ordinary creations (the opt-out is per route)', async () => {
      const key = 'warehouse-key-1';
      const payload = { name: 'Replayed', code: 'REPLAY' };
      const first = await admin.post(WAREHOUSES, payload, { headers: { 'idempotency-key': key } });
      expect(first.statusCode).toBe(201);
      const again = await admin.post(WAREHOUSES, payload, { headers: { 'idempotency-key': key } });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.id).toBe(first.json().data.id);
    });

    it('leaves no plain text of any token anywhere in the database', async () => {
      expect(secrets.length).toBeGreaterThanOrEqual(6);
      for (const [table, dump] of await dumpDatabase()) {
        for (const form of forms()) expect(dump, table).not.toContain(form);
      }
    });
  });
});
