// Attribute definitions over HTTP: types, create/read/update/delete, field rules, lists, abilities,
// tenant scoping and the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeProduct, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const ATTRS = '/api/v1/operations/attributes';
const INVALID = 'The given data was invalid.';

describe('attributes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = (payload: unknown, headers = t.auth) =>
    t.app.inject({ method: 'POST', url: ATTRS, headers, payload: payload as object });
  const get = (id: string, headers = t.auth) => t.app.inject({ url: `${ATTRS}/${id}`, headers });
  const update = (id: string, payload: object, method: 'PUT' | 'PATCH' = 'PUT', headers = t.auth) =>
    t.app.inject({ method, url: `${ATTRS}/${id}`, headers, payload });
  const remove = (id: string, headers = t.auth) => t.app.inject({ method: 'DELETE', url: `${ATTRS}/${id}`, headers });
  const list = (query = '', headers = t.auth) => t.app.inject({ url: `${ATTRS}${query}`, headers });
  let seq = 0;
  const code = (prefix = 'attr') => `${prefix}_${++seq}`;
  const attributeId = async (payload: Record<string, unknown>) => {
    const res = await create({ code: code(), name: 'Attr', label: 'Attr', type: 'text', ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const addValue = async (attributeIdValue: string, value = 'x', tenantId = t.tenant.tenantId) => {
    const productId = await makeProduct(t.database.db, tenantId);
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('product_attribute_values')
      .values({
        tenant_id: tenantId,
        product_id: productId,
        attribute_id: attributeIdValue,
        value,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return productId;
  };
  const errorsOf = async (payload: unknown) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(INVALID);
    return res.json().errors as Record<string, string[]>;
  };
  const base = () => ({ code: code(), name: 'Name', label: 'Label' });

  describe('types', () => {
    it('lists the twelve types with capabilities', async () => {
      const res = await t.app.inject({ url: `${ATTRS}/types`, headers: t.auth });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as Array<Record<string, unknown>>;
      expect(res.json().success).toBe(true);
      expect(data).toHaveLength(12);
      expect(data.find((d) => d.value === 'select')).toEqual({
        value: 'select',
        label: 'Dropdown',
        has_options: true,
        is_searchable: true,
        is_filterable: true,
        is_sortable: false,
        input_type: 'select',
        default_validation: ['in:options'],
      });
      expect(data.filter((d) => d.is_sortable).map((d) => d.value)).toEqual(['text', 'number', 'date']);
    });
  });

  describe('create', () => {
    it('creates with every field and answers 201 with the typed default', async () => {
      const res = await create({
        code: 'Weight-kg_1',
        name: ' Weight ',
        label: 'Weight',
        type: 'number',
        description: 'Net weight.',
        validation_rules: ['min:0', 'max:1000'],
        unit: 'kg',
        default_value: '12.50',
        is_required: true,
        is_filterable: true,
        is_searchable: false,
        is_visible_on_frontend: false,
        sort_order: 3,
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Attribute created successfully' });
      expect(body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-z]{26}$/),
        code: 'Weight-kg_1',
        name: 'Weight',
        label: 'Weight',
        type: 'number',
        description: 'Net weight.',
        options: null,
        validation_rules: ['min:0', 'max:1000'],
        unit: 'kg',
        default_value: 12.5,
        is_required: true,
        is_filterable: true,
        is_searchable: false,
        is_visible_on_frontend: false,
        sort_order: 3,
        values_count: 0,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: body.data.created_at,
      });
      const row = await t.database.db
        .selectFrom('attribute_definitions')
        .select('default_value')
        .where('id', '=', body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.default_value).toBe('12.5');
    });

    it('defaults: not required, not filterable or searchable, visible, sort 0, no rules', async () => {
      const res = await create({ ...base(), type: 'text' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        description: null,
        options: null,
        validation_rules: [],
        unit: null,
        default_value: null,
        is_required: false,
        is_filterable: false,
        is_searchable: false,
        is_visible_on_frontend: true,
        sort_order: 0,
      });
    });

    it('answers typed defaults for boolean, multiselect, color and json', async () => {
      const cases: Array<[Record<string, unknown>, unknown]> = [
        [{ type: 'boolean', default_value: 'true' }, true],
        [{ type: 'multiselect', options: ['S', 'M', 'L'], default_value: ['L', 'S'] }, ['L', 'S']],
        [{ type: 'color', default_value: '#abc' }, '#AABBCC'],
        [{ type: 'json', default_value: { a: [1] } }, { a: [1] }],
        [{ type: 'date', default_value: '2024-02-29' }, '2024-02-29'],
      ];
      for (const [payload, expected] of cases) {
        const res = await create({ ...base(), ...payload });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data.default_value).toEqual(expected);
      }
    });

    it('select and multiselect keep trimmed options; they are required', async () => {
      const res = await create({ ...base(), type: 'select', options: [' Red ', 'Blue'] });
      expect(res.json().data.options).toEqual(['Red', 'Blue']);
      for (const type of ['select', 'multiselect']) {
        expect(await errorsOf({ ...base(), type })).toEqual({
          options: [`The options field is required for ${type} attributes.`],
        });
        expect(await errorsOf({ ...base(), type, options: [] })).toEqual({
          options: [`The options field is required for ${type} attributes.`],
        });
        expect(await errorsOf({ ...base(), type, options: null })).toEqual({
          options: [`The options field is required for ${type} attributes.`],
        });
      }
    });

    it('refuses duplicate and empty options', async () => {
      expect(await errorsOf({ ...base(), type: 'select', options: ['A', 'A'] })).toEqual({
        options: ['The options field must not contain duplicates.'],
      });
      expect(await errorsOf({ ...base(), type: 'select', options: ['A', ' A'] })).toEqual({
        options: ['The options field must not contain duplicates.'],
      });
      expect(Object.keys(await errorsOf({ ...base(), type: 'select', options: ['A', ''] }))).toEqual(['options.1']);
      expect(Object.keys(await errorsOf({ ...base(), type: 'select', options: ['A', 3] }))).toEqual(['options.1']);
    });

    it('refuses options for types without options; accepts an empty list or null there', async () => {
      expect(await errorsOf({ ...base(), type: 'text', options: ['A'] })).toEqual({
        options: ['Options are only allowed for select and multiselect attributes, not text.'],
      });
      const res = await create({ ...base(), type: 'text', options: [] });
      expect(res.json().data.options).toBeNull();
    });

    it('checks validation rules per index', async () => {
      expect(
        await errorsOf({ ...base(), type: 'text', validation_rules: ['min:1', 'required', 'regex:(', 'max:0.5'] }),
      ).toEqual({
        'validation_rules.1': [
          'The rule "required" is not supported. Use min:<number>, max:<number> or regex:<pattern>.',
        ],
        'validation_rules.2': ['The regex rule has an invalid pattern.'],
        'validation_rules.3': ['The max rule needs a whole number of at least 0 for text attributes.'],
      });
      expect(await errorsOf({ ...base(), type: 'boolean', validation_rules: ['min:1'] })).toEqual({
        'validation_rules.0': ['The min rule does not apply to boolean attributes.'],
      });
      expect(await errorsOf({ ...base(), type: 'number', validation_rules: ['regex:^1'] })).toEqual({
        'validation_rules.0': ['The regex rule does not apply to number attributes.'],
      });
      expect(await errorsOf({ ...base(), type: 'number', validation_rules: ['min:5', 'max:1'] })).toEqual({
        'validation_rules.1': ['The max rule must not be less than the min rule.'],
      });
      expect(Object.keys(await errorsOf({ ...base(), type: 'text', validation_rules: 'min:1' }))).toEqual([
        'validation_rules',
      ]);
      expect(Object.keys(await errorsOf({ ...base(), type: 'text', validation_rules: [''] }))).toEqual([
        'validation_rules.0',
      ]);
    });

    it('refuses filterable and searchable on types without the capability', async () => {
      expect(await errorsOf({ ...base(), type: 'text', is_filterable: true })).toEqual({
        is_filterable: [
          'Attributes of type text cannot be filterable. Filterable types: boolean, select, multiselect, color, number.',
        ],
      });
      expect(await errorsOf({ ...base(), type: 'number', is_searchable: true })).toEqual({
        is_searchable: ['Attributes of type number cannot be searchable. Searchable types: text, select, multiselect.'],
      });
      const res = await create({
        ...base(),
        type: 'multiselect',
        options: ['a'],
        is_filterable: true,
        is_searchable: true,
      });
      expect(res.json().data).toMatchObject({ is_filterable: true, is_searchable: true });
    });

    it('validates the default against the definition itself', async () => {
      expect(
        await errorsOf({ ...base(), label: 'Color', type: 'select', options: ['Red', 'Blue'], default_value: 'Green' }),
      ).toEqual({
        default_value: ['The default value is invalid: The Color must be one of: Red, Blue.'],
      });
      expect(
        await errorsOf({ ...base(), label: 'Weight', type: 'number', validation_rules: ['max:10'], default_value: 11 }),
      ).toEqual({
        default_value: ['The default value is invalid: The Weight must not be greater than 10.'],
      });
      expect(await errorsOf({ ...base(), label: 'Day', type: 'date', default_value: '2023-02-29' })).toEqual({
        default_value: ['The default value is invalid: The Day must be a valid date in the format YYYY-MM-DD.'],
      });
      expect((await create({ ...base(), type: 'text', default_value: null })).json().data.default_value).toBeNull();
    });

    it('refuses a taken code in the tenant; codes are case-sensitive; a deleted code is free again', async () => {
      const first = await attributeId({ code: 'material' });
      const res = await create({ code: 'material', name: 'Other', label: 'Other', type: 'text' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: INVALID,
        errors: { code: ['The code has already been taken.'] },
      });
      expect((await create({ code: 'Material', name: 'x', label: 'x', type: 'text' })).statusCode).toBe(201);
      expect((await remove(first)).statusCode).toBe(200);
      expect((await create({ code: 'material', name: 'x', label: 'x', type: 'text' })).statusCode).toBe(201);
    });

    it('refuses missing, mistyped, overlong and badly formatted fields', async () => {
      expect(Object.keys(await errorsOf({})).sort()).toEqual(['code', 'label', 'name', 'type']);
      expect((await errorsOf({ ...base(), code: undefined, type: 'text' })).code).toEqual([
        'The code field is required.',
      ]);
      expect((await errorsOf({ ...base(), code: 'has space', type: 'text' })).code).toEqual([
        'The code field format is invalid.',
      ]);
      expect((await errorsOf({ ...base(), code: 'a.b', type: 'text' })).code).toEqual([
        'The code field format is invalid.',
      ]);
      expect((await errorsOf({ ...base(), code: 'c'.repeat(101), type: 'text' })).code).toEqual([
        'The code field must not be greater than 100 characters.',
      ]);
      expect((await create({ ...base(), code: 'c'.repeat(100), type: 'text' })).statusCode).toBe(201);
      expect((await errorsOf({ ...base(), name: 'n'.repeat(256), type: 'text' })).name).toEqual([
        'The name field must not be greater than 255 characters.',
      ]);
      expect((await errorsOf({ ...base(), label: 'l'.repeat(256), type: 'text' })).label).toEqual([
        'The label field must not be greater than 255 characters.',
      ]);
      expect((await errorsOf({ ...base(), name: '   ', type: 'text' })).name).toEqual([
        'The name field format is invalid.',
      ]);
      expect((await errorsOf({ ...base(), name: 5, type: 'text' })).name).toEqual(['The name field must be a string.']);
      expect((await errorsOf({ ...base(), type: 'colour' })).type?.[0]).toMatch(/^The selected type is invalid/);
      expect((await errorsOf({ ...base(), type: 'number', unit: 'u'.repeat(51) })).unit).toEqual([
        'The unit field must not be greater than 50 characters.',
      ]);
      expect((await errorsOf({ ...base(), type: 'text', sort_order: -1 })).sort_order).toEqual([
        'The sort order field must be at least 0.',
      ]);
      expect((await errorsOf({ ...base(), type: 'text', sort_order: 1.5 })).sort_order).toEqual([
        'The sort order field must be an integer.',
      ]);
      expect((await errorsOf({ ...base(), type: 'text', is_required: 'yes' })).is_required).toEqual([
        'The is required field must be a boolean.',
      ]);
      expect((await errorsOf({ ...base(), type: 'text', description: 'd'.repeat(2001) })).description).toBeDefined();
    });

    it('drops unknown fields', async () => {
      const res = await create({ ...base(), type: 'text', tenant_id: 'x', values_count: 9 });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.values_count).toBe(0);
    });
  });

  describe('get', () => {
    it('answers values_count from live products only', async () => {
      const id = await attributeId({});
      await addValue(id, 'a');
      const deleted = await addValue(id, 'b');
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', deleted)
        .execute();
      const res = await get(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id, values_count: 1 });
    });

    it('404 for unknown and malformed ids', async () => {
      const notFound = { success: false, code: 'not_found', message: 'Attribute not found.', data: null, meta: {} };
      for (const id of ['01hzzzzzzzzzzzzzzzzzzzzzzz', 'not-an-id']) {
        expect((await get(id)).json()).toEqual(notFound);
        expect((await get(id)).statusCode).toBe(404);
        expect((await update(id, { name: 'x' })).statusCode).toBe(404);
        expect((await remove(id)).statusCode).toBe(404);
      }
    });
  });

  describe('update', () => {
    it('changes only the fields sent, with PUT and PATCH', async () => {
      const id = await attributeId({ type: 'number', unit: 'kg', sort_order: 2, description: 'Before' });
      const res = await update(id, { name: 'Renamed', unit: 'g' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Attribute updated successfully' });
      expect(res.json().data).toMatchObject({
        name: 'Renamed',
        unit: 'g',
        sort_order: 2,
        description: 'Before',
        type: 'number',
        values_count: 0,
      });
      const patched = await update(id, { sort_order: 7, description: null, is_required: true }, 'PATCH');
      expect(patched.json().data).toMatchObject({
        name: 'Renamed',
        sort_order: 7,
        description: null,
        is_required: true,
      });
    });

    it('code and type cannot change; sending the same values is fine', async () => {
      const c = code();
      const id = await attributeId({ code: c, type: 'text' });
      const res = await update(id, { code: 'other', type: 'number' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        code: ['The code cannot be changed.'],
        type: ['The type cannot be changed.'],
      });
      expect((await update(id, { code: c, type: 'text', name: 'Same' })).json().data).toMatchObject({
        code: c,
        type: 'text',
        name: 'Same',
      });
    });

    it('checks the whole definition again: options, rules, capabilities and the kept default', async () => {
      const id = await attributeId({ type: 'select', label: 'Color', options: ['Red', 'Blue'], default_value: 'Red' });
      expect((await update(id, { options: [] })).json().errors).toEqual({
        options: ['The options field is required for select attributes.'],
      });
      expect((await update(id, { options: ['Blue', 'Green'] })).json().errors).toEqual({
        default_value: ['The default value is invalid: The Color must be one of: Blue, Green.'],
      });
      const ok = await update(id, { options: ['Blue', 'Green'], default_value: 'Green' });
      expect(ok.json().data).toMatchObject({ options: ['Blue', 'Green'], default_value: 'Green' });
      expect((await update(id, { default_value: null })).json().data.default_value).toBeNull();
      expect((await update(id, { validation_rules: ['min:1'] })).json().errors).toEqual({
        'validation_rules.0': ['The min rule does not apply to select attributes.'],
      });
      const text = await attributeId({ type: 'text' });
      expect((await update(text, { is_filterable: true })).json().errors).toHaveProperty('is_filterable');
      expect((await update(text, { is_searchable: true })).json().data.is_searchable).toBe(true);
      const num = await attributeId({ type: 'number', default_value: 50 });
      expect((await update(num, { validation_rules: ['max:10'] })).json().errors).toHaveProperty('default_value');
    });

    it('refuses bad fields and drops unknown ones', async () => {
      const id = await attributeId({});
      expect((await update(id, { name: '' })).json().errors.name).toContain('The name field must not be empty.');
      expect((await update(id, { sort_order: -2 })).statusCode).toBe(422);
      expect((await update(id, { label: 'x'.repeat(256) })).statusCode).toBe(422);
      expect((await update(id, { whatever: 1 })).statusCode).toBe(200);
    });
  });

  describe('delete', () => {
    it('soft-deletes and removes the product values in the same transaction', async () => {
      const id = await attributeId({});
      await addValue(id, 'v');
      const res = await remove(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Attribute deleted successfully', data: null });
      expect((await get(id)).statusCode).toBe(404);
      const row = await t.database.db
        .selectFrom('attribute_definitions')
        .select('deleted_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
      const values = await t.database.db
        .selectFrom('product_attribute_values')
        .selectAll()
        .where('attribute_id', '=', id)
        .execute();
      expect(values).toEqual([]);
      expect((await remove(id)).statusCode).toBe(404);
    });

    it('refuses a required attribute held by a live product; allows it otherwise', async () => {
      const id = await attributeId({ is_required: true });
      const productId = await addValue(id, 'v');
      const res = await remove(id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'attribute_in_use',
        message: 'Required attributes assigned to products cannot be deleted.',
      });
      expect((await get(id)).json().data.values_count).toBe(1);
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', productId)
        .execute();
      expect((await remove(id)).statusCode).toBe(200);
      const unused = await attributeId({ is_required: true });
      expect((await remove(unused)).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    let other: { authorization: string };
    beforeAll(async () => {
      const tenant = await makeTenant(t.services);
      other = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
      const make = (payload: Record<string, unknown>) =>
        create({ name: 'N', label: 'L', type: 'text', ...payload }, other);
      await make({ code: 'b_text', sort_order: 1, is_searchable: true });
      await make({ code: 'a_text', sort_order: 1 });
      await make({ code: 'z_first', sort_order: 0, type: 'number', is_filterable: true, is_required: true });
      await make({
        code: 'sel',
        sort_order: 5,
        type: 'select',
        options: ['x'],
        is_filterable: true,
        is_searchable: true,
        name: 'Fabric',
      });
      const gone = await make({ code: 'gone', sort_order: 0 });
      await remove(gone.json().data.id, other);
    });
    const codes = async (query: string) => {
      const res = await list(query, other);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ code: string }>).map((d) => d.code);
    };

    it('sorts by sort_order then code, without deleted ones, with meta and links', async () => {
      const res = await list('', other);
      expect(res.json().data.map((d: { code: string }) => d.code)).toEqual(['z_first', 'a_text', 'b_text', 'sel']);
      expect(res.json().meta).toEqual({ current_page: 1, per_page: 50, total: 4, last_page: 1 });
      expect(res.json().links).toMatchObject({ prev: null, next: null });
      expect(res.json().data[0]).not.toHaveProperty('values_count');
    });

    it('paginates', async () => {
      const res = await list('?page=2&per_page=3', other);
      expect(res.json().data.map((d: { code: string }) => d.code)).toEqual(['sel']);
      expect(res.json().meta).toEqual({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
      expect(res.json().links.prev).toContain('page=1');
      for (const bad of ['?per_page=101', '?per_page=0', '?page=0', '?page=x'])
        expect((await list(bad, other)).statusCode, bad).toBe(422);
      expect((await list('?per_page=100', other)).statusCode).toBe(200);
    });

    it('filters by type, filterable, searchable, required and search', async () => {
      expect(await codes('?type=number')).toEqual(['z_first']);
      expect(await codes('?filterable=true')).toEqual(['z_first', 'sel']);
      expect(await codes('?filterable=false')).toEqual(['a_text', 'b_text']);
      expect(await codes('?searchable=true')).toEqual(['b_text', 'sel']);
      expect(await codes('?required=true')).toEqual(['z_first']);
      expect(await codes('?required=false&type=text')).toEqual(['a_text', 'b_text']);
      expect(await codes('?search=FAB')).toEqual(['sel']);
      expect((await list('?type=colour', other)).statusCode).toBe(422);
      expect((await list('?filterable=maybe', other)).statusCode).toBe(422);
    });
  });

  // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts);
  // here, that view-products opens every read and that a refused write changes nothing.
  describe('abilities', () => {
    let viewer: { authorization: string };
    let manager: { authorization: string };
    let id: string;
    beforeAll(async () => {
      viewer = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-products'] }),
      );
      manager = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
          abilities: ['operations:manage-product-attributes'],
        }),
      );
      id = await attributeId({});
    });
    const forbidden = (ability: string) => ({
      success: false,
      code: 'forbidden',
      message: `This action requires the ability ${ability}.`,
    });

    it('reads are open to operations:view-products', async () => {
      for (const url of [ATTRS, `${ATTRS}/${id}`, `${ATTRS}/types`, `${ATTRS}/statistics`]) {
        expect((await t.app.inject({ url, headers: viewer })).statusCode, url).toBe(200);
      }
    });

    it('writes need operations:manage-product-attributes', async () => {
      const cases: Array<[string, string, object | undefined]> = [
        ['PUT', `${ATTRS}/${id}`, { name: 'Nope' }],
        ['PATCH', `${ATTRS}/${id}`, { name: 'Nope' }],
        ['DELETE', `${ATTRS}/${id}`, undefined],
      ];
      for (const [method, url, payload] of cases) {
        const res = await t.app.inject({ method: method as 'POST', url, headers: viewer, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(forbidden('operations:manage-product-attributes'));
      }
      expect((await get(id)).json().data.name).toBe('Attr');
      expect((await create({ ...base(), type: 'text' }, manager)).statusCode).toBe(201);
      expect((await update(id, { name: 'Managed' }, 'PUT', manager)).statusCode).toBe(200);
    });

    it('401 without credentials', async () => {
      const res = await t.app.inject({ url: ATTRS });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('tenant scoping', () => {
    it("another tenant's attribute is 404; codes are unique per tenant only", async () => {
      const other = await makeTenant(t.services);
      const otherAuth = bearer(await makeToken(t.services, other.tenantId, other.adminId));
      const theirs = await create({ code: 'shared_code', name: 'N', label: 'L', type: 'text' }, otherAuth);
      const otherId = theirs.json().data.id as string;
      const notFound = { success: false, code: 'not_found', message: 'Attribute not found.', data: null, meta: {} };
      expect((await get(otherId)).json()).toEqual(notFound);
      expect((await update(otherId, { name: 'Mine' })).json()).toEqual(notFound);
      expect((await remove(otherId)).json()).toEqual(notFound);
      expect((await get(otherId, otherAuth)).json().data.name).toBe('N');
      expect((await create({ code: 'shared_code', name: 'N', label: 'L', type: 'text' })).statusCode).toBe(201);
      expect((await list('?search=shared_code')).json().data).toHaveLength(1);
    });
  });

  describe('OpenAPI', () => {
    it('documents every attribute path', async () => {
      const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
      const paths = doc.paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>;
      const expected: Array<[string, string[]]> = [
        ['/api/v1/operations/attributes', ['get', 'post']],
        ['/api/v1/operations/attributes/{id}', ['get', 'put', 'patch', 'delete']],
        ['/api/v1/operations/attributes/types', ['get']],
        ['/api/v1/operations/attributes/statistics', ['get']],
      ];
      for (const [path, methods] of expected) {
        for (const method of methods) {
          const operation = paths[path]?.[method];
          expect(operation, `${method} ${path}`).toBeDefined();
          expect(operation!.tags).toEqual(['Attributes']);
          expect(operation!.summary).toBeTruthy();
        }
      }
    });
  });
});
