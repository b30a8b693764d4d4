// The test app's audit watch (test/helpers/audit-watch.ts) on routes made for it: it passes a route that keeps its
// declaration, and names each success that broke one, so that the app's close() fails with them.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuditDeclaration } from '../../src/http/audit-declaration.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';

const BASE = '/api/v1/audit-watch';

/** A public POST route that declares `audit` (or nothing), writes an entry when asked, and answers `status`. */
function route(app: FastifyInstance, t: () => TestApp, name: string, audit: AuditDeclaration | undefined) {
  app.post<{ Body: { writes?: boolean; status?: number } }>(
    `${BASE}/${name}`,
    { config: { auth: 'none', abilityExempt: 'a route of this test', ...(audit === undefined ? {} : { audit }) } },
    async (request, reply) => {
      const { writes = false, status = 200 } = request.body ?? {};
      if (writes) {
        const { database, services, tenant } = t();
        await services.audit.service.record(database.db, {
          tenantId: tenant.tenantId,
          action: 'test.written',
          entityType: 'test',
          entityId: null,
        });
      }
      return reply.code(status).send({ success: status < 300 });
    },
  );
}

describe('audit watch', () => {
  it('names each success that broke its route’s declaration, and fails close() with them', async () => {
    const app: TestApp = await buildTestApp({
      beforeReady: (fastify) => {
        route(fastify, () => app, 'recorded', 'recorded');
        route(fastify, () => app, 'when-changed', 'when-changed');
        route(fastify, () => app, 'exempt', { exempt: 'writes nothing of the tenant' });
        route(fastify, () => app, 'undeclared', undefined);
      },
    });
    const call = jsonCaller(app.app, {});
    const post = async (name: string, body: object, headers: Record<string, string> = {}) =>
      (await call('POST', `${BASE}/${name}`, body, headers)).statusCode;

    // Kept: an entry where one was promised, none where none was, none for a change that changed nothing.
    expect(await post('recorded', { writes: true })).toBe(200);
    expect(await post('exempt', {})).toBe(200);
    expect(await post('when-changed', {})).toBe(200);
    expect(await post('when-changed', { writes: true })).toBe(200);
    // A refusal is no success.
    expect(await post('recorded', { status: 422 })).toBe(422);
    // A request id sent again: the entry of the first request is not the second's.
    expect(await post('recorded', { writes: true }, { 'x-request-id': 'watch-same-id' })).toBe(200);
    expect(await post('exempt', {}, { 'x-request-id': 'watch-same-id' })).toBe(200);
    expect(app.audit.breaches).toEqual([]);

    // Broken: no entry though promised, an entry though exempt, no declaration at all.
    expect(await post('recorded', {})).toBe(200);
    expect(await post('exempt', { writes: true })).toBe(200);
    expect(await post('undeclared', {})).toBe(200);
    expect(app.audit.breaches).toEqual([
      expect.stringMatching(/^POST \/api\/v1\/audit-watch\/recorded answered 200 and wrote no audit entry/),
      expect.stringMatching(/^POST \/api\/v1\/audit-watch\/exempt answered 200 and wrote an audit entry, though/),
      expect.stringMatching(/^POST \/api\/v1\/audit-watch\/undeclared answered 200 and declares nothing/),
    ]);
    expect(app.audit.sightings.get(`POST ${BASE}/recorded`)).toEqual({ successes: 3, recorded: 2 });
    expect(app.audit.sightings.get(`POST ${BASE}/when-changed`)).toEqual({ successes: 2, recorded: 1 });

    await expect(app.close()).rejects.toThrow(/Audit declarations not kept[\s\S]*audit-watch\/undeclared/);
  });
});
