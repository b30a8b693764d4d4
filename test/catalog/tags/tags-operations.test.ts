// Tags: bulk actions, merge, statistics, export, static paths, and the linking rules the product module uses.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { bearer, makeProduct, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const TAGS = '/api/v1/operations/tags';
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

describe('tag operations', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (path: string, payload: object | undefined, headers = t.auth) =>
    t.app.inject({ method: 'POST', url: `${TAGS}/${path}`, headers, payload });
  const make = async (payload: object = {}, headers = t.auth): Promise<string> => {
    n += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: TAGS,
      headers,
      payload: { name: `Tag ${n}`, slug: `tag-${n}`, ...payload },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id;
  };
  const row = (id: string) => t.database.db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
  const linksOf = async (tagId: string) =>
    (await t.database.db.selectFrom('product_tags').select('product_id').where('tag_id', '=', tagId).execute())
      .map((r) => r.product_id)
      .sort();
  const product = (tagIds: string[], tenantId = t.tenant.tenantId) =>
    makeProduct(t.database.db, tenantId, { tag_ids: tagIds });

  describe('bulk actions', () => {
    let foreignId: string;
    beforeAll(async () => {
      const other = await makeTenant(t.services);
      foreignId = await make({}, bearer(await makeToken(t.services, other.tenantId, other.adminId)));
    });

    it('deactivates and activates the tags found; missing and foreign ids count as failed', async () => {
      const a = await make();
      const b = await make({ is_active: false });
      const off = await post('bulk-deactivate', { tag_ids: [a, b, MISSING_ID, foreignId] });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ processed: 4, successful: 2, failed: 2 });
      expect(off.json().data.failures.map((f: { id: string }) => f.id)).toEqual([MISSING_ID, foreignId]);
      expect((await row(a))?.is_active).toBe(false);
      expect((await row(b))?.is_active).toBe(false);
      expect((await row(foreignId))?.is_active).toBe(true);

      const on = await post('bulk-activate', { tag_ids: [a, b] });
      expect(on.json()).toMatchObject({ success: true, data: { processed: 2, successful: 2, failed: 0 } });
      expect((await row(a))?.is_active).toBe(true);
      expect((await row(b))?.is_active).toBe(true);
    });

    it('bulk-delete removes the tags and their links; missing ids count as failed', async () => {
      const a = await make();
      const b = await make();
      const keep = await make();
      const p = await product([a, b, keep]);
      const res = await post('bulk-delete', { tag_ids: [a, b, MISSING_ID, foreignId] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ processed: 4, successful: 2, failed: 2 });
      expect(await row(a)).toBeUndefined();
      expect(await row(b)).toBeUndefined();
      expect(await row(foreignId)).toBeDefined();
      expect(await linksOf(a)).toEqual([]);
      expect(await linksOf(keep)).toEqual([p]);
    });

    it('refuses a bad tag_ids list with 422', async () => {
      const id = await make();
      for (const [payload, field] of [
        [{}, 'tag_ids'],
        [{ tag_ids: [] }, 'tag_ids'],
        [{ tag_ids: 'abc' }, 'tag_ids'],
        [{ tag_ids: [id, id] }, 'tag_ids'],
        [{ tag_ids: ['not-a-ulid'] }, 'tag_ids.0'],
        [{ tag_ids: [id, 5] }, 'tag_ids.1'],
        [{ tag_ids: Array.from({ length: 501 }, (_, i) => `01h${String(i).padStart(23, '0')}`) }, 'tag_ids'],
      ] as const) {
        for (const path of ['bulk-activate', 'bulk-deactivate', 'bulk-delete']) {
          const res = await post(path, payload);
          expect(res.statusCode, `${path} ${JSON.stringify(payload).slice(0, 40)}`).toBe(422);
          expect(res.json().errors).toHaveProperty(field);
        }
      }
      expect(await row(id)).toBeDefined();
    });
  });

  describe('merge', () => {
    it('moves links to the target without duplicates and deletes the sources', async () => {
      const target = await make();
      const s1 = await make();
      const s2 = await make({ is_active: false });
      const both = await product([s1, target]);
      const twoSources = await product([s1, s2]);
      const onlyS2 = await product([s2]);
      const untouched = await product([target]);
      const res = await post('merge', { source_tag_ids: [s1, s2], target_tag_id: target });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Tags merged successfully',
        data: { source_tag_ids: [s1, s2], target_tag_id: target, links_moved: 2 },
      });
      expect(await linksOf(target)).toEqual([both, twoSources, onlyS2, untouched].sort());
      expect(await row(s1)).toBeUndefined();
      expect(await row(s2)).toBeUndefined();
      expect(await linksOf(s1)).toEqual([]);
      const got = (await t.app.inject({ url: `${TAGS}/${target}`, headers: t.auth })).json().data;
      expect(got.products_count).toBe(4);
    });

    it('refuses a target among the sources', async () => {
      const target = await make();
      const source = await make();
      const res = await post('merge', { source_tag_ids: [source, target], target_tag_id: target });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ source_tag_ids: ['The target tag cannot also be a source tag.'] });
      expect(await row(source)).toBeDefined();
    });

    it('refuses a missing, foreign or inactive target', async () => {
      const source = await make();
      const p = await product([source]);
      const missing = await post('merge', { source_tag_ids: [source], target_tag_id: MISSING_ID });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ target_tag_id: [`The target tag ${MISSING_ID} does not exist.`] });
      const other = await makeTenant(t.services);
      const foreign = await make({}, bearer(await makeToken(t.services, other.tenantId, other.adminId)));
      expect((await post('merge', { source_tag_ids: [source], target_tag_id: foreign })).json().errors).toHaveProperty(
        'target_tag_id',
      );
      const inactive = await make({ is_active: false });
      const res = await post('merge', { source_tag_ids: [source], target_tag_id: inactive });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.target_tag_id[0]).toMatch(/inactive/);
      expect(await linksOf(source)).toEqual([p]);
    });

    it('refuses missing sources, naming them, and changes nothing', async () => {
      const target = await make();
      const source = await make();
      const p = await product([source]);
      const res = await post('merge', { source_tag_ids: [source, MISSING_ID], target_tag_id: target });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'source_tag_ids.1': [`The source tag ${MISSING_ID} does not exist.`] });
      expect(await row(source)).toBeDefined();
      expect(await linksOf(source)).toEqual([p]);
      expect(await linksOf(target)).toEqual([]);
    });

    it('refuses a bad body with 422 per field', async () => {
      const target = await make();
      for (const [payload, field] of [
        [{ target_tag_id: target }, 'source_tag_ids'],
        [{ source_tag_ids: [MISSING_ID] }, 'target_tag_id'],
        [{ source_tag_ids: [], target_tag_id: target }, 'source_tag_ids'],
        [{ source_tag_ids: 'x', target_tag_id: target }, 'source_tag_ids'],
        [{ source_tag_ids: ['bad'], target_tag_id: target }, 'source_tag_ids.0'],
        [{ source_tag_ids: [MISSING_ID, MISSING_ID], target_tag_id: target }, 'source_tag_ids'],
        [{ source_tag_ids: [MISSING_ID], target_tag_id: 'bad' }, 'target_tag_id'],
        [{ source_tag_ids: [MISSING_ID], target_tag_id: 7 }, 'target_tag_id'],
      ] as const) {
        const res = await post('merge', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json().errors, JSON.stringify(payload)).toHaveProperty(field);
      }
    });
  });

  describe('statistics and export, in a tenant of their own', () => {
    let auth: { authorization: string };
    let tenantId: string;
    let ids: Record<string, string>;
    beforeAll(async () => {
      const tenant = await makeTenant(t.services);
      tenantId = tenant.tenantId;
      auth = bearer(await makeToken(t.services, tenantId, tenant.adminId));
      ids = {
        linked: await make(
          { name: 'Linked', slug: 'linked', description: 'Has, commas "and quotes"', color: '#abcdef' },
          auth,
        ),
        idle: await make({ name: 'Idle', slug: 'idle', is_active: false }, auth),
        formula: await make({ name: "+cmd|' /C calc'!A0", slug: 'formula', description: '=1+1' }, auth),
        deadOnly: await make({ name: 'Dead only', slug: 'dead-only' }, auth),
      };
      await product([ids.linked!, ids.idle!], tenantId);
      await product([ids.linked!], tenantId);
      const dead = await product([ids.deadOnly!], tenantId);
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', dead)
        .execute();
    });

    it('statistics counts the tenant tags, with products meaning live products', async () => {
      const res = await t.app.inject({ url: `${TAGS}/statistics`, headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: { total: 4, active: 3, inactive: 1, with_products: 2, without_products: 2 },
      });
    });

    it('statistics of an empty tenant are zeros', async () => {
      const empty = await makeTenant(t.services);
      const res = await t.app.inject({
        url: `${TAGS}/statistics`,
        headers: bearer(await makeToken(t.services, empty.tenantId, empty.adminId)),
      });
      expect(res.json().data).toEqual({ total: 0, active: 0, inactive: 0, with_products: 0, without_products: 0 });
    });

    it('exports CSV with a header, counts, and formula cells neutralised', async () => {
      const res = await post('export', { format: 'csv' }, auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tags-\d{4}-\d{2}-\d{2}\.csv"$/);
      const records = parse(res.body, { columns: true }) as Record<string, string>[];
      expect(Object.keys(records[0]!)).toEqual([
        'id',
        'name',
        'slug',
        'description',
        'color',
        'is_active',
        'products_count',
        'created_at',
        'updated_at',
      ]);
      expect(records.map((r) => r.name)).toEqual(["'+cmd|' /C calc'!A0", 'Dead only', 'Idle', 'Linked']);
      const linked = records.find((r) => r.slug === 'linked')!;
      expect(linked).toMatchObject({
        id: ids.linked,
        description: 'Has, commas "and quotes"',
        color: '#ABCDEF',
        is_active: 'true',
        products_count: '2',
      });
      expect(records.find((r) => r.slug === 'idle')).toMatchObject({
        is_active: 'false',
        products_count: '1',
        description: '',
      });
      expect(records.find((r) => r.slug === 'dead-only')?.products_count).toBe('0');
      expect(records.find((r) => r.slug === 'formula')?.description).toBe("'=1+1");
    });

    it('exports JSON, and CSV by default', async () => {
      const res = await post('export', { format: 'json' }, auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toMatch(/filename="tags-\d{4}-\d{2}-\d{2}\.json"/);
      const body = res.json();
      expect(body.total).toBe(4);
      expect(body.data.find((r: { id: string }) => r.id === ids.linked)).toMatchObject({
        name: 'Linked',
        is_active: true,
        products_count: 2,
      });
      const byDefault = await post('export', {}, auth);
      expect(byDefault.headers['content-type']).toMatch(/^text\/csv/);
    });

    it('refuses an unknown format', async () => {
      const res = await post('export', { format: 'xlsx' }, auth);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('format');
    });
  });

  it('static paths are not captured by /:id', async () => {
    const stats = await t.app.inject({ url: `${TAGS}/statistics`, headers: t.auth });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().data).toHaveProperty('total');
    for (const path of ['export', 'merge', 'bulk-activate', 'bulk-deactivate', 'bulk-delete']) {
      const res = await post(path, { nothing: true });
      expect(res.body, path).not.toContain('Tag not found.');
      expect(res.statusCode, path).toBe(path === 'export' ? 200 : 422);
    }
    // A GET on a POST-only static path is that path with the wrong method, not a missing tag.
    for (const path of ['export', 'merge', 'bulk-delete']) {
      const res = await t.app.inject({ url: `${TAGS}/${path}`, headers: t.auth });
      expect(res.statusCode, path).toBe(405);
      expect(res.headers.allow, path).toBe('POST');
      expect(res.json().message, path).toBe('The GET method is not supported for this route. Supported methods: POST.');
    }
  });

  describe('linking rules for the product module', () => {
    const service = () => t.services.catalog.tags.service;
    let active: string;
    let inactive: string;
    let foreign: string;
    beforeEach(async () => {
      active = await make();
      inactive = await make({ is_active: false });
      const other = await makeTenant(t.services);
      foreign = await make({}, bearer(await makeToken(t.services, other.tenantId, other.adminId)));
    });

    const errorsOf = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).errors;
    };

    it('assertLinkable refuses missing, foreign and inactive tags by index', async () => {
      await expect(service().assertLinkable(t.tenant.tenantId, [active])).resolves.toBeUndefined();
      const errors = await errorsOf(
        service().assertLinkable(t.tenant.tenantId, [active, MISSING_ID, inactive, foreign]),
      );
      expect(Object.keys(errors)).toEqual(['tags.1', 'tags.2', 'tags.3']);
      expect(errors['tags.2']![0]).toMatch(/inactive/);
    });

    it('replaceProductTags sets the exact links, keeps an existing inactive link, refuses a new one', async () => {
      const other = await make();
      const p = await product([inactive, other]);
      await t.database.db
        .transaction()
        .execute((trx) => service().replaceProductTags(trx, t.tenant.tenantId, p, [inactive, active, active]));
      expect(await linksOf(inactive)).toEqual([p]);
      expect(await linksOf(active)).toEqual([p]);
      expect(await linksOf(other)).toEqual([]);

      const fresh = await product([]);
      const errors = await errorsOf(
        t.database.db
          .transaction()
          .execute((trx) => service().replaceProductTags(trx, t.tenant.tenantId, fresh, [active, inactive])),
      );
      expect(Object.keys(errors)).toEqual(['tags.1']);
      expect(await linksOf(active)).toEqual([p]);
    });

    it("replaceProductTags joins the caller's transaction: a later failure rolls the links back", async () => {
      const p = await product([]);
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await service().replaceProductTags(trx, t.tenant.tenantId, p, [active]);
          throw new Error('product save failed');
        }),
      ).rejects.toThrow('product save failed');
      expect(await linksOf(active)).toEqual([]);
      await t.database.db
        .transaction()
        .execute((trx) => service().replaceProductTags(trx, t.tenant.tenantId, p, [active]));
      expect(await linksOf(active)).toEqual([p]);
      await t.database.db.transaction().execute((trx) => service().replaceProductTags(trx, t.tenant.tenantId, p, []));
      expect(await linksOf(active)).toEqual([]);
    });
  });
});
