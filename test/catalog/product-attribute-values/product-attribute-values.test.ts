// Product attribute-value reads over HTTP: JSON and CSV export, comparison of two products, statistics,
// abilities, tenant scoping and the OpenAPI document.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { apiBuilders, type BuilderOverrides } from '../../helpers/api-builders.js';
import { bearer, makeProduct, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const COLUMNS = ['attribute_code', 'attribute_name', 'attribute_type', 'value', 'formatted_value', 'display_value'];
const INVALID = 'The given data was invalid.';
const MISSING_ULID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

describe('product attribute values', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-01T10:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  /** A tenant of its own per group, so that counts are exact. */
  async function freshTenant() {
    const tenant = await makeTenant(t.services);
    const auth = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
    const tenantId = tenant.tenantId;
    const build = apiBuilders(t.app, auth);
    /** Named and labelled `Attr`, as the messages below quote it. */
    const attribute = async (overrides: BuilderOverrides<'attribute'>) =>
      (await build.attribute({ name: 'Attr', label: 'Attr', ...overrides })).id;
    const product = () => makeProduct(t.database.db, tenantId);
    const write = (productId: string, values: Record<string, string>) =>
      t.services.catalog.attributes.service.writeProductValues(
        t.database.db,
        tenantId,
        productId,
        new Map(Object.entries(values)),
      );
    const softDelete = (table: 'products' | 'attribute_definitions', id: string) =>
      t.database.db.updateTable(table).set({ deleted_at: clock.now().toISOString() }).where('id', '=', id).execute();
    const exportOf = (productId: string, query: string, headers = auth) =>
      t.app.inject({ url: `${API}/products/${productId}/attribute-values/export${query}`, headers });
    const compare = (payload: unknown, headers = auth) =>
      t.app.inject({ method: 'POST', url: `${API}/products/compare-attributes`, headers, payload: payload as object });
    const statistics = (headers = auth) => t.app.inject({ url: `${API}/product-attribute-values/statistics`, headers });
    return {
      tenantId,
      adminId: tenant.adminId,
      auth,
      attribute,
      product,
      write,
      softDelete,
      exportOf,
      compare,
      statistics,
    };
  }
  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  describe('export', () => {
    let c: Tenant;
    let productId: string;
    let sku: string;
    let name: string;
    beforeAll(async () => {
      c = await freshTenant();
      const attrs = {
        material: await c.attribute({ code: 'material', name: 'Material', type: 'text', sort_order: 1 }),
        weight: await c.attribute({ code: 'weight', name: 'Weight', type: 'number', unit: 'kg', sort_order: 2 }),
        waterproof: await c.attribute({ code: 'waterproof', name: 'Waterproof', type: 'boolean', sort_order: 3 }),
        colors: await c.attribute({
          code: 'colors',
          name: 'Colors',
          type: 'multiselect',
          options: ['Red', 'Green', 'Blue'],
          sort_order: 4,
        }),
        specs: await c.attribute({ code: 'specs', name: 'Specs', type: 'json', sort_order: 5 }),
        released: await c.attribute({ code: 'released', name: 'Released', type: 'date', sort_order: 6 }),
        low: await c.attribute({
          code: 'low_temp',
          name: 'Lowest temperature',
          type: 'number',
          unit: 'C',
          sort_order: 7,
        }),
        gone: await c.attribute({ code: 'gone', name: 'Gone', type: 'text', sort_order: 8 }),
      };
      productId = await c.product();
      await c.write(productId, {
        [attrs.material]: '=SUM(A1:A9)',
        [attrs.weight]: '12.5',
        [attrs.waterproof]: '1',
        [attrs.colors]: '["Red","Blue"]',
        [attrs.specs]: '{"a":1,"b":[1,2],"note":"x, \\"y\\""}',
        [attrs.released]: '2025-12-24',
        [attrs.low]: '-5',
        [attrs.gone]: 'hidden',
      });
      // A deleted definition's values no longer belong to the product's attributes.
      await c.softDelete('attribute_definitions', attrs.gone);
      const row = await t.database.db
        .selectFrom('products')
        .select(['name', 'sku'])
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      sku = row.sku;
      name = row.name;
    });

    it('answers JSON with typed, formatted and display values by sort order', async () => {
      const res = await c.exportOf(productId, '?format=json');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toBeUndefined();
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Attribute values exported successfully' });
      expect(body.data).toEqual({
        product_id: productId,
        product_name: name,
        product_barcode: null,
        exported_at: '2026-03-01T10:00:00.000Z',
        format: 'json',
        total: 7,
        values: [
          {
            attribute_code: 'material',
            attribute_name: 'Material',
            attribute_type: 'text',
            value: '=SUM(A1:A9)',
            formatted_value: '=SUM(A1:A9)',
            display_value: '=SUM(A1:A9)',
          },
          {
            attribute_code: 'weight',
            attribute_name: 'Weight',
            attribute_type: 'number',
            value: 12.5,
            formatted_value: '12.5 kg',
            display_value: '12.5',
          },
          {
            attribute_code: 'waterproof',
            attribute_name: 'Waterproof',
            attribute_type: 'boolean',
            value: true,
            formatted_value: 'Yes',
            display_value: 'Yes',
          },
          {
            attribute_code: 'colors',
            attribute_name: 'Colors',
            attribute_type: 'multiselect',
            value: ['Red', 'Blue'],
            formatted_value: 'Red, Blue',
            display_value: 'Red, Blue',
          },
          {
            attribute_code: 'specs',
            attribute_name: 'Specs',
            attribute_type: 'json',
            value: { a: 1, b: [1, 2], note: 'x, "y"' },
            formatted_value: '{"a":1,"b":[1,2],"note":"x, \\"y\\""}',
            display_value: '{"a":1,"b":[1,2],"note":"x, \\"y\\""}',
          },
          {
            attribute_code: 'released',
            attribute_name: 'Released',
            attribute_type: 'date',
            value: '2025-12-24',
            formatted_value: '2025-12-24',
            display_value: '2025-12-24',
          },
          {
            attribute_code: 'low_temp',
            attribute_name: 'Lowest temperature',
            attribute_type: 'number',
            value: -5,
            formatted_value: '-5 C',
            display_value: '-5',
          },
        ],
      });
    });

    it('answers a CSV file with the six columns, text values and the formula guard', async () => {
      const res = await c.exportOf(productId, '?format=csv');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="product-${sku}-attributes-2026-03-01.csv"`,
      );
      expect((parse(res.body, { to_line: 1 }) as string[][])[0]).toEqual(COLUMNS);
      const rows = parse(res.body, { columns: true }) as Array<Record<string, string>>;
      expect(rows.map((r) => r.attribute_code)).toEqual([
        'material',
        'weight',
        'waterproof',
        'colors',
        'specs',
        'released',
        'low_temp',
      ]);
      const byCode = Object.fromEntries(rows.map((r) => [r.attribute_code, r]));
      expect(byCode.material).toEqual({
        attribute_code: 'material',
        attribute_name: 'Material',
        attribute_type: 'text',
        value: "'=SUM(A1:A9)",
        formatted_value: "'=SUM(A1:A9)",
        display_value: "'=SUM(A1:A9)",
      });
      expect(byCode.weight).toMatchObject({ value: '12.5', formatted_value: '12.5 kg', display_value: '12.5' });
      expect(byCode.waterproof).toMatchObject({ value: 'true', formatted_value: 'Yes' });
      expect(byCode.colors).toMatchObject({ value: '["Red","Blue"]', formatted_value: 'Red, Blue' });
      expect(byCode.specs!.value).toBe('{"a":1,"b":[1,2],"note":"x, \\"y\\""}');
      expect(JSON.parse(byCode.specs!.value!)).toEqual({ a: 1, b: [1, 2], note: 'x, "y"' });
      expect(byCode.released).toMatchObject({ value: '2025-12-24', attribute_type: 'date' });
      // The number itself stays a number; its text forms start with '-' and are guarded like any text.
      expect(byCode.low_temp).toMatchObject({ value: '-5', formatted_value: "'-5 C", display_value: "'-5" });
    });

    it('names the file after a safe form of the SKU, or the id when nothing of it is safe', async () => {
      const odd = await c.product();
      await t.database.db.updateTable('products').set({ sku: 'AB/12 "x"' }).where('id', '=', odd).execute();
      const res = await c.exportOf(odd, '?format=csv');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="product-AB-12-x-attributes-2026-03-01.csv"',
      );
      const symbols = await c.product();
      await t.database.db.updateTable('products').set({ sku: '///' }).where('id', '=', symbols).execute();
      const byId = await c.exportOf(symbols, '?format=csv');
      expect(byId.headers['content-disposition']).toBe(
        `attachment; filename="product-${symbols}-attributes-2026-03-01.csv"`,
      );
    });

    it('exports a product without values: total 0, CSV with the header only', async () => {
      const empty = await c.product();
      const json = await c.exportOf(empty, '?format=json');
      expect(json.statusCode).toBe(200);
      expect(json.json().data).toMatchObject({ product_id: empty, values: [], total: 0, format: 'json' });
      const csv = await c.exportOf(empty, '?format=csv');
      expect(csv.statusCode).toBe(200);
      expect(parse(csv.body)).toEqual([COLUMNS]);
    });

    it('422 without a format or with another one', async () => {
      const missing = await c.exportOf(productId, '');
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: INVALID,
        errors: { format: ['The format field is required.'] },
      });
      const xml = await c.exportOf(productId, '?format=xml');
      expect(xml.statusCode).toBe(422);
      expect(xml.json().errors.format).toEqual(['The selected format is invalid. Allowed: csv, json.']);
    });

    it('404 for a deleted, unknown, malformed or other-tenant product', async () => {
      const notFound = { success: false, code: 'not_found', message: 'Product not found.', data: null, meta: {} };
      const deleted = await c.product();
      await c.softDelete('products', deleted);
      const other = await freshTenant();
      const theirs = await other.product();
      for (const id of [deleted, MISSING_ULID, 'not-a-ulid', theirs]) {
        const res = await c.exportOf(id, '?format=json');
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      expect((await other.exportOf(theirs, '?format=json')).statusCode).toBe(200);
      expect((await other.exportOf(productId, '?format=csv')).statusCode).toBe(404);
    });
  });

  describe('compare', () => {
    let c: Tenant;
    const a: Record<string, string> = {};
    let p1: string;
    let p2: string;
    beforeAll(async () => {
      c = await freshTenant();
      a.material = await c.attribute({ code: 'material', name: 'Material', type: 'text', sort_order: 1 });
      a.weight = await c.attribute({ code: 'weight', name: 'Weight', type: 'number', unit: 'kg', sort_order: 2 });
      a.waterproof = await c.attribute({ code: 'waterproof', name: 'Waterproof', type: 'boolean', sort_order: 3 });
      a.colors = await c.attribute({
        code: 'colors',
        name: 'Colors',
        type: 'multiselect',
        options: ['Red', 'Green', 'Blue'],
        sort_order: 4,
      });
      a.specs = await c.attribute({ code: 'specs', name: 'Specs', type: 'json', sort_order: 5 });
      a.released = await c.attribute({ code: 'released', name: 'Released', type: 'date', sort_order: 6 });
      a.finish = await c.attribute({ code: 'finish', name: 'Finish', type: 'text', sort_order: 7 });
      p1 = await c.product();
      p2 = await c.product();
      await c.write(p1, {
        [a.material]: 'Cotton',
        [a.weight]: '12.5',
        [a.waterproof]: '1',
        [a.colors]: '["Red","Blue"]',
        [a.specs]: '{"a":1,"b":2}',
        [a.finish]: 'Matte',
      });
      await c.write(p2, {
        [a.material]: 'Cotton',
        [a.weight]: '13',
        [a.colors]: '["Blue","Red"]',
        [a.specs]: '{"b":2,"a":1}',
        [a.finish]: 'matte',
      });
    });

    const names = async (id: string) =>
      await t.database.db.selectFrom('products').select(['id', 'name']).where('id', '=', id).executeTakeFirstOrThrow();

    it("compares the union of both products' attributes, by sort order, with typed values and a summary", async () => {
      const res = await c.compare({ product_id_1: p1, product_id_2: p2 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data.product_1).toEqual(await names(p1));
      expect(body.data.product_2).toEqual(await names(p2));
      expect(body.data.comparison).toEqual([
        {
          attribute_code: 'material',
          attribute_name: 'Material',
          attribute_type: 'text',
          product_1_value: 'Cotton',
          product_2_value: 'Cotton',
          is_different: false,
        },
        {
          attribute_code: 'weight',
          attribute_name: 'Weight',
          attribute_type: 'number',
          product_1_value: 12.5,
          product_2_value: 13,
          is_different: true,
        },
        {
          attribute_code: 'waterproof',
          attribute_name: 'Waterproof',
          attribute_type: 'boolean',
          product_1_value: true,
          product_2_value: null,
          is_different: true,
        },
        // Options in another order and JSON keys in another order are the same value.
        {
          attribute_code: 'colors',
          attribute_name: 'Colors',
          attribute_type: 'multiselect',
          product_1_value: ['Red', 'Blue'],
          product_2_value: ['Blue', 'Red'],
          is_different: false,
        },
        {
          attribute_code: 'specs',
          attribute_name: 'Specs',
          attribute_type: 'json',
          product_1_value: { a: 1, b: 2 },
          product_2_value: { b: 2, a: 1 },
          is_different: false,
        },
        // Text compares exactly, case included.
        {
          attribute_code: 'finish',
          attribute_name: 'Finish',
          attribute_type: 'text',
          product_1_value: 'Matte',
          product_2_value: 'matte',
          is_different: true,
        },
      ]);
      expect(body.data.summary).toEqual({ total_compared: 6, differences: 3, matches: 3 });
    });

    it('include_only_differences leaves matching rows out; the summary still counts all', async () => {
      const res = await c.compare({ product_id_1: p1, product_id_2: p2, include_only_differences: true });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.comparison.map((r: { attribute_code: string }) => r.attribute_code)).toEqual([
        'weight',
        'waterproof',
        'finish',
      ]);
      expect(data.comparison.every((r: { is_different: boolean }) => r.is_different)).toBe(true);
      expect(data.summary).toEqual({ total_compared: 6, differences: 3, matches: 3 });
      const same = await c.compare({ product_id_1: p1, product_id_2: p2, include_only_differences: false });
      expect(same.json().data.comparison).toHaveLength(6);
    });

    it('attribute_ids compares exactly those attributes; two missing values match', async () => {
      const res = await c.compare({ product_id_1: p1, product_id_2: p2, attribute_ids: [a.released, a.weight] });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.comparison).toEqual([
        {
          attribute_code: 'weight',
          attribute_name: 'Weight',
          attribute_type: 'number',
          product_1_value: 12.5,
          product_2_value: 13,
          is_different: true,
        },
        {
          attribute_code: 'released',
          attribute_name: 'Released',
          attribute_type: 'date',
          product_1_value: null,
          product_2_value: null,
          is_different: false,
        },
      ]);
      expect(data.summary).toEqual({ total_compared: 2, differences: 1, matches: 1 });
      const onlyDiff = await c.compare({
        product_id_1: p1,
        product_id_2: p2,
        attribute_ids: [a.released],
        include_only_differences: true,
      });
      expect(onlyDiff.json().data).toMatchObject({
        comparison: [],
        summary: { total_compared: 1, differences: 0, matches: 1 },
      });
    });

    it('two products without values compare nothing', async () => {
      const res = await c.compare({ product_id_1: await c.product(), product_id_2: await c.product() });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        comparison: [],
        summary: { total_compared: 0, differences: 0, matches: 0 },
      });
    });

    it('422 on unknown, deleted or other-tenant attribute ids, keyed by index', async () => {
      const deletedAttr = await c.attribute({ type: 'text' });
      await c.softDelete('attribute_definitions', deletedAttr);
      const other = await freshTenant();
      const theirs = await other.attribute({ type: 'text' });
      const res = await c.compare({
        product_id_1: p1,
        product_id_2: p2,
        attribute_ids: [a.weight, MISSING_ULID, deletedAttr, theirs],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: INVALID,
        errors: {
          'attribute_ids.1': ['The selected attribute does not exist.'],
          'attribute_ids.2': ['The selected attribute does not exist.'],
          'attribute_ids.3': ['The selected attribute does not exist.'],
        },
      });
    });

    it('422 on missing, deleted, other-tenant or same products', async () => {
      const deleted = await c.product();
      await c.softDelete('products', deleted);
      const other = await freshTenant();
      const theirs = await other.product();
      const missing = 'The selected product does not exist.';
      for (const id of [deleted, theirs, MISSING_ULID]) {
        const res = await c.compare({ product_id_1: id, product_id_2: p2 });
        expect(res.statusCode, id).toBe(422);
        expect(res.json().errors).toEqual({ product_id_1: [missing] });
        const second = await c.compare({ product_id_1: p1, product_id_2: id });
        expect(second.json().errors).toEqual({ product_id_2: [missing] });
      }
      const same = await c.compare({ product_id_1: p1, product_id_2: p1 });
      expect(same.statusCode).toBe(422);
      expect(same.json().errors).toEqual({
        product_id_2: ['The product_id_2 must be a different product than product_id_1.'],
      });
      // The other tenant compares its own products.
      expect((await other.compare({ product_id_1: theirs, product_id_2: await other.product() })).statusCode).toBe(200);
    });

    it('422 on a malformed body', async () => {
      const missing = await c.compare({ product_id_1: p1 });
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors)).toEqual(['product_id_2']);
      const malformed = await c.compare({ product_id_1: 'not-a-ulid', product_id_2: p2 });
      expect(malformed.statusCode).toBe(422);
      expect(Object.keys(malformed.json().errors)).toEqual(['product_id_1']);
      const badIds = await c.compare({ product_id_1: p1, product_id_2: p2, attribute_ids: ['nope'] });
      expect(badIds.statusCode).toBe(422);
      expect(Object.keys(badIds.json().errors)).toEqual(['attribute_ids.0']);
      const emptyIds = await c.compare({ product_id_1: p1, product_id_2: p2, attribute_ids: [] });
      expect(emptyIds.statusCode).toBe(422);
      expect(Object.keys(emptyIds.json().errors)).toEqual(['attribute_ids']);
      const flag = await c.compare({ product_id_1: p1, product_id_2: p2, include_only_differences: 'yes' });
      expect(flag.statusCode).toBe(422);
      expect(Object.keys(flag.json().errors)).toEqual(['include_only_differences']);
    });
  });

  describe('statistics', () => {
    it('counts values of live attributes on live products; the average is over products with values', async () => {
      const c = await freshTenant();
      const text = await c.attribute({ type: 'text' });
      const number = await c.attribute({ type: 'number' });
      const flag = await c.attribute({ type: 'boolean' });
      const color = await c.attribute({ type: 'color' });
      const [pa, pb, pc, deleted] = [await c.product(), await c.product(), await c.product(), await c.product()];
      await c.product(); // no values: not in the average
      await c.write(pa, { [text]: 'a', [number]: '1', [flag]: '1', [color]: '#AABBCC' });
      await c.write(pb, { [text]: 'b' });
      await c.write(pc, { [number]: '2' });
      await c.write(deleted, { [text]: 'd', [flag]: '0' });
      await c.softDelete('products', deleted);
      // A definition deleted behind the service's back still must not count its leftover values.
      await c.softDelete('attribute_definitions', color);
      // Another tenant's values never count.
      const other = await freshTenant();
      await other.write(await other.product(), { [await other.attribute({ type: 'text' })]: 'x' });

      const res = await c.statistics();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          total_values: 5,
          products_with_attributes: 3,
          average_attributes_per_product: 1.67,
          by_type: {
            text: 2,
            number: 2,
            boolean: 1,
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
        },
      });
    });

    it('answers zeros for a tenant without values', async () => {
      const c = await freshTenant();
      await c.product();
      const data = (await c.statistics()).json().data;
      expect(data).toMatchObject({ total_values: 0, products_with_attributes: 0, average_attributes_per_product: 0 });
      expect(Object.keys(data.by_type)).toHaveLength(12);
      expect(Object.values(data.by_type).every((n) => n === 0)).toBe(true);
    });
  });

  describe('abilities', () => {
    // Their 403s are generated from the route table (test/security/function-level-authorisation.test.ts).
    it('all three are open to operations:view-products, compare included', async () => {
      const c = await freshTenant();
      const viewer = bearer(
        await makeToken(t.services, c.tenantId, c.adminId, { abilities: ['operations:view-products'] }),
      );
      const [p1, p2] = [await c.product(), await c.product()];
      const calls = [
        (h: { authorization: string }) => c.exportOf(p1, '?format=json', h),
        (h: { authorization: string }) => c.exportOf(p1, '?format=csv', h),
        (h: { authorization: string }) => c.compare({ product_id_1: p1, product_id_2: p2 }, h),
        (h: { authorization: string }) => c.statistics(h),
      ];
      for (const call of calls) {
        expect((await call(viewer)).statusCode).toBe(200);
      }
      expect((await t.app.inject({ url: `${API}/product-attribute-values/statistics` })).statusCode).toBe(401);
    });
  });

  describe('OpenAPI', () => {
    it('documents the three paths', async () => {
      const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
      const paths = doc.paths as Record<
        string,
        Record<
          string,
          { tags?: string[]; parameters?: Array<{ name: string; in: string; required?: boolean }>; responses: object }
        >
      >;
      const exportPath = paths['/api/v1/operations/products/{id}/attribute-values/export']?.get;
      expect(exportPath).toBeDefined();
      expect(exportPath!.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'format', in: 'query', required: true })]),
      );
      expect(Object.keys(exportPath!.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '422']));
      const comparePath = paths['/api/v1/operations/products/compare-attributes']?.post;
      expect(comparePath).toBeDefined();
      expect(Object.keys(comparePath!.responses)).toEqual(expect.arrayContaining(['200', '422']));
      expect(paths['/api/v1/operations/product-attribute-values/statistics']?.get).toBeDefined();
      for (const operation of [
        exportPath,
        comparePath,
        paths['/api/v1/operations/product-attribute-values/statistics']!.get,
      ]) {
        expect(operation!.tags).toEqual(['Product attribute values']);
      }
    });
  });
});
