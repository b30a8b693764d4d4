// Import jobs as a resource: the upload's refusals, abilities by type and mode, the list, cancellation, and
// the import.completed event in the feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { ImportResponse } from '../../src/modules/imports/import.schemas.js';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { csvOf, drainImports, getImport, postImport, runImport } from './import-helpers.js';

const SUPPLIERS = csvOf([
  ['code', 'name', 'email'],
  ['JOB-1', 'Job one', 'one@example.com'],
]);

describe('import jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const list = (query = '', auth = t.auth) =>
    t.app.inject({ method: 'GET', url: `/api/v1/operations/imports${query}`, headers: auth });
  const cancel = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/operations/imports/${id}/cancel`, headers: t.auth });

  it('refuses an upload without a file, with an unknown type or mode, or an empty file', async () => {
    const noFile = new FormData();
    noFile.append('type', 'suppliers');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/imports',
      headers: t.auth,
      payload: noFile,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: ['The file field is required: the CSV file to import.'] });
    const badType = await postImport(t, { type: 'orders', csv: SUPPLIERS });
    expect(badType.statusCode).toBe(422);
    expect(Object.keys(badType.json().errors)).toEqual(['type']);
    const badMode = await postImport(t, { type: 'suppliers', mode: 'merge', csv: SUPPLIERS });
    expect(Object.keys(badMode.json().errors)).toEqual(['mode']);
    const empty = await postImport(t, { type: 'suppliers', csv: '' });
    expect(empty.json().errors).toEqual({ file: ['The file is empty: its first line must be the header row.'] });
    expect((await list()).json().meta.total).toBe(0);
  });

  it('needs run-imports and the abilities of the writes its type and mode make', async () => {
    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const viewerAuth = bearer(await makeToken(t.services, t.tenant.tenantId, viewer.id));
    expect((await postImport(t, { type: 'suppliers', csv: SUPPLIERS }, viewerAuth)).statusCode).toBe(403);
    expect((await list('', viewerAuth)).statusCode).toBe(200);

    const createOnly = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
        abilities: ['operations:run-imports', 'operations:create-suppliers'],
      }),
    );
    expect((await postImport(t, { type: 'suppliers', csv: SUPPLIERS }, createOnly)).statusCode).toBe(202);
    const upsert = await postImport(t, { type: 'suppliers', mode: 'upsert', csv: SUPPLIERS }, createOnly);
    expect(upsert.statusCode).toBe(403);
    expect(upsert.json().message).toBe('This action requires the ability operations:edit-suppliers.');
    expect((await postImport(t, { type: 'products', csv: SUPPLIERS }, createOnly)).statusCode).toBe(403);
    await drainImports(t);
  });

  it('lists jobs newest first, filtered by status and type; another tenant sees none of them', async () => {
    const done = await runImport(t, { type: 'suppliers', mode: 'upsert', csv: SUPPLIERS });
    const all = (await list()).json();
    expect(all.data[0].id).toBe(done.id);
    expect(all.data.every((job: ImportResponse) => job.type === 'suppliers')).toBe(true);
    expect((await list('?status=queued')).json().meta.total).toBe(0);
    expect((await list('?type=products')).json().meta.total).toBe(0);
    const other = await makeTenantWithToken(t.services);
    expect((await list('', other.auth)).json().meta.total).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/operations/imports/${done.id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/operations/imports/${done.id}/errors.csv`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('cancels a queued job, which then never runs, and refuses to cancel an ended one', async () => {
    const queued = (
      await postImport(t, {
        type: 'suppliers',
        csv: csvOf([
          ['code', 'name', 'email'],
          ['JOB-C', 'Cancelled', 'c@example.com'],
        ]),
      })
    ).json().data as ImportResponse;
    const res = await cancel(queued.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', rows_done: 0 });
    await drainImports(t);
    expect(await getImport(t, queued.id)).toMatchObject({ status: 'cancelled', created: 0 });
    const again = await cancel(queued.id);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'invalid_transition', message: expect.stringContaining('cancelled') });
  });

  it('stops a running job at its next batch when cancelled; the rows already committed stay', async () => {
    const rows: Array<Array<string>> = [['code', 'name', 'email']];
    for (let i = 0; i < 3000; i += 1) rows.push([`RUN-${i}`, `Running ${i}`, `run-${i}@example.com`]);
    const queued = (await postImport(t, { type: 'suppliers', csv: csvOf(rows) })).json().data as ImportResponse;
    const draining = drainImports(t);
    let seen = await getImport(t, queued.id);
    while (seen.rows_done === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen = await getImport(t, queued.id);
    }
    expect((await cancel(queued.id)).statusCode).toBe(200);
    await draining;
    const ended = await getImport(t, queued.id);
    expect(ended.status).toBe('cancelled');
    expect(ended.rows_done).toBeLessThan(3000);
    expect(ended.created).toBe(ended.rows_done);
    const stored = await t.database.db
      .selectFrom('suppliers')
      .select('id')
      .where('tenant_id', '=', t.tenant.tenantId)
      .where('code', 'like', 'RUN-%')
      .execute();
    expect(stored.length).toBe(ended.created);
  });

  it('records import.completed with the counts, which the feed shows', async () => {
    const job = await runImport(t, {
      type: 'suppliers',
      csv: csvOf([
        ['code', 'name', 'email'],
        ['JOB-E', 'Evented', 'e@example.com'],
        ['JOB-F', 'Bad', 'bad'],
      ]),
    });
    await t.services.publisher.publishAll();
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/webhooks/events?event_type=import.completed',
      headers: t.auth,
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const event = (feed.json().data as Array<{ entity_id: string; payload: ImportResponse }>).find(
      (e) => e.entity_id === job.id,
    );
    expect(event?.payload).toMatchObject({ id: job.id, status: 'completed', created: 1, failed: 1, rows_done: 2 });
  });
});

describe('import file size', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { imports: { ...loadConfig({}).imports, maxFileBytes: 64 } } });
  });
  afterAll(() => t.close());

  it('refuses a file over IMPORT_MAX_FILE_MB with 413, and queues nothing', async () => {
    const big = csvOf([
      ['code', 'name', 'email'],
      ...Array.from({ length: 10 }, (_, i) => [`BIG-${i}`, `Big ${i}`, `big-${i}@example.com`]),
    ]);
    const res = await postImport(t, { type: 'suppliers', csv: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file may not be greater than 64 bytes.');
    const jobs = await t.app.inject({ method: 'GET', url: '/api/v1/operations/imports', headers: t.auth });
    expect(jobs.json().meta.total).toBe(0);
  });
});
