// The bulk change of products over HTTP: each action, mixed outcomes in the order sent, strict validation,
// another tenant's ids, the events and audit entries of each product changed, and the ability it needs.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductStatus } from '../../../src/db/schema.js';
import type { ProductResponse } from '../../../src/modules/catalog/products/index.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const PRODUCTS = '/api/v1/operations/products';
const BULK = `${PRODUCTS}/bulk`;
const MISSING_ULID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

describe('bulk change of products', () => {
  let t: TestApp;
  let build: ReturnType<typeof apiBuilders>;
  beforeAll(async () => {
    t = await buildTestApp();
    build = apiBuilders(t.app, t.auth);
  });
  afterAll(() => t.close());

  const bulk = (payload: object, headers: Record<string, string> = t.auth) =>
    t.app.inject({ method: 'POST', url: BULK, headers, payload });
  const answer = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      processed: number;
      successful: number;
      failed: number;
      results: Array<{ id: string; status: string; error?: { code: string; message: string } }>;
    };
  };
  const get = async (id: string): Promise<ProductResponse> =>
    (await t.app.inject({ url: `${PRODUCTS}/${id}`, headers: t.auth })).json().data;
  const withStatus = async (status: ProductStatus, overrides: Parameters<typeof build.product>[0] = {}) => {
    const product = await build.product(overrides);
    await t.database.db.updateTable('products').set({ status }).where('id', '=', product.id).execute();
    return product.id;
  };
  const events = (id: string) =>
    t.database.db
      .selectFrom('event_outbox')
      .select(['event_type', 'payload'])
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
  const auditActions = async (id: string) =>
    (
      await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_id', '=', id)
        .orderBy('occurred_at')
        .orderBy('id')
        .execute()
    ).map((entry) => entry.action);
  const errorsOf = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };

  it('activates and deactivates, an already-there product unchanged, a refused status a failed row', async () => {
    const draft = await withStatus('draft');
    const active = await withStatus('active');
    const discontinued = await withStatus('discontinued');
    const activated = answer(await bulk({ product_ids: [draft, active, discontinued], action: 'activate' }));
    expect(activated).toMatchObject({ processed: 3, successful: 2, failed: 1 });
    expect(activated.results.map(({ id, status }) => [id, status])).toEqual([
      [draft, 'updated'],
      [active, 'unchanged'],
      [discontinued, 'failed'],
    ]);
    expect(activated.results[2]!.error).toEqual({
      code: 'invalid_transition',
      message: expect.stringContaining('status discontinued'),
    });
    expect((await get(draft)).status).toBe('active');
    expect((await events(draft)).map((event) => event.event_type)).toContain('product.activated');
    expect(await auditActions(active)).not.toContain('product.activated');

    const deactivated = answer(await bulk({ product_ids: [draft, active], action: 'deactivate' }));
    expect(deactivated.results.map((row) => row.status)).toEqual(['updated', 'updated']);
    expect((await get(active)).status).toBe('inactive');
    expect(await auditActions(active)).toContain('product.deactivated');
  });

  it('sets a category and clears it', async () => {
    const category = await build.category();
    const a = await build.product();
    const b = await build.product({ category_id: category.id });
    const set = answer(await bulk({ product_ids: [a.id, b.id], action: 'set_category', category_id: category.id }));
    expect(set.results.map((row) => row.status)).toEqual(['updated', 'unchanged']);
    expect((await get(a.id)).category_id).toBe(category.id);
    const cleared = answer(await bulk({ product_ids: [a.id], action: 'set_category', category_id: null }));
    expect(cleared.results[0]!.status).toBe('updated');
    expect((await get(a.id)).category_id).toBeNull();
  });

  it('adds and removes tags, keeping the tags not named', async () => {
    const [red, blue, green] = [await build.tag(), await build.tag(), await build.tag()];
    const a = await build.product({ tags: [red.id] });
    const b = await build.product({ tags: [red.id, blue.id] });
    const added = answer(await bulk({ product_ids: [a.id, b.id], action: 'add_tags', tag_ids: [blue.id] }));
    expect(added.results.map((row) => row.status)).toEqual(['updated', 'unchanged']);
    const tagsOf = async (id: string) => (await get(id)).tags.map((tag) => tag.id).sort();
    expect(await tagsOf(a.id)).toEqual([red.id, blue.id].sort());

    const removed = answer(
      await bulk({ product_ids: [a.id, b.id], action: 'remove_tags', tag_ids: [red.id, green.id] }),
    );
    expect(removed.results.map((row) => row.status)).toEqual(['updated', 'updated']);
    expect(await tagsOf(a.id)).toEqual([blue.id]);
    expect(await tagsOf(b.id)).toEqual([blue.id]);
  });

  it('changes prices by a percent or an amount, a price below 0 or a missing price a failed row', async () => {
    const a = await build.product({ selling_price: 19.99, cost_price: 10 });
    const b = await build.product({ selling_price: 5, cost_price: 2 });
    const unpriced = await build.product({ selling_price: null, cost_price: null });
    const up = answer(
      await bulk({
        product_ids: [a.id, b.id],
        action: 'change_price',
        price_change: { by: 'percent', value: 10 },
      }),
    );
    expect(up).toMatchObject({ successful: 2, failed: 0 });
    expect((await get(a.id)).selling_price).toBe(21.99);
    expect((await get(b.id)).selling_price).toBe(5.5);

    const down = answer(
      await bulk({
        product_ids: [a.id, b.id, unpriced.id],
        action: 'change_price',
        price_change: { by: 'amount', value: -3, field: 'cost_price' },
      }),
    );
    expect(down).toMatchObject({ processed: 3, successful: 1, failed: 2 });
    expect(down.results[1]).toEqual({
      id: b.id,
      status: 'failed',
      error: { code: 'negative_price', message: 'The cost price would fall below 0 (2 would become -1).' },
    });
    expect(down.results[2]!.error!.code).toBe('no_price');
    expect((await get(a.id)).cost_price).toBe(7);
    expect((await get(b.id)).cost_price).toBe(2);
    const priceEvents = (await events(a.id)).filter((event) => event.event_type === 'product.price_changed');
    expect(priceEvents).toHaveLength(2);
  });

  it('writes the events and one audit entry per product changed, none for one unchanged', async () => {
    const category = await build.category();
    const changed = await build.product();
    const same = await build.product({ category_id: category.id });
    answer(await bulk({ product_ids: [changed.id, same.id], action: 'set_category', category_id: category.id }));
    const updates = (await events(changed.id)).filter((event) => event.event_type === 'product.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.payload).toMatchObject({ changed_fields: expect.arrayContaining(['category_id']) });
    expect(await auditActions(changed.id)).toEqual(['product.created', 'product.updated']);
    expect((await events(same.id)).map((event) => event.event_type)).toEqual(['product.created']);
    expect(await auditActions(same.id)).toEqual(['product.created']);
  });

  it("answers unknown and another tenant's ids as not_found rows, changing the rest", async () => {
    const mine = await build.product();
    const other = await makeTenantWithToken(t.services);
    const theirs = await apiBuilders(t.app, other.auth).product();
    const result = answer(await bulk({ product_ids: [MISSING_ULID, theirs.id, mine.id], action: 'activate' }));
    expect(result).toMatchObject({ processed: 3, successful: 1, failed: 2 });
    expect(result.results.slice(0, 2)).toEqual([
      { id: MISSING_ULID, status: 'failed', error: { code: 'not_found', message: 'Product not found.' } },
      { id: theirs.id, status: 'failed', error: { code: 'not_found', message: 'Product not found.' } },
    ]);
    const theirsNow = await t.app.inject({ url: `${PRODUCTS}/${theirs.id}`, headers: other.auth });
    expect(theirsNow.json().data.status).toBe('draft');
  });

  describe('validation', () => {
    it('refuses ids that are missing, too many, repeated or not ULIDs', async () => {
      const one = (await build.product()).id;
      expect(Object.keys(errorsOf(await bulk({ product_ids: [], action: 'activate' })))).toEqual(['product_ids']);
      expect(Object.keys(errorsOf(await bulk({ product_ids: [one, one], action: 'activate' })))).toEqual([
        'product_ids',
      ]);
      const many = Array.from({ length: 501 }, () => one);
      expect(Object.keys(errorsOf(await bulk({ product_ids: many, action: 'activate' })))).toContain('product_ids');
      expect(Object.keys(errorsOf(await bulk({ product_ids: ['nope'], action: 'activate' })))).toEqual([
        'product_ids.0',
      ]);
      expect(Object.keys(errorsOf(await bulk({ action: 'activate' })))).toEqual(['product_ids']);
    });

    it("refuses an unknown action, a missing field of the action and another action's field", async () => {
      const ids = [(await build.product()).id];
      expect(Object.keys(errorsOf(await bulk({ product_ids: ids, action: 'delete' })))).toEqual(['action']);
      expect(errorsOf(await bulk({ product_ids: ids, action: 'set_category' }))).toEqual({
        category_id: ['The category_id field is required for set_category.'],
      });
      expect(errorsOf(await bulk({ product_ids: ids, action: 'add_tags' }))).toEqual({
        tag_ids: ['The tag_ids field is required for add_tags.'],
      });
      expect(errorsOf(await bulk({ product_ids: ids, action: 'change_price' }))).toEqual({
        price_change: ['The price_change field is required for change_price.'],
      });
      expect(errorsOf(await bulk({ product_ids: ids, action: 'activate', tag_ids: [MISSING_ULID] }))).toEqual({
        tag_ids: ['The tag_ids field is not taken by activate.'],
      });
    });

    it('refuses a malformed price change and a percent out of range', async () => {
      const ids = [(await build.product({ selling_price: 10 })).id];
      const priced = (price_change: object) => bulk({ product_ids: ids, action: 'change_price', price_change });
      expect(Object.keys(errorsOf(await priced({ by: 'ratio', value: 2 })))).toEqual(['price_change.by']);
      expect(Object.keys(errorsOf(await priced({ by: 'amount' })))).toEqual(['price_change.value']);
      expect(Object.keys(errorsOf(await priced({ by: 'amount', value: 1, field: 'msrp' })))).toEqual([
        'price_change.field',
      ]);
      expect(Object.keys(errorsOf(await priced({ by: 'percent', value: -101 })))).toEqual(['price_change.value']);
      expect((await get(ids[0]!)).selling_price).toBe(10);
    });

    it('refuses a category or tag that does not exist, changing nothing', async () => {
      const product = await build.product();
      expect(
        Object.keys(
          errorsOf(await bulk({ product_ids: [product.id], action: 'set_category', category_id: MISSING_ULID })),
        ),
      ).toEqual(['category_id']);
      expect(
        Object.keys(errorsOf(await bulk({ product_ids: [product.id], action: 'add_tags', tag_ids: [MISSING_ULID] }))),
      ).toEqual(['tag_ids.0']);
      expect(await auditActions(product.id)).toEqual(['product.created']);
    });
  });

  it('is refused to a viewer, and open to a token with operations:edit-products', async () => {
    const product = await build.product();
    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const viewerAuth = bearer(await makeToken(t.services, t.tenant.tenantId, viewer.id));
    const refused = await bulk({ product_ids: [product.id], action: 'activate' }, viewerAuth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect((await get(product.id)).status).toBe('draft');

    const editor = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:edit-products'] }),
    );
    expect(answer(await bulk({ product_ids: [product.id], action: 'activate' }, editor)).successful).toBe(1);
  });

  it('answers a repeated request with its Idempotency-Key once, from the first answer', async () => {
    const product = await build.product({ selling_price: 10 });
    const headers = { ...t.auth, 'idempotency-key': `bulk-${product.id}` };
    const payload = { product_ids: [product.id], action: 'change_price', price_change: { by: 'amount', value: 1 } };
    const first = answer(await bulk(payload, headers));
    const second = answer(await bulk(payload, headers));
    expect(second).toEqual(first);
    expect((await get(product.id)).selling_price).toBe(11);
  });
});
