// Links the API keeps and sends on (product, variant and master images, brands' logo and website, image and url
// attributes, the product import's images): http and https URLs, and relative paths where the field takes them.
// Any other scheme, in any spelling a browser would still follow, is a 422 at the field (or a refused row at its
// column) on create and update, and nothing is written. The route table is read so that a new link field of a
// request body cannot skip the rule.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_FORMATS } from '../../src/core/validation.js';
import { counts, csvOf, errorReport, runImport } from '../imports/import-helpers.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { collectRoutes, hasJsonBody, recordRoutes, routeName, type RouteEntry } from '../security/route-table.js';

const API = '/api/v1/operations';
const URL_OR_PATH = 'an http or https URL or a relative path (no other scheme, no spaces)';
const URL_ONLY = 'an http or https URL with a host (no spaces)';

/** Links a browser, mail client or spreadsheet would follow to something other than a web page or file. */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'mailto:someone@example.com',
  '//evil.example/a.png',
  '\\\\evil.example\\a.png',
];

type Json = Record<string, unknown>;

describe('stored links', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let routes: RouteEntry[];

  beforeAll(async () => {
    t = await buildTestApp({ beforeReady: recordRoutes });
    call = jsonCaller(t.app, t.auth);
    routes = await collectRoutes(t.app);
    for (const [code, type] of [
      ['picture', 'image'],
      ['manual', 'url'],
    ]) {
      const res = await call('POST', `${API}/attributes`, { code, name: code, label: code, type });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const created = async (path: string, body: Json): Promise<Json & { id: string }> => {
    const res = await call('POST', `${API}/${path}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const fetched = async (path: string): Promise<Json> => {
    const res = await call('GET', `${API}/${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const errorsOf = (res: LightMyRequestResponse): Record<string, string[]> => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
    return res.json().errors;
  };
  const rowsOf = async (table: 'products' | 'master_products' | 'brands') =>
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('keeps http and https URLs in any case, and relative paths where a field takes them', async () => {
    const images = [
      'https://cdn.example.com/a.png',
      'HTTP://CDN.EXAMPLE.COM/B.PNG',
      '/media/c.jpg',
      'd.jpg',
      'media/e:f.jpg',
    ];
    expect((await created('products', { name: 'Linked product', images })).images).toEqual(images);
    expect((await created('master-products', { name: 'Linked master', images })).images).toEqual(images);
    const brand = {
      name: 'Linked brand',
      logo_url: 'HTTPS://cdn.example.com/logo.png',
      website_url: 'http://brand.example',
    };
    expect(await created('brands', brand)).toMatchObject(brand);
    const attributes = { picture: '/media/p.png', manual: 'https://docs.example.com/manual.pdf' };
    expect((await created('products', { name: 'Linked attributes', attributes })).attributes).toEqual(attributes);
  });

  describe.each(HOSTILE)('refuses %j', (link) => {
    it('in product images, on create and update, writing nothing', async () => {
      const before = await rowsOf('products');
      expect(
        errorsOf(await call('POST', `${API}/products`, { name: 'Hostile image', images: ['a.png', link] })),
      ).toEqual({
        'images.1': [`The images[1] field must be ${URL_OR_PATH}.`],
      });
      expect(await rowsOf('products')).toBe(before);
      const product = await created('products', { name: 'Kept image', images: ['a.png'] });
      for (const method of ['PUT', 'PATCH'] as const) {
        expect(errorsOf(await call(method, `${API}/products/${product.id}`, { images: [link] }))).toEqual({
          'images.0': [`The images[0] field must be ${URL_OR_PATH}.`],
        });
      }
      expect((await fetched(`products/${product.id}`)).images).toEqual(['a.png']);
    });

    it("in a variant's own images", async () => {
      const master = await created('master-products', {
        name: 'Hostile variant master',
        images: ['m.png'],
        variant_attributes: { attributes: [{ name: 'Size', values: ['S'] }] },
      });
      const variant = await created(`master-products/${master.id}/variants`, { variant_selection: { Size: 'S' } });
      expect(errorsOf(await call('PATCH', `${API}/products/${variant.id}`, { images: [link] }))).toEqual({
        'images.0': [`The images[0] field must be ${URL_OR_PATH}.`],
      });
      expect((await fetched(`products/${variant.id}`)).images).toEqual(['m.png']);
    });

    it('in master product images, on create and update, writing nothing', async () => {
      const before = await rowsOf('master_products');
      expect(
        errorsOf(await call('POST', `${API}/master-products`, { name: 'Hostile master', images: [link] })),
      ).toEqual({
        'images.0': [`The images[0] field must be ${URL_OR_PATH}.`],
      });
      expect(await rowsOf('master_products')).toBe(before);
      const master = await created('master-products', { name: 'Kept master', images: ['m.png'] });
      for (const method of ['PUT', 'PATCH'] as const) {
        expect(
          errorsOf(await call(method, `${API}/master-products/${master.id}`, { images: ['n.png', link] })),
        ).toEqual({
          'images.1': [`The images[1] field must be ${URL_OR_PATH}.`],
        });
      }
      expect((await fetched(`master-products/${master.id}`)).images).toEqual(['m.png']);
    });

    it("in a brand's logo_url and website_url, on create and update, writing nothing", async () => {
      const before = await rowsOf('brands');
      expect(
        errorsOf(await call('POST', `${API}/brands`, { name: 'Hostile brand', logo_url: link, website_url: link })),
      ).toEqual({
        logo_url: [`The logo url field must be ${URL_ONLY}.`],
        website_url: [`The website url field must be ${URL_ONLY}.`],
      });
      expect(await rowsOf('brands')).toBe(before);
      const kept = { logo_url: 'https://cdn.example.com/kept.png', website_url: 'https://kept.example' };
      const brand = await created('brands', { name: 'Kept brand', ...kept });
      for (const field of ['logo_url', 'website_url']) {
        for (const method of ['PUT', 'PATCH'] as const) {
          expect(Object.keys(errorsOf(await call(method, `${API}/brands/${brand.id}`, { [field]: link })))).toEqual([
            field,
          ]);
        }
      }
      expect(await fetched(`brands/${brand.id}`)).toMatchObject(kept);
    });

    it('in image and url attributes, on create and update, writing nothing', async () => {
      const before = await rowsOf('products');
      expect(
        errorsOf(
          await call('POST', `${API}/products`, {
            name: 'Hostile attributes',
            attributes: { picture: link, manual: link },
          }),
        ),
      ).toEqual({
        'attributes.picture': [`The picture must be ${URL_OR_PATH}, at most 2048 characters.`],
        'attributes.manual': ['The manual must be a valid http or https URL.'],
      });
      expect(await rowsOf('products')).toBe(before);
      const product = await created('products', { name: 'Kept attributes', attributes: { picture: 'p.png' } });
      expect(
        Object.keys(errorsOf(await call('PATCH', `${API}/products/${product.id}`, { attributes: { picture: link } }))),
      ).toEqual(['attributes.picture']);
      expect((await fetched(`products/${product.id}`)).attributes).toEqual({ picture: 'p.png' });
    });
  });

  it('refuses an image attribute whose default is not a link it would keep', async () => {
    const res = await call('POST', `${API}/attributes`, {
      code: 'hostile_default',
      name: 'Hostile',
      label: 'Hostile',
      type: 'image',
      default_value: 'javascript:alert(1)',
    });
    expect(errorsOf(res)).toEqual({
      default_value: [`The default value is invalid: The Hostile must be ${URL_OR_PATH}, at most 2048 characters.`],
    });
  });

  it('refuses an import row with such a link at its column, writing nothing for it', async () => {
    const job = await runImport(t, {
      type: 'products',
      csv: csvOf([
        ['sku', 'name', 'images', 'attr:picture'],
        ['LINK-OK', 'Linked import', 'https://img.example/a.png|/media/b.png', 'c.png'],
        ['LINK-JS', 'Hostile import', 'https://img.example/a.png|JaVaScRiPt:alert(1)', ''],
        ['LINK-DATA', 'Hostile attribute import', '', 'data:text/html,<script>alert(1)</script>'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 2 });
    expect(await errorReport(t, job.id)).toEqual([
      {
        row: '3',
        column: 'images',
        value: 'https://img.example/a.png|JaVaScRiPt:alert(1)',
        message: `The images[1] field must be ${URL_OR_PATH}.`,
      },
      {
        row: '4',
        column: 'attr:picture',
        value: 'data:text/html,<script>alert(1)</script>',
        message: `The picture must be ${URL_OR_PATH}, at most 2048 characters.`,
      },
    ]);
    const skus = await t.database.db.selectFrom('products').select('sku').where('sku', 'like', 'LINK-%').execute();
    expect(skus.map((row) => row.sku)).toEqual(['LINK-OK']);
  });

  it('gives every link field of a request body one of the link formats', () => {
    // Webhook URLs are https only and checked against the addresses they resolve to (webhooks/subscriptions).
    const ownRule = new Set([
      'POST /api/v1/webhooks/subscriptions url',
      'PUT /api/v1/webhooks/subscriptions/:id url',
      'PATCH /api/v1/webhooks/subscriptions/:id url',
    ]);
    const unchecked: string[] = [];
    let checked = 0;
    for (const route of routes.filter(hasJsonBody)) {
      for (const [field, schema] of linkFields(route.schema.body)) {
        const name = `${routeName(route)} ${field}`;
        if (ownRule.has(name)) continue;
        checked++;
        if (!stringsOf(schema).every((text) => typeof text.format === 'string' && text.format in LINK_FORMATS))
          unchecked.push(name);
      }
    }
    expect(unchecked).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(12);
  });
});

interface SchemaNode {
  type?: string;
  format?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

const LINK_NAME = /(^|_)(url|urls|uri|link|links|href|image|images|logo|website|avatar|icon)$/;

/** `[dotted path, schema]` of every property whose name says it holds a link, at any depth. */
function linkFields(schema: unknown, path = ''): Array<[string, SchemaNode]> {
  const node = schema as SchemaNode;
  const found: Array<[string, SchemaNode]> = [];
  for (const [key, member] of Object.entries(node.properties ?? {})) {
    const at = path === '' ? key : `${path}.${key}`;
    if (LINK_NAME.test(key)) found.push([at, member]);
    found.push(...linkFields(member, at));
  }
  for (const member of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.items ? [node.items] : [])])
    found.push(...linkFields(member, path));
  return found;
}

/** The string schemas a value of this schema may match, through nullable unions and arrays. */
function stringsOf(schema: SchemaNode): SchemaNode[] {
  if (schema.type === 'string') return [schema];
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])].flatMap(stringsOf);
}
