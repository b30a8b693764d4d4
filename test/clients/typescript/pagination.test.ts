// The SDK's list iterator against the app: every item of every page, for each of the API's three list shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuartermasterError, pages, paginate } from '../../../clients/typescript/src/index.js';
import { EVENT_TYPES } from '../../../src/modules/events/event-types.js';
import { newId } from '../../../src/lib/ids.js';
import { makeProduct } from '../../helpers/factories.js';
import { listeningTestApp, tenantClient, type ListeningApp } from './sdk-test-app.js';

/** Query members the lists answer by default; named so the call reads the same whichever the types require. */
const sortedByName = { page: 1, sort_by: 'name', sort_direction: 'asc' } as const;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('SDK list iterator', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await listeningTestApp();
  });
  afterAll(() => t.close());

  it('walks a page-numbered list (meta and links) to its last page', async () => {
    const { tenant, client } = await tenantClient(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await makeProduct(t.database.db, tenant.tenantId));

    const seen: number[] = [];
    const products = await collect(
      paginate((next) => {
        seen.push(next.page ?? 1);
        return client.GET('/api/v1/operations/products', {
          params: { query: { ...sortedByName, per_page: 2, ...next } },
        });
      }),
    );
    expect(products.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(seen).toEqual([1, 2, 3]);
  });

  it('walks a list that takes after by its cursor, from an empty after', async () => {
    const { tenant, client } = await tenantClient(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await makeProduct(t.database.db, tenant.tenantId));

    const seen: Array<string | undefined> = [];
    const products = await collect(
      paginate(
        (next) => {
          seen.push(next.after);
          return client.GET('/api/v1/operations/products', {
            params: { query: { ...sortedByName, per_page: 2, ...next } },
          });
        },
        { keyset: true },
      ),
    );
    expect(products.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(seen).toHaveLength(3);
    expect(seen[0]).toBe('');
    expect(new Set(seen).size).toBe(3);
  });

  it('walks the master products list, paged under meta.pagination', async () => {
    const { client } = await tenantClient(t);
    const names = ['Work shirt', 'Work trousers', 'Rain jacket'];
    for (const name of names) {
      const created = await client.POST('/api/v1/operations/master-products', { body: { name } });
      expect(created.response.status).toBe(201);
    }
    const bodies = await collect(
      pages((next) =>
        client.GET('/api/v1/operations/master-products', {
          params: { query: { ...sortedByName, per_page: 2, ...next } },
        }),
      ),
    );
    expect(bodies.map((body) => body.meta.pagination.current_page)).toEqual([1, 2]);
    expect(bodies.flatMap((body) => body.data.map((m) => m.name)).sort()).toEqual([...names].sort());
  });

  it('follows the event feed cursor (after) until has_more is false', async () => {
    const { tenant, client } = await tenantClient(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = newId();
      const at = new Date().toISOString();
      await t.database.db
        .insertInto('events')
        .values({
          id,
          tenant_id: tenant.tenantId,
          event_type: 'product.created',
          entity_type: EVENT_TYPES['product.created'].entity_type,
          entity_id: newId(),
          payload: { seq: i },
          occurred_at: at,
          created_at: at,
        })
        .execute();
      ids.push(id);
    }
    const cursors: (string | undefined)[] = [];
    const events = await collect(
      paginate((next) => {
        cursors.push(next.after);
        return client.GET('/api/v1/webhooks/events', { params: { query: { per_page: 2, ...next } } });
      }),
    );
    expect(events.map((e) => e.id)).toEqual(ids);
    expect(cursors).toEqual([undefined, ids[1], ids[3]]);
  });

  it('follows the audit log cursor (before), newest first', async () => {
    const { client } = await tenantClient(t);
    for (const code of ['NAA', 'NAB', 'NAC']) {
      const created = await client.POST('/api/v1/operations/suppliers', {
        body: { name: `Supplier ${code}`, code, email: `${code.toLowerCase()}@supplier.example` },
      });
      expect(created.response.status).toBe(201);
    }
    const requests: string[] = [];
    const entries = await collect(
      paginate((next) => {
        requests.push(Object.keys(next).join());
        return client.GET('/api/v1/audit-log', {
          params: { query: { per_page: 1, action: 'supplier.created', ...next } },
        });
      }),
    );
    expect(entries.map((e) => e.entity_type)).toEqual(['supplier', 'supplier', 'supplier']);
    expect(new Set(entries.map((e) => e.id)).size).toBe(3);
    expect(requests).toEqual(['', 'before', 'before']);
  });

  it('throws a refused page as a QuartermasterError', async () => {
    const { client } = await tenantClient(t);
    const walk = collect(
      paginate((next) =>
        client.GET('/api/v1/operations/products', { params: { query: { ...sortedByName, per_page: 500, ...next } } }),
      ),
    );
    await expect(walk).rejects.toBeInstanceOf(QuartermasterError);
    await expect(walk).rejects.toMatchObject({
      status: 422,
      code: 'validation_failed',
      fieldErrors: { per_page: [expect.any(String)] },
    });
  });
});
