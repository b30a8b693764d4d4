// Attribute statistics over HTTP, and the service methods the product module uses to validate and write
// a product's attribute values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import type { AttributeService } from '../../../src/modules/catalog/attributes/index.js';
import { bearer, makeProduct, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const ATTRS = '/api/v1/operations/attributes';

describe('attribute statistics and product values', () => {
  let t: TestApp;
  let service: AttributeService;
  beforeAll(async () => {
    t = await buildTestApp();
    service = t.services.catalog.attributes.service;
  });
  afterAll(() => t.close());

  const addValue = async (tenantId: string, attributeId: string, productId: string, value = 'x') => {
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('product_attribute_values')
      .values({
        tenant_id: tenantId,
        product_id: productId,
        attribute_id: attributeId,
        value,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };
  const valuesOf = (productId: string) =>
    t.database.db
      .selectFrom('product_attribute_values')
      .select(['attribute_id', 'value'])
      .where('product_id', '=', productId)
      .orderBy('attribute_id')
      .execute();

  describe('statistics', () => {
    it('counts definitions by flag and type, and the most used by live products', async () => {
      const tenant = await makeTenant(t.services);
      const auth = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
      const empty = await t.app.inject({ url: `${ATTRS}/statistics`, headers: auth });
      expect(empty.statusCode).toBe(200);
      expect(empty.json().data).toEqual({
        total_attributes: 0,
        by_type: {
          text: 0,
          number: 0,
          boolean: 0,
          date: 0,
          select: 0,
          multiselect: 0,
          color: 0,
          image: 0,
          url: 0,
          email: 0,
          phone: 0,
          json: 0,
        },
        required_count: 0,
        filterable_count: 0,
        searchable_count: 0,
        most_used: [],
      });

      const make = (code: string, extra: Record<string, unknown> = {}) =>
        service.create(tenant.tenantId, { code, name: `Name ${code}`, label: code, type: 'text', ...extra } as never);
      const a = await make('a', { is_required: true, is_searchable: true });
      const b = await make('b', { type: 'number', is_filterable: true });
      const c = await make('c', { type: 'select', options: ['x'], is_filterable: true, is_searchable: true });
      await make('d');
      const gone = await make('gone', { is_required: true });
      const products = await Promise.all([1, 2, 3].map(() => makeProduct(t.database.db, tenant.tenantId)));
      for (const p of products) await addValue(tenant.tenantId, b.id, p);
      await addValue(tenant.tenantId, a.id, products[0]!);
      await addValue(tenant.tenantId, c.id, products[1]!);
      await addValue(tenant.tenantId, c.id, products[2]!);
      // A deleted product does not count.
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', products[2]!)
        .execute();
      await service.remove(tenant.tenantId, gone.id);
      // Another tenant's data does not count.
      const foreign = await service.create(t.tenant.tenantId, {
        code: 'a',
        name: 'Foreign',
        label: 'F',
        type: 'text',
        is_required: true,
      });
      await addValue(t.tenant.tenantId, foreign.id, await makeProduct(t.database.db, t.tenant.tenantId));

      const res = await t.app.inject({ url: `${ATTRS}/statistics`, headers: auth });
      expect(res.json().data).toEqual({
        total_attributes: 4,
        by_type: {
          text: 2,
          number: 1,
          boolean: 0,
          date: 0,
          select: 1,
          multiselect: 0,
          color: 0,
          image: 0,
          url: 0,
          email: 0,
          phone: 0,
          json: 0,
        },
        required_count: 1,
        filterable_count: 2,
        searchable_count: 2,
        most_used: [
          { id: b.id, code: 'b', name: 'Name b', products_count: 2 },
          { id: a.id, code: 'a', name: 'Name a', products_count: 1 },
          { id: c.id, code: 'c', name: 'Name c', products_count: 1 },
        ],
      });
    });

    it('most_used keeps the top 10', async () => {
      const tenant = await makeTenant(t.services);
      const auth = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
      const product = await makeProduct(t.database.db, tenant.tenantId);
      for (let i = 0; i < 12; i++) {
        const attribute = await service.create(tenant.tenantId, {
          code: `k${String(i).padStart(2, '0')}`,
          name: 'N',
          label: 'L',
          type: 'text',
        });
        await addValue(tenant.tenantId, attribute.id, product);
      }
      const data = (await t.app.inject({ url: `${ATTRS}/statistics`, headers: auth })).json().data;
      expect(data.most_used.map((m: { code: string }) => m.code)).toEqual([
        'k00',
        'k01',
        'k02',
        'k03',
        'k04',
        'k05',
        'k06',
        'k07',
        'k08',
        'k09',
      ]);
    });

    it('the static paths are not taken for ids', async () => {
      const types = await t.app.inject({ url: `${ATTRS}/types`, headers: t.auth });
      expect(Array.isArray(types.json().data)).toBe(true);
      const stats = await t.app.inject({ url: `${ATTRS}/statistics`, headers: t.auth });
      expect(stats.json().data).toHaveProperty('total_attributes');
    });
  });

  describe('validateProductAttributes and writeProductValues', () => {
    let tenantId: string;
    let ids: Record<string, string>;
    beforeAll(async () => {
      tenantId = (await makeTenant(t.services)).tenantId;
      const defs = [
        { code: 'color', name: 'Color', label: 'Color', type: 'select', options: ['Red', 'Blue'], is_required: true },
        { code: 'weight', name: 'Weight', label: 'Weight', type: 'number', unit: 'kg', validation_rules: ['min:0'] },
        { code: 'organic', name: 'Organic', label: 'Organic', type: 'boolean', default_value: false },
        { code: 'sizes', name: 'Sizes', label: 'Sizes', type: 'multiselect', options: ['S', 'M', 'L'] },
        {
          code: 'material',
          name: 'Material',
          label: 'Material',
          type: 'text',
          is_required: true,
          default_value: 'Cotton',
        },
      ] as const;
      ids = {};
      for (const d of defs) ids[d.code] = (await service.create(tenantId, d as never)).id;
      const gone = await service.create(tenantId, {
        code: 'gone',
        name: 'Gone',
        label: 'Gone',
        type: 'text',
        is_required: true,
      });
      await service.remove(tenantId, gone.id);
    });

    it('listForTenant answers the live definitions by sort order then code', async () => {
      const list = await service.listForTenant(tenantId);
      expect(list.map((d) => d.code)).toEqual(['color', 'material', 'organic', 'sizes', 'weight']);
    });

    it('normalises sent values and applies defaults on create', async () => {
      const { stored } = await service.validateProductAttributes(
        tenantId,
        { color: 'Red', weight: '2.50', sizes: ['L', 'S'] },
        { requireAll: true },
      );
      expect(Object.fromEntries(stored)).toEqual({
        [ids.color!]: 'Red',
        [ids.weight!]: '2.5',
        [ids.sizes!]: '["L","S"]',
        [ids.organic!]: '0',
        [ids.material!]: 'Cotton',
      });
    });

    it('refuses unknown codes, invalid values and missing required attributes, keyed attributes.<code>', async () => {
      await expect(
        service.validateProductAttributes(
          tenantId,
          { color: 'Green', weight: -1, nope: 1, gone: 'x' },
          { requireAll: true },
        ),
      ).rejects.toMatchObject({
        constructor: ValidationError,
        errors: {
          'attributes.color': ['The Color must be one of: Red, Blue.'],
          'attributes.weight': ['The Weight must be at least 0.'],
          'attributes.nope': ['The attribute nope does not exist.'],
          'attributes.gone': ['The attribute gone does not exist.'],
        },
      });
      await expect(service.validateProductAttributes(tenantId, {}, { requireAll: true })).rejects.toMatchObject({
        errors: { 'attributes.color': ['The Color field is required.'] },
      });
    });

    it('on update, only the values sent count; null removes a value but not a required one', async () => {
      const { stored } = await service.validateProductAttributes(
        tenantId,
        { weight: null, sizes: ['M'] },
        { requireAll: false },
      );
      expect(Object.fromEntries(stored)).toEqual({ [ids.weight!]: null, [ids.sizes!]: '["M"]' });
      await expect(
        service.validateProductAttributes(tenantId, { color: null }, { requireAll: false }),
      ).rejects.toMatchObject({
        errors: { 'attributes.color': ['The Color field is required.'] },
      });
      await expect(
        service.validateProductAttributes(tenantId, { color: null }, { requireAll: true }),
      ).rejects.toMatchObject({
        errors: { 'attributes.color': ['The Color field is required.'] },
      });
    });

    it('another tenant does not see these definitions', async () => {
      await expect(
        service.validateProductAttributes(t.tenant.tenantId, { weight: 1 }, { requireAll: false }),
      ).rejects.toMatchObject({
        errors: { 'attributes.weight': ['The attribute weight does not exist.'] },
      });
    });

    it('writes values: inserts, updates in place and removes on null', async () => {
      const productId = await makeProduct(t.database.db, tenantId);
      const first = await service.validateProductAttributes(
        tenantId,
        { color: 'Red', weight: 3 },
        { requireAll: true },
      );
      await t.database.db
        .transaction()
        .execute((trx) => service.writeProductValues(trx, tenantId, productId, first.stored));
      expect(await valuesOf(productId)).toHaveLength(4);
      const second = await service.validateProductAttributes(
        tenantId,
        { color: 'Blue', weight: null },
        { requireAll: false },
      );
      await t.database.db
        .transaction()
        .execute((trx) => service.writeProductValues(trx, tenantId, productId, second.stored));
      const rows = Object.fromEntries((await valuesOf(productId)).map((r) => [r.attribute_id, r.value]));
      expect(rows).toEqual({ [ids.color!]: 'Blue', [ids.organic!]: '0', [ids.material!]: 'Cotton' });
      const values = await service.valuesOfProduct(tenantId, productId);
      expect(values.map((v) => [v.code, v.value])).toEqual([
        ['color', 'Blue'],
        ['material', 'Cotton'],
        ['organic', '0'],
      ]);
      expect((await service.get(tenantId, ids.color!)).values_count).toBe(1);
    });
  });
});
