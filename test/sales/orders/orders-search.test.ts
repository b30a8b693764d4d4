// The sales order list's `search` through indexes (migration 0031, db/search.ts): a substring of the order number
// or external reference, or of the name of the order's live customer, from three characters; a prefix of any of
// them below that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../../src/db/dialect.js';
import { orderSearchCondition } from '../../../src/modules/sales/orders/order.repository.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { searchPlan } from '../../helpers/search-plan.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngine } from '../../helpers/test-database.js';

const ORDERS = '/api/v1/sales/orders';

describe(`sales order search on ${testEngine}`, () => {
  let t: TestApp;
  const refs = new Map<string, string>();

  /** The external references of the orders found, sorted. */
  async function found(search: string): Promise<string[]> {
    const res = await t.app.inject({
      url: `${ORDERS}?per_page=100&search=${encodeURIComponent(search)}`,
      headers: t.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ id: string }>; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((o) => refs.get(o.id)!).sort();
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const build = apiBuilders(t.app, t.auth);
    const ada = await build.customer({ name: 'Ada Lovelace', company: 'Webshop Ltd' });
    const emile = await build.customer({ name: 'Émile Zola' });
    for (const [customer, ref] of [
      [ada, 'WEB-1001'],
      [ada, 'mail_77'],
      [emile, 'WEB-1002'],
    ] as const) {
      const order = await build.salesOrder({ customer_id: customer.id, channel: 'shop', external_ref: ref });
      refs.set(order.id, ref);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a substring of the external reference or order number', async () => {
    expect(await found('web-100')).toEqual(['WEB-1001', 'WEB-1002']);
    expect(await found('L_7')).toEqual(['mail_77']);
    expect(await found('l%7')).toEqual([]);
    const all = await t.app.inject({ url: `${ORDERS}?external_ref=WEB-1002`, headers: t.auth });
    const number = (all.json() as { data: Array<{ order_number: string }> }).data[0]!.order_number;
    expect(await found(number.toLowerCase())).toEqual(['WEB-1002']);
  });

  it("finds the customer's name, not the customer's other fields", async () => {
    expect(await found('lovelace')).toEqual(['WEB-1001', 'mail_77']);
    expect(await found('ÉMILE')).toEqual(['WEB-1002']);
    expect(await found('webshop')).toEqual([]);
  });

  it('takes one or two characters as the start of the reference, number or name', async () => {
    expect(await found('we')).toEqual(['WEB-1001', 'WEB-1002']);
    expect(await found('M')).toEqual(['mail_77']);
    expect(await found('ad')).toEqual(['WEB-1001', 'mail_77']);
    expect(await found('_')).toEqual([]);
  });

  it('answers from indexes', async () => {
    const db = t.database.db;
    const engine = engineOf(db);
    const plan = (term: string) =>
      searchPlan(
        db,
        db
          .selectFrom('sales_orders as o')
          .leftJoin('customers as c', 'c.id', 'o.customer_id')
          .select('o.id')
          .where('o.tenant_id', '=', t.tenant.tenantId)
          .where('o.deleted_at', 'is', null)
          .where((eb) => orderSearchCondition(eb, engine, t.tenant.tenantId, term))
          .compile(),
        ['sales_orders', 'customers'],
      );
    if (testEngine === 'sqlite') {
      expect(await plan('web')).toMatch(/sales_orders_search VIRTUAL TABLE INDEX[\s\S]*customers_search VIRTUAL TABLE/);
      expect(await plan('we')).toMatch(/sales_orders_tenant_order_number_lower_idx[\s\S]*customers_tenant_name_idx/);
    } else {
      for (const term of ['web', 'we']) {
        const found = await plan(term);
        expect(found).toMatch(/sales_orders_(order_number|external_ref)_trgm_idx/);
        expect(found).toMatch(/customers_name_trgm_idx/);
      }
    }
  });
});
