// The event feed and the event type catalogue through HTTP: cursor paging, filters, visibility, tenancy
// and who may call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/transaction.js';
import fastJsonStringify from 'fast-json-stringify';
import { forSerialization } from '../../src/http/named-schemas.js';
import { newId } from '../../src/lib/ids.js';
import { EventFeedResponse } from '../../src/modules/events/event-feed.schemas.js';
import { EVENT_TYPES, type EventType } from '../../src/modules/events/event-types.js';
import { bearer, makeTenantWithToken, makeToken } from '../helpers/factories.js';
import { signedInClient } from '../helpers/session-client.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const FEED = '/api/v1/webhooks/events';
const TYPES = '/api/v1/webhooks/event-types';

interface FeedBody {
  success: boolean;
  data: {
    id: string;
    event_type: string;
    entity_type: string;
    entity_id: string;
    occurred_at: string;
    payload: unknown;
  }[];
  meta: { per_page: number; has_more: boolean; cursor: string | null };
  links: { next: string | null };
}

function feedApp(options: { config?: Partial<TestApp['config']> } = {}) {
  return buildTestApp(options);
}

/** Published events written straight into the feed, in id order; returns their ids. */
async function seedEvents(db: Executor, tenantId: string, types: EventType[]): Promise<string[]> {
  const ids: string[] = [];
  for (const type of types) {
    const id = newId();
    const at = new Date().toISOString();
    await db
      .insertInto('events')
      .values({
        id,
        tenant_id: tenantId,
        event_type: type,
        entity_type: EVENT_TYPES[type].entity_type,
        entity_id: newId(),
        payload: { seq: ids.length, type },
        occurred_at: at,
        created_at: at,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

describe('event feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await feedApp();
  });
  afterAll(() => t.close());

  const get = async (url: string, auth: { authorization: string }) => {
    const res = await t.app.inject({ method: 'GET', url, headers: auth });
    return { status: res.statusCode, body: res.json() as FeedBody };
  };

  /** A tenant of its own with an all-abilities token, so its feed holds only what the test seeds. */
  const freshTenant = async (types: EventType[] = []) => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const ids = await seedEvents(t.database.db, tenant.tenantId, types);
    return { tenant, auth, ids };
  };

  it('lists every event type with its entity type and description', async () => {
    const res = await t.app.inject({ method: 'GET', url: TYPES, headers: t.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      success: boolean;
      data: { event_type: string; entity_type: string; description: string }[];
    };
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(Object.keys(EVENT_TYPES).length);
    expect(body.data).toContainEqual({
      event_type: 'product.price_changed',
      entity_type: 'product',
      description: EVENT_TYPES['product.price_changed'].description,
    });
    expect(body.data).toContainEqual({
      event_type: 'webhook.test',
      entity_type: 'webhook',
      description: EVENT_TYPES['webhook.test'].description,
    });
  });

  it('starts at the oldest event when no cursor is given, and answers the event fields', async () => {
    const { tenant, auth, ids } = await freshTenant(['product.created', 'inventory.adjusted', 'product.updated']);
    const { status, body } = await get(FEED, auth);
    expect(status).toBe(200);
    expect(body.data.map((e) => e.id)).toEqual(ids);
    expect(body.meta).toEqual({ per_page: 50, has_more: false, cursor: ids[2] });
    expect(body.links).toEqual({ next: null });
    const stored = await t.database.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(stored.tenant_id).toBe(tenant.tenantId);
    expect(body.data[0]).toEqual({
      id: ids[0],
      event_type: 'product.created',
      entity_type: 'product',
      entity_id: stored.entity_id,
      occurred_at: stored.occurred_at,
      payload: { seq: 0, type: 'product.created' },
    });
  });

  it('sends each payload as stored, in the shape and order of the schema', async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const payloads = [
      { name: 'Drill "18V" ünïcode \u2028 ✓', nested: { list: [1, 2.5, null, true], empty: {} } },
      null,
      {},
    ];
    const at = new Date().toISOString();
    const ids = payloads.map(() => newId());
    for (const [i, payload] of payloads.entries()) {
      await t.database.db
        .insertInto('events')
        .values({
          id: ids[i]!,
          tenant_id: tenant.tenantId,
          event_type: 'product.updated',
          entity_type: 'product',
          entity_id: newId(),
          payload,
          occurred_at: at,
          created_at: at,
        })
        .execute();
    }
    const res = await t.app.inject({ method: 'GET', url: `${FEED}?per_page=2`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json() as FeedBody;
    expect(body.data.map((e) => e.payload)).toEqual(payloads.slice(0, 2));
    // Written as the schema's serializer writes the same page, up to the whitespace inside stored payloads.
    const schemaWritten = fastJsonStringify(
      forSerialization(EventFeedResponse) as Parameters<typeof fastJsonStringify>[0],
    )(body);
    expect(JSON.stringify(body)).toBe(JSON.stringify(JSON.parse(schemaWritten)));
    expect(Object.keys(body)).toEqual(['success', 'data', 'meta', 'links']);
  });

  it('pages with has_more, cursor and an absolute links.next until the feed is read', async () => {
    const { auth, ids } = await freshTenant([
      'product.created',
      'product.updated',
      'product.activated',
      'product.deactivated',
      'product.discontinued',
    ]);
    const first = await get(`${FEED}?per_page=2`, auth);
    expect(first.body.data.map((e) => e.id)).toEqual(ids.slice(0, 2));
    expect(first.body.meta).toEqual({ per_page: 2, has_more: true, cursor: ids[1] });
    const next = new URL(first.body.links.next!);
    expect(next.origin).toBe('http://localhost');
    expect(next.pathname).toBe(FEED);
    expect(Object.fromEntries(next.searchParams)).toEqual({ per_page: '2', after: ids[1] });

    const second = await get(`${next.pathname}${next.search}`, auth);
    expect(second.body.data.map((e) => e.id)).toEqual(ids.slice(2, 4));
    expect(second.body.meta.has_more).toBe(true);

    const last = new URL(second.body.links.next!);
    const third = await get(`${last.pathname}${last.search}`, auth);
    expect(third.body.data.map((e) => e.id)).toEqual(ids.slice(4));
    expect(third.body.meta).toEqual({ per_page: 2, has_more: false, cursor: ids[4] });
    expect(third.body.links.next).toBeNull();
  });

  it('has has_more false when the page is exactly full and nothing follows', async () => {
    const { auth, ids } = await freshTenant(['product.created', 'product.updated']);
    const { body } = await get(`${FEED}?per_page=2`, auth);
    expect(body.data.map((e) => e.id)).toEqual(ids);
    expect(body.meta.has_more).toBe(false);
    expect(body.links.next).toBeNull();
  });

  it('treats after as exclusive, in either letter case', async () => {
    const { auth, ids } = await freshTenant(['product.created', 'product.updated', 'product.activated']);
    expect((await get(`${FEED}?after=${ids[0]}`, auth)).body.data.map((e) => e.id)).toEqual(ids.slice(1));
    expect((await get(`${FEED}?after=${ids[0]!.toUpperCase()}`, auth)).body.data.map((e) => e.id)).toEqual(
      ids.slice(1),
    );
  });

  it('answers an empty page, not an error, when nothing is new; the cursor stays where it was', async () => {
    const { auth, ids } = await freshTenant(['product.created']);
    const { status, body } = await get(`${FEED}?after=${ids[0]}`, auth);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: [],
      meta: { per_page: 50, has_more: false, cursor: ids[0] },
      links: { next: null },
    });

    const empty = await freshTenant();
    expect((await get(FEED, empty.auth)).body.meta).toEqual({ per_page: 50, has_more: false, cursor: null });
  });

  it('refuses per_page outside 1..100 and a malformed cursor with 422', async () => {
    const { auth } = await freshTenant(['product.created']);
    for (const query of [
      'per_page=0',
      'per_page=101',
      'per_page=two',
      'after=not-a-ulid',
      'after=01hzzzzzzzzzzzzzzzzzzzzzz',
      'after=01hzzzzzzzzzzzzzzzzzzzzzzu',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${FEED}?${query}`, headers: auth });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().success).toBe(false);
    }
    expect((await get(`${FEED}?per_page=100`, auth)).status).toBe(200);
    expect((await get(`${FEED}?per_page=1`, auth)).status).toBe(200);
  });

  describe('filters', () => {
    let auth: { authorization: string };
    let ids: Record<string, string>;
    const types: EventType[] = [
      'product.created',
      'inventory.adjusted',
      'product.price_changed',
      'purchase_order.created',
      'inventory.reserved',
      'stock_movement.recorded',
    ];
    beforeAll(async () => {
      const seeded = await freshTenant(types);
      auth = seeded.auth;
      ids = Object.fromEntries(types.map((type, i) => [type, seeded.ids[i]!]));
    });
    const typesOf = async (query: string) => {
      const { status, body } = await get(`${FEED}?${query}`, auth);
      expect(status, query).toBe(200);
      return body.data.map((e) => e.event_type);
    };

    it('selects by an exact event type, an entity wildcard, everything, or a comma list of patterns', async () => {
      expect(await typesOf('event_type=product.created')).toEqual(['product.created']);
      expect(await typesOf('event_type=product.*')).toEqual(['product.created', 'product.price_changed']);
      expect(await typesOf('event_type=*')).toEqual(types);
      expect(await typesOf('event_type=product.created,inventory.*')).toEqual([
        'product.created',
        'inventory.adjusted',
        'inventory.reserved',
      ]);
      expect(await typesOf(`event_type=${encodeURIComponent(' product.price_changed , purchase_order.* ')}`)).toEqual([
        'product.price_changed',
        'purchase_order.created',
      ]);
      expect(await typesOf('event_type=purchase_order.cancelled')).toEqual([]);
    });

    it('selects by one entity type or a comma list, combined with event_type', async () => {
      expect(await typesOf('entity_type=inventory')).toEqual(['inventory.adjusted', 'inventory.reserved']);
      expect(await typesOf('entity_type=inventory,stock_movement')).toEqual([
        'inventory.adjusted',
        'inventory.reserved',
        'stock_movement.recorded',
      ]);
      expect(await typesOf('entity_type=product&event_type=*')).toEqual(['product.created', 'product.price_changed']);
      expect(await typesOf('entity_type=product,inventory&event_type=inventory.reserved,product.created')).toEqual([
        'product.created',
        'inventory.reserved',
      ]);
      expect(await typesOf('entity_type=customer')).toEqual([]);
    });

    it('keeps the filters in links.next and pages within them', async () => {
      const first = await get(`${FEED}?event_type=inventory.*,product.created&entity_type=inventory&per_page=1`, auth);
      expect(first.body.data.map((e) => e.id)).toEqual([ids['inventory.adjusted']]);
      const next = new URL(first.body.links.next!);
      expect(Object.fromEntries(next.searchParams)).toEqual({
        event_type: 'inventory.*,product.created',
        entity_type: 'inventory',
        per_page: '1',
        after: ids['inventory.adjusted'],
      });
      const second = await get(`${next.pathname}${next.search}`, auth);
      expect(second.body.data.map((e) => e.id)).toEqual([ids['inventory.reserved']]);
      expect(second.body.meta.has_more).toBe(false);
    });

    it("accepts patterns and entity types of the platform's other entities, which select what this service emits of them", async () => {
      expect(await typesOf('event_type=customer.*')).toEqual([]);
      expect(await typesOf('event_type=order.created,order.status_changed')).toEqual([]);
      expect(await typesOf('event_type=invoice.*,product.created')).toEqual(['product.created']);
      expect(await typesOf('event_type=product.deleted')).toEqual([]);
      expect(await typesOf('entity_type=order,invoice,customer')).toEqual([]);
      expect(await typesOf('entity_type=customer,product&event_type=customer.created,product.*')).toEqual([
        'product.created',
        'product.price_changed',
      ]);
    });

    it('refuses a malformed pattern, or one of an unknown entity, with 422 naming the field', async () => {
      for (const query of [
        'event_type=widget.*',
        'event_type=product.created,nope',
        'event_type=product',
        'event_type=Product.Created',
        'event_type=product.*.x',
        'entity_type=widget',
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `${FEED}?${query}`, headers: auth });
        expect(res.statusCode, query).toBe(422);
        expect(Object.keys(res.json().errors), query).toEqual([query.split('=')[0]]);
      }
    });
  });

  it('shows only the entity types the token may view, and never webhook test events', async () => {
    const { tenant, auth, ids } = await freshTenant([
      'product.created',
      'inventory.adjusted',
      'webhook.test',
      'stock_movement.recorded',
      'product.updated',
    ]);
    expect((await get(FEED, auth)).body.data.map((e) => e.event_type)).toEqual([
      'product.created',
      'inventory.adjusted',
      'stock_movement.recorded',
      'product.updated',
    ]);

    const productsOnly = bearer(
      await makeToken(t.services, tenant.tenantId, tenant.adminId, { abilities: ['operations:view-products'] }),
    );
    const seen = await get(FEED, productsOnly);
    expect(seen.body.data.map((e) => e.id)).toEqual([ids[0], ids[4]]);
    expect((await get(`${FEED}?entity_type=inventory`, productsOnly)).body.data).toEqual([]);
    expect((await get(`${FEED}?event_type=inventory.*`, productsOnly)).body.data).toEqual([]);
    expect((await get(`${FEED}?event_type=webhook.test`, auth)).body.data).toEqual([]);
  });

  it("never shows another tenant's events", async () => {
    const mine = await freshTenant(['product.created']);
    const theirs = await freshTenant(['product.created', 'product.updated']);
    expect((await get(FEED, mine.auth)).body.data.map((e) => e.id)).toEqual(mine.ids);
    expect((await get(`${FEED}?after=${theirs.ids[0]}`, mine.auth)).body.data).toEqual([]);
    expect((await get(FEED, theirs.auth)).body.data.map((e) => e.id)).toEqual(theirs.ids);
  });

  it('takes application and integration tokens only: a session gets 401, a personal token 403', async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    const personal = bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { type: 'personal' }));
    const integration = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { type: 'integration' }),
    );
    for (const url of [FEED, TYPES]) {
      expect((await client.request({ url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: personal })).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url, headers: integration })).statusCode, url).toBe(200);
    }
  });
});

describe('event feed behind a public URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await feedApp({ config: { publicUrl: 'https://api.example.test/stock' } });
  });
  afterAll(() => t.close());

  it('builds links.next on the configured public URL, path included', async () => {
    const ids = await seedEvents(t.database.db, t.tenant.tenantId, ['product.created', 'product.updated']);
    const res = await t.app.inject({ method: 'GET', url: `${FEED}?per_page=1&event_type=product.*`, headers: t.auth });
    expect((res.json() as FeedBody).links.next).toBe(
      `https://api.example.test/stock${FEED}?per_page=1&event_type=product.*&after=${ids[0]}`,
    );
  });
});
