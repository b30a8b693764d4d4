// Barcodes of products and variants over HTTP: GTIN check digits and kinds, `other` codes, uniqueness among a
// tenant's live products (the holder named, also when a race reaches the unique index), reuse after a soft
// delete, the `?barcode=` filters, the scanner lookup, events, the export and the OpenAPI document.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../src/modules/catalog/products/index.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const PRODUCTS = `${API}/products`;
const LOOKUP = `${PRODUCTS}/lookup`;
const MASTERS = `${API}/master-products`;
const INVALID = 'The given data was invalid.';

type Json = Record<string, unknown>;

/** Valid GTINs of each length, check digits included. */
const EAN13 = '4006381333931';
const UPC = '036000291452';
const EAN8 = '96385074';
const GTIN14 = '10012345678902';

describe('barcodes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function freshTenant() {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const call = jsonCaller(t.app, auth);
    let seq = 0;
    const create = (payload: Json) => call('POST', PRODUCTS, { name: `Scanned Item ${++seq}`, ...payload });
    const made = async (payload: Json = {}): Promise<ProductResponse> => {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    const patch = (id: string, payload: Json) => call('PATCH', `${PRODUCTS}/${id}`, payload);
    const errorsOf = async (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: INVALID });
      return res.json().errors as Record<string, string[]>;
    };
    const lookup = (code: string, headers = auth) =>
      t.app.inject({ url: `${LOOKUP}?${new URLSearchParams({ code })}`, headers });
    const events = (entityId: string) =>
      t.database.db
        .selectFrom('event_outbox')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .where('entity_id', '=', entityId)
        .orderBy('id')
        .execute();
    return { ...tenant, auth, call, create, made, patch, errorsOf, lookup, events };
  }
  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  describe('values and kinds', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('stores a GTIN of each length with the kind its length gives, when no kind is sent', async () => {
      for (const [code, type] of [
        [EAN13, 'ean13'],
        [UPC, 'upc'],
        [EAN8, 'ean8'],
        [GTIN14, 'gtin14'],
      ]) {
        const product = await c.made({ barcode: code });
        expect(product, code).toMatchObject({ barcode: code, barcode_type: type });
      }
    });

    it('takes any other printable code as other, trimmed, and a product without one has null for both', async () => {
      expect(await c.made({ barcode: '  SHELF-LABEL 17  ' })).toMatchObject({
        barcode: 'SHELF-LABEL 17',
        barcode_type: 'other',
      });
      expect(await c.made({ barcode: '12345', barcode_type: null })).toMatchObject({
        barcode: '12345',
        barcode_type: 'other',
      });
      expect(await c.made()).toMatchObject({ barcode: null, barcode_type: null });
    });

    it('refuses a wrong check digit, naming the digit expected, and keeps nothing', async () => {
      const errors = await c.errorsOf(await c.create({ barcode: '4006381333932', sku: 'BAD-CHECK' }));
      expect(errors).toEqual({
        barcode: [
          "The barcode's check digit is wrong for type ean13 (EAN-13, GTIN-13): 4006381333932 would end in 1. Check the code, or send barcode_type other for a code that is not a GTIN.",
        ],
      });
      expect(await t.database.db.selectFrom('products').select('id').where('sku', '=', 'BAD-CHECK').execute()).toEqual(
        [],
      );
      for (const code of ['036000291453', '96385075', '10012345678903']) {
        expect((await c.errorsOf(await c.create({ barcode: code }))).barcode, code).toEqual([
          expect.stringContaining('check digit is wrong'),
        ]);
      }
    });

    it('checks a code against the kind sent, and takes a non-GTIN of GTIN length as other when told so', async () => {
      expect((await c.errorsOf(await c.create({ barcode: UPC, barcode_type: 'ean13' }))).barcode).toEqual([
        'A barcode of type ean13 (EAN-13, GTIN-13) must be 13 digits.',
      ]);
      expect((await c.errorsOf(await c.create({ barcode: 'ABC', barcode_type: 'upc' }))).barcode).toEqual([
        'A barcode of type upc (UPC-A, GTIN-12) must be 12 digits.',
      ]);
      expect(await c.made({ barcode: '4006381333932', barcode_type: 'other' })).toMatchObject({
        barcode: '4006381333932',
        barcode_type: 'other',
      });
    });

    it('refuses a kind without a code, an unknown kind, a code too long or not printable', async () => {
      expect((await c.errorsOf(await c.create({ barcode_type: 'ean13' }))).barcode_type).toEqual([
        'A barcode type needs a barcode: send barcode with it, or leave both out.',
      ]);
      expect(Object.keys(await c.errorsOf(await c.create({ barcode: EAN8, barcode_type: 'qr' })))).toEqual([
        'barcode_type',
      ]);
      expect(Object.keys(await c.errorsOf(await c.create({ barcode: 'X'.repeat(65) })))).toEqual(['barcode']);
      expect((await c.errorsOf(await c.create({ barcode: 'tab\there' }))).barcode).toEqual([
        expect.stringContaining('printable ASCII'),
      ]);
    });

    it('changes, re-checks and clears a barcode by update', async () => {
      const product = await c.made({ barcode: '5901234123457' });
      let res = await c.patch(product.id, { barcode_type: 'other' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ barcode: '5901234123457', barcode_type: 'other' });
      expect((await c.errorsOf(await c.patch(product.id, { barcode_type: 'upc' }))).barcode).toEqual([
        expect.stringContaining('must be 12 digits'),
      ]);
      res = await c.patch(product.id, { barcode: '73513537' });
      expect(res.json().data).toMatchObject({ barcode: '73513537', barcode_type: 'ean8' });
      res = await c.patch(product.id, { barcode: null });
      expect(res.json().data).toMatchObject({ barcode: null, barcode_type: null });
      expect((await c.errorsOf(await c.patch(product.id, { barcode_type: 'ean8' }))).barcode_type).toHaveLength(1);
    });
  });

  describe('uniqueness', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('refuses a code another live product holds, naming it, on create and on update', async () => {
      const holder = await c.made({ sku: 'HOLDER-1', barcode: EAN13 });
      const message = `The barcode is already used by product HOLDER-1 (${holder.id}).`;
      expect(await c.errorsOf(await c.create({ barcode: EAN13 }))).toEqual({ barcode: [message] });
      const other = await c.made();
      expect(await c.errorsOf(await c.patch(other.id, { barcode: ` ${EAN13} ` }))).toEqual({ barcode: [message] });
      // Sending a product's own code back is no conflict.
      expect((await c.patch(holder.id, { barcode: EAN13, name: 'Holder renamed' })).statusCode).toBe(200);
    });

    it('frees the code of a deleted product for another', async () => {
      const first = await c.made({ barcode: UPC });
      expect((await c.call('DELETE', `${PRODUCTS}/${first.id}`)).statusCode).toBe(200);
      const second = await c.made({ barcode: UPC });
      expect(second.barcode).toBe(UPC);
      // The deleted row keeps its code; only live products count.
      const rows = await t.database.db
        .selectFrom('products')
        .select(['id', 'deleted_at'])
        .where('tenant_id', '=', c.tenantId)
        .where('barcode', '=', UPC)
        .execute();
      expect(rows).toHaveLength(2);
    });

    it('lets another tenant use the same code', async () => {
      const other = await freshTenant();
      await c.made({ barcode: GTIN14 });
      expect((await other.made({ barcode: GTIN14 })).barcode).toBe(GTIN14);
    });

    it('lets exactly one of concurrent writes of one code win, the others answered with the holder named', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => c.create({ sku: `RACE-${i}`, barcode: EAN8 })),
      );
      const won = results.filter((r) => r.statusCode === 201);
      expect(won, results.map((r) => r.body).join('\n')).toHaveLength(1);
      const holder = won[0]!.json().data as ProductResponse;
      for (const res of results.filter((r) => r.statusCode !== 201)) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual({
          barcode: [`The barcode is already used by product ${holder.sku} (${holder.id}).`],
        });
      }
    });

    it('keeps the code unique in the database itself, past any check', async () => {
      const holder = await c.made({ barcode: '00012345600012' });
      const row = await t.database.db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', holder.id)
        .executeTakeFirstOrThrow();
      await expect(
        t.database.db
          .insertInto('products')
          .values({ ...row, id: '01hzzzzzzzzzzzzzzzzzzzzzz1', sku: 'COPY', slug: 'copy', variant_key: null })
          .execute(),
      ).rejects.toThrow(/unique/i);
    });
  });

  describe('filters and lookup', () => {
    let c: Tenant;
    let boots: ProductResponse;
    let laces: ProductResponse;
    beforeAll(async () => {
      c = await freshTenant();
      boots = await c.made({ sku: 'BOOT-42', barcode: EAN13 });
      // One product's SKU is another's barcode.
      laces = await c.made({ sku: EAN8, barcode: 'LACE-PAIR' });
      await c.made({ sku: 'SOCKS', barcode: EAN8 });
    });

    it('filters the product list by exact barcode', async () => {
      const res = await c.call('GET', `${PRODUCTS}?barcode=${EAN13}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((p: ProductResponse) => p.id)).toEqual([boots.id]);
      expect(res.json().meta.total).toBe(1);
      expect((await c.call('GET', `${PRODUCTS}?barcode=lace-pair`)).json().data).toEqual([]);
    });

    it('finds a product by barcode or by SKU, saying which matched', async () => {
      let res = await c.lookup(EAN13);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { id: boots.id, sku: 'BOOT-42' },
        meta: { matched_on: 'barcode' },
      });
      res = await c.lookup('BOOT-42');
      expect(res.json()).toMatchObject({ data: { id: boots.id }, meta: { matched_on: 'sku' } });
      res = await c.lookup('LACE-PAIR');
      expect(res.json()).toMatchObject({ data: { id: laces.id }, meta: { matched_on: 'barcode' } });
    });

    it('prefers the product whose barcode is the code over the one whose SKU is', async () => {
      const res = await c.lookup(EAN8);
      expect(res.json()).toMatchObject({ data: { sku: 'SOCKS', barcode: EAN8 }, meta: { matched_on: 'barcode' } });
    });

    it('answers 404 for no match, a case difference, a deleted product and another tenant’s product', async () => {
      const notFound = { success: false, message: 'Product not found.', code: 'not_found', data: null, meta: {} };
      for (const code of ['NOPE', 'boot-42']) {
        const res = await c.lookup(code);
        expect(res.statusCode, code).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      const gone = await c.made({ sku: 'GONE-1', barcode: GTIN14 });
      await c.call('DELETE', `${PRODUCTS}/${gone.id}`);
      expect((await c.lookup(GTIN14)).statusCode).toBe(404);
      expect((await c.lookup('GONE-1')).statusCode).toBe(404);
      const other = await freshTenant();
      expect((await other.lookup(EAN13)).statusCode).toBe(404);
      expect((await other.lookup('BOOT-42')).statusCode).toBe(404);
    });

    it('needs a code', async () => {
      const res = await t.app.inject({ url: LOOKUP, headers: c.auth });
      expect((await c.errorsOf(res)).code).toEqual(['The code field is required.']);
    });
  });

  describe('variants', () => {
    let c: Tenant;
    let masterId: string;
    beforeAll(async () => {
      c = await freshTenant();
      const res = await c.call('POST', MASTERS, {
        name: 'Scanner Tee',
        sku: 'STEE',
        variant_attributes: { attributes: [{ name: 'Size', values: ['S', 'M', 'L'] }], allowCombinations: true },
      });
      expect(res.statusCode, res.body).toBe(201);
      masterId = res.json().data.id;
    });

    it('generates variants without barcodes, which then get theirs by product update and are found by them', async () => {
      const res = await c.call('POST', `${MASTERS}/${masterId}/variants/generate`, {});
      expect(res.statusCode, res.body).toBe(201);
      const variants = res.json().data.variants as ProductResponse[];
      expect(variants.map((v) => [v.barcode, v.barcode_type])).toEqual([
        [null, null],
        [null, null],
        [null, null],
      ]);
      const [small, medium] = variants;
      const updated = await c.patch(small!.id, { barcode: UPC });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ barcode: UPC, barcode_type: 'upc', is_variant: true });
      expect((await c.errorsOf(await c.patch(medium!.id, { barcode: UPC }))).barcode).toEqual([
        `The barcode is already used by product ${small!.sku} (${small!.id}).`,
      ]);

      const listed = await c.call('GET', `${MASTERS}/${masterId}/variants?barcode=${UPC}`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data.map((v: ProductResponse) => v.id)).toEqual([small!.id]);
      expect(listed.json().meta).toMatchObject({ total: 1, total_variants: 1 });
      expect((await c.lookup(UPC)).json()).toMatchObject({
        data: { id: small!.id, master_product_id: masterId },
        meta: { matched_on: 'barcode' },
      });
    });

    it('takes a barcode on a variant created alone, by the products’ rules', async () => {
      const other = await c.call('POST', MASTERS, {
        name: 'Scanner Cap',
        sku: 'SCAP',
        variant_attributes: { attributes: [{ name: 'Size', values: ['S', 'M'] }], allowCombinations: true },
      });
      const capId = other.json().data.id as string;
      const created = await c.call('POST', `${MASTERS}/${capId}/variants`, {
        variant_selection: { Size: 'S' },
        barcode: GTIN14,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ barcode: GTIN14, barcode_type: 'gtin14' });
      const taken = await c.call('POST', `${MASTERS}/${capId}/variants`, {
        variant_selection: { Size: 'M' },
        barcode: GTIN14,
      });
      expect((await c.errorsOf(taken)).barcode).toEqual([
        `The barcode is already used by product ${created.json().data.sku} (${created.json().data.id}).`,
      ]);
      const bad = await c.call('POST', `${MASTERS}/${capId}/variants`, {
        variant_selection: { Size: 'M' },
        barcode: '10012345678903',
      });
      expect((await c.errorsOf(bad)).barcode).toEqual([expect.stringContaining('check digit is wrong')]);
    });

    it('records product.deleted for each variant deleted with its master’s variants, freeing their barcodes', async () => {
      const live = (await c.call('GET', `${MASTERS}/${masterId}/variants`)).json().data as ProductResponse[];
      const res = await c.call('DELETE', `${MASTERS}/${masterId}/variants`, { reason: 'Range replaced' });
      expect(res.statusCode, res.body).toBe(200);
      for (const variant of live) {
        const deleted = (await c.events(variant.id)).filter((e) => e.event_type === 'product.deleted');
        expect(deleted, variant.sku).toHaveLength(1);
        expect(deleted[0]!.payload).toEqual({
          id: variant.id,
          name: variant.name,
          sku: variant.sku,
          barcode: variant.barcode,
          master_product_id: masterId,
          deleted_at: expect.any(String),
        });
      }
      expect((await c.made({ barcode: UPC })).barcode).toBe(UPC);
    });
  });

  describe('events and export', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('carries the barcode in product events, names it among the changed fields, and records product.deleted', async () => {
      const product = await c.made({ sku: 'EVT-1', barcode: EAN13 });
      await c.patch(product.id, { barcode: 'PALLET 7' });
      await c.call('DELETE', `${PRODUCTS}/${product.id}`);
      const events = await c.events(product.id);
      expect(events.map((e) => e.event_type)).toEqual(['product.created', 'product.updated', 'product.deleted']);
      expect(events[0]!.payload).toMatchObject({ barcode: EAN13, barcode_type: 'ean13' });
      expect(events[1]!.payload).toMatchObject({
        barcode: 'PALLET 7',
        barcode_type: 'other',
        changed_fields: ['barcode', 'barcode_type'],
      });
      expect(events[2]!.payload).toEqual({
        id: product.id,
        name: product.name,
        sku: 'EVT-1',
        barcode: 'PALLET 7',
        master_product_id: null,
        deleted_at: expect.any(String),
      });
    });

    it('puts the barcode in the JSON export of a product', async () => {
      const product = await c.made({ barcode: EAN8 });
      const res = await c.call('GET', `${PRODUCTS}/${product.id}/attribute-values/export?format=json`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ product_id: product.id, product_barcode: EAN8 });
      const without = await c.made();
      expect(
        (await c.call('GET', `${PRODUCTS}/${without.id}/attribute-values/export?format=json`)).json().data
          .product_barcode,
      ).toBeNull();
    });

    it('shows the fields, the filter and the lookup in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
      const resolve = (schema: Json): Json => {
        const ref = schema.$ref as string | undefined;
        return ref ? resolve(doc.components.schemas[ref.split('/').pop()!]) : schema;
      };
      const resultOf = (path: string, method: string) =>
        resolve(doc.paths[path][method].responses['200'].content['application/json'].schema);
      const product = resolve(
        (resultOf('/api/v1/operations/products/{id}', 'get').properties as Record<string, Json>).data!,
      );
      const properties = product.properties as Record<string, Json>;
      expect(Object.keys(properties)).toEqual(expect.arrayContaining(['barcode', 'barcode_type']));
      expect(JSON.stringify(properties.barcode_type)).toContain('gtin14');
      const create = resolve(
        doc.paths['/api/v1/operations/products'].post.requestBody.content['application/json'].schema,
      );
      expect(Object.keys(create.properties as Json)).toEqual(expect.arrayContaining(['barcode', 'barcode_type']));
      const listParameters = doc.paths['/api/v1/operations/products'].get.parameters.map(
        (p: { name: string }) => p.name,
      );
      expect(listParameters).toEqual(expect.arrayContaining(['barcode', 'updated_since']));
      const lookup = doc.paths['/api/v1/operations/products/lookup'].get;
      expect(lookup.parameters).toEqual([expect.objectContaining({ name: 'code', in: 'query', required: true })]);
      expect(Object.keys(lookup.responses)).toEqual(expect.arrayContaining(['200', '404']));
    });
  });
});
