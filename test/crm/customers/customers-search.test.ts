// The customer list's `search` through its index (migration 0031, db/search.ts): a substring of the name, e-mail,
// company or external id, of any length (a term of one or two characters reads the tenant's live customers:
// external ids are codes searched in their middle); changes seen at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../../src/db/dialect.js';
import { matchesSearch } from '../../../src/db/search.js';
import { CUSTOMER_SEARCH } from '../../../src/modules/crm/customers/customer.repository.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { searchPlan } from '../../helpers/search-plan.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngine } from '../../helpers/test-database.js';

const CUSTOMERS = '/api/v1/crm/customers';

describe(`customer search on ${testEngine}`, () => {
  let t: TestApp;

  async function names(search: string): Promise<string[]> {
    const res = await t.app.inject({
      url: `${CUSTOMERS}?per_page=100&search=${encodeURIComponent(search)}`,
      headers: t.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ name: string }>; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((c) => c.name);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const build = apiBuilders(t.app, t.auth);
    await build.customer({
      name: 'Ada Lovelace',
      email: 'ada@engine.test',
      company: 'Analytical Ltd',
      external_id: 'SHOP_41',
    });
    await build.customer({ name: 'Émile Zola', email: 'emile@paris.test', company: null, external_id: 'crm-7' });
    await build.customer({ name: 'Grace Hopper', email: 'grace@navy.test', company: 'Cobol 100%', external_id: null });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a substring of the name, e-mail, company or external id, whatever the case', async () => {
    expect(await names('LOVE')).toEqual(['Ada Lovelace']);
    expect(await names('émile')).toEqual(['Émile Zola']);
    expect(await names('@navy')).toEqual(['Grace Hopper']);
    expect(await names('analytical')).toEqual(['Ada Lovelace']);
    expect(await names('0%')).toEqual(['Grace Hopper']);
    expect(await names('p_4')).toEqual(['Ada Lovelace']);
    expect(await names('p%4')).toEqual([]);
  });

  it('takes one or two characters as a substring too', async () => {
    expect(await names('_')).toEqual(['Ada Lovelace']);
    expect(await names('-7')).toEqual(['Émile Zola']);
    expect(await names('pp')).toEqual(['Grace Hopper']);
  });

  it('sees a change at once', async () => {
    const build = apiBuilders(t.app, t.auth);
    const { id } = await build.customer({ name: 'Alan Turing', external_id: 'BLETCH-1' });
    expect(await names('turing')).toEqual(['Alan Turing']);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${CUSTOMERS}/${id}`,
      headers: t.auth,
      payload: { company: 'Bletchley Park' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await names('park')).toEqual(['Alan Turing']);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${CUSTOMERS}/${id}`, headers: t.auth });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await names('turing')).toEqual([]);
  });

  it('answers a term of three characters from an index', async () => {
    const db = t.database.db;
    const plan = await searchPlan(
      db,
      db
        .selectFrom('customers')
        .select('customers.id')
        .where('customers.tenant_id', '=', t.tenant.tenantId)
        .where('customers.deleted_at', 'is', null)
        .where((eb) => matchesSearch(eb, engineOf(db), CUSTOMER_SEARCH, t.tenant.tenantId, 'love'))
        .compile(),
      ['customers'],
    );
    expect(plan).toMatch(
      testEngine === 'sqlite'
        ? /customers_search VIRTUAL TABLE INDEX/
        : /customers_(name|email|company|external_id)_trgm_idx/,
    );
  });
});
