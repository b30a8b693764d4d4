// The supplier list's `search` through its index (migration 0031, db/search.ts): a substring of the name, code
// or e-mail from three characters, a prefix of the name or code below that; changes seen at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../../src/db/dialect.js';
import { matchesSearch } from '../../../src/db/search.js';
import { SUPPLIER_SEARCH } from '../../../src/modules/catalog/suppliers/supplier.repository.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { searchPlan } from '../../helpers/search-plan.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngine } from '../../helpers/test-database.js';

const SUPPLIERS = '/api/v1/operations/suppliers';

describe(`supplier search on ${testEngine}`, () => {
  let t: TestApp;

  async function names(search: string): Promise<string[]> {
    const query = `per_page=100&sort_by=name&sort_direction=asc&search=${encodeURIComponent(search)}`;
    const res = await t.app.inject({ url: `${SUPPLIERS}?${query}`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ name: string }>; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((s) => s.name);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const build = apiBuilders(t.app, t.auth);
    await build.supplier({ name: 'Nordic Timber', code: 'NT-01', email: 'sales@nordic.test' });
    await build.supplier({ name: 'Écluse Metals', code: 'EM_7', email: 'orders@ecluse.test' });
    await build.supplier({ name: 'Timbuktu 100% Tea', code: 'TT-9', email: 'hello@tea.test' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a substring of the name, code or e-mail, whatever the case', async () => {
    expect(await names('timb')).toEqual(['Nordic Timber', 'Timbuktu 100% Tea']);
    expect(await names('ÉCLUSE')).toEqual(['Écluse Metals']);
    expect(await names('m_7')).toEqual(['Écluse Metals']);
    expect(await names('0% t')).toEqual(['Timbuktu 100% Tea']);
    expect(await names('@tea.')).toEqual(['Timbuktu 100% Tea']);
    expect(await names('  nordic  ')).toEqual(['Nordic Timber']);
    expect(await names('w%0')).toEqual([]);
  });

  it('takes one or two characters as the start of the name or code', async () => {
    expect(await names('t')).toEqual(['Timbuktu 100% Tea']);
    expect(await names('NT')).toEqual(['Nordic Timber']);
    expect(await names('em')).toEqual(['Écluse Metals']);
    expect(await names('_')).toEqual([]);
    expect(await names('er')).toEqual([]);
  });

  it('sees a change at once', async () => {
    const build = apiBuilders(t.app, t.auth);
    const { id } = await build.supplier({ name: 'Harbour Rope', code: 'HR-1' });
    expect(await names('rope')).toEqual(['Harbour Rope']);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${SUPPLIERS}/${id}`,
      headers: t.auth,
      payload: { name: 'Harbour Chain' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await names('rope')).toEqual([]);
    expect(await names('chain')).toEqual(['Harbour Chain']);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${SUPPLIERS}/${id}`, headers: t.auth });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await names('chain')).toEqual([]);
  });

  it('answers from an index', async () => {
    const db = t.database.db;
    const plan = (term: string) =>
      searchPlan(
        db,
        db
          .selectFrom('suppliers')
          .select('suppliers.id')
          .where('suppliers.tenant_id', '=', t.tenant.tenantId)
          .where('suppliers.deleted_at', 'is', null)
          .where((eb) => matchesSearch(eb, engineOf(db), SUPPLIER_SEARCH, t.tenant.tenantId, term))
          .compile(),
        ['suppliers'],
      );
    if (testEngine === 'sqlite') {
      expect(await plan('timber')).toMatch(/suppliers_search VIRTUAL TABLE INDEX/);
      expect(await plan('ti')).toMatch(/suppliers_tenant_name_lower_idx[\s\S]*suppliers_tenant_code_lower_idx/);
    } else {
      expect(await plan('timber')).toMatch(/suppliers_(name|code|email)_trgm_idx/);
      expect(await plan('ti')).toMatch(/suppliers_name_trgm_idx[\s\S]*suppliers_code_trgm_idx/);
    }
  });
});
