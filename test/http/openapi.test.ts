import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_FORMATS } from '../../src/core/validation.js';
import { openApiOptions } from '../../src/http/openapi.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('API reference', () => {
  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = doc.paths['/api/v1/operations/warehouses'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'search', 'sort_by']),
    );
    const perPage = list.parameters.find((p: { name: string }) => p.name === 'per_page');
    expect(perPage.schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422']));
    const create = doc.paths['/api/v1/operations/warehouses'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name', 'code']);
    expect(doc.paths['/api/v1/operations/warehouses/{id}'].put).toBeDefined();
    // Probes and the document itself stay out of the reference.
    expect(doc.paths['/health']).toBeUndefined();
    expect(doc.paths['/metrics']).toBeUndefined();
  });

  it('serves a reference page at /docs with its script bundled, no CDN', async () => {
    const redirect = await t.app.inject({ url: '/docs' });
    expect([301, 302]).toContain(redirect.statusCode);
    const page = await t.app.inject({ url: redirect.headers.location ?? '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Quartermaster API reference</title>');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/v1/openapi.json');
    const src = /<script[^>]+src="([^"]+)"/.exec(page.body)?.[1];
    expect(src).toBeDefined();
    expect(src).not.toMatch(/^https?:/);
    const script = await t.app.inject({ url: new URL(src!, 'http://localhost/docs/').pathname });
    expect(script.statusCode).toBe(200);
    expect(script.body.length).toBeGreaterThan(100_000);
  });
});

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  examples?: unknown[];
};
interface Media {
  schema?: Schema;
  example?: unknown;
  encoding?: Record<string, { contentType?: string }>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Every operation of the document, named `METHOD /path`. */
function operationsOf(doc: Document): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      item[method]!,
    ]),
  );
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const isScalar = (schema: Schema) =>
  (typeof schema.type === 'string' && SCALAR_TYPES.has(schema.type)) ||
  (Array.isArray(schema.type) && schema.type.every((type) => SCALAR_TYPES.has(type as string)));
/** A property of an envelope that names its schema: a reference, a list of references, or a plain value. */
const isNamedOrScalar = (schema: Schema) =>
  schema.$ref !== undefined || (schema.type === 'array' && schema.items?.$ref !== undefined) || isScalar(schema);

describe('OpenAPI document as a contract', () => {
  let doc: Document;
  beforeAll(async () => {
    doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
  });

  it('gives every operation a unique camelCase operationId', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(([, operation]) => operation.operationId === undefined).map(([name]) => name)).toEqual([]);
    const ids = operations.map(([, operation]) => operation.operationId!);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const idOf = (path: string, method: string) => doc.paths[`/api/v1${path}`]?.[method]?.operationId;
    expect(idOf('/operations/products', 'get')).toBe('listProducts');
    expect(idOf('/operations/products', 'post')).toBe('createProduct');
    expect(idOf('/operations/products/{id}', 'get')).toBe('getProduct');
    expect(idOf('/operations/products/{id}', 'patch')).toBe('updateProduct');
    expect(idOf('/operations/products/{id}', 'put')).toBe('updateProductWithPut');
    expect(idOf('/operations/inventory/adjust', 'post')).toBe('adjustInventory');
    expect(idOf('/operations/purchase-orders/{id}/receive', 'post')).toBe('receivePurchaseOrder');
    expect(idOf('/operations/purchase-orders/{id}/documents', 'get')).toBe('listPurchaseOrderDocuments');
  });

  it('names every resource and error body under components.schemas and answers them by reference', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        'Product',
        'PurchaseOrder',
        'PurchaseOrderItem',
        'Supplier',
        'Warehouse',
        'InventoryRecord',
        'StockMovement',
        'Error',
        'NotFoundError',
        'ValidationError',
        'PageMeta',
        'PageLinks',
      ]),
    );
    expect(names.filter((name) => !/^[A-Z][A-Za-z0-9]*$/.test(name))).toEqual([]);

    // Each JSON answer is a named schema, or an envelope whose every member is a named schema, a list of one, or a
    // plain value: no resource is spelled out inside an operation.
    const inline: string[] = [];
    for (const [name, operation] of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const answer = response.content?.['application/json']?.schema;
        if (answer === undefined || answer.$ref !== undefined) continue;
        // A list walked by `after` answers one of two envelopes (pages by number, or by cursor): each is held to it.
        for (const schema of answer.anyOf ?? [answer]) {
          if (schema.properties?.success === undefined) inline.push(`${name} ${status}`);
          for (const [member, memberSchema] of Object.entries(schema.properties ?? {})) {
            if (!isNamedOrScalar(memberSchema)) inline.push(`${name} ${status} ${member}`);
          }
        }
      }
    }
    expect(inline).toEqual([]);

    const product = doc.paths['/api/v1/operations/products/{id}']!.get!;
    const json = (status: string) => product.responses[status]!.content!['application/json']!.schema;
    expect(json('200')!.properties!.data).toEqual({ $ref: '#/components/schemas/Product' });
    expect(json('401')).toEqual({ $ref: '#/components/schemas/Error' });
    expect(json('404')).toEqual({ $ref: '#/components/schemas/NotFoundError' });
    expect(json('422')).toEqual({ $ref: '#/components/schemas/ValidationError' });
    const list = doc.paths['/api/v1/operations/products']!.get!.responses['200']!.content!['application/json']!.schema!;
    // The page-numbered answer, or the keyset walk's (`after`).
    expect(list.anyOf?.map((answer) => answer.properties)).toMatchObject([
      {
        data: { type: 'array', items: { $ref: '#/components/schemas/Product' } },
        meta: { $ref: '#/components/schemas/PageMeta' },
        links: { $ref: '#/components/schemas/PageLinks' },
      },
      {
        data: { type: 'array', items: { $ref: '#/components/schemas/Product' } },
        meta: { $ref: '#/components/schemas/KeysetMeta' },
        links: { $ref: '#/components/schemas/KeysetLinks' },
      },
    ]);
  });

  it('gives every named schema and every JSON request body an example that fits its schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const [name, { validate }] of Object.entries(LINK_FORMATS)) ajv.addFormat(name, validate);
    ajv.addSchema({ $id: 'urn:quartermaster:openapi', components: doc.components });
    const misfits: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (!Array.isArray(schema.examples) || schema.examples.length === 0) {
        misfits.push(`${name}: no example`);
        continue;
      }
      const validate = ajv.compile({ $ref: `urn:quartermaster:openapi#/components/schemas/${name}` });
      for (const example of schema.examples) {
        if (!validate(example)) misfits.push(`${name}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    for (const [name, operation] of operationsOf(doc)) {
      const media = operation.requestBody?.content['application/json'];
      if (media === undefined) continue;
      if (media.example === undefined) {
        misfits.push(`${name}: no request body example`);
        continue;
      }
      const validate = ajv.compile(media.schema!);
      if (!validate(media.example)) misfits.push(`${name} body: ${ajv.errorsText(validate.errors)}`);
    }
    expect(misfits).toEqual([]);
  });

  it('lists no parameter with a default as required: a client may leave it out', () => {
    const defaulted = operationsOf(doc).flatMap(([name, operation]) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.schema?.default !== undefined)
        .map((parameter) => ({ at: `${name} ${parameter.name}`, required: parameter.required ?? false })),
    );
    expect(defaulted.length).toBeGreaterThan(60);
    expect(defaulted.filter(({ required }) => required).map(({ at }) => at)).toEqual([]);
    const products = doc.paths['/api/v1/operations/products']!.get!.parameters!;
    for (const name of ['page', 'per_page', 'sort_by', 'sort_direction']) {
      expect(products.find((parameter) => parameter.name === name)).toMatchObject({ in: 'query', required: false });
    }
  });

  it('describes each multipart upload as an object of plainly named parts, lists and objects with their encoding', () => {
    const uploads = operationsOf(doc).flatMap(([name, operation]) => {
      const media = operation.requestBody?.content['multipart/form-data'];
      return media === undefined ? [] : [{ name, media }];
    });
    expect(uploads.map(({ name }) => name).sort()).toEqual([
      'POST /api/v1/operations/imports',
      'POST /api/v1/operations/products/{id}/documents',
      'POST /api/v1/operations/purchase-orders/{id}/documents',
      'POST /api/v1/operations/suppliers/{id}/documents',
      'POST /api/v1/operations/suppliers/{id}/documents/{documentId}/renew',
    ]);
    const misfits: string[] = [];
    for (const { name, media } of uploads) {
      const schema = media.schema!;
      if (schema.type !== 'object') misfits.push(`${name}: type ${String(schema.type)}`);
      if (schema.properties?.file?.format !== 'binary') misfits.push(`${name}: no binary file part`);
      for (const [part, partSchema] of Object.entries(schema.properties ?? {})) {
        if (!/^[a-z_]+$/.test(part)) misfits.push(`${name}: part ${part}`);
        const expected =
          partSchema.type === 'array' ? 'text/plain' : partSchema.type === 'object' ? 'application/json' : undefined;
        if (media.encoding?.[part]?.contentType !== expected)
          misfits.push(`${name}: ${part} encoded as ${String(media.encoding?.[part]?.contentType)}`);
      }
    }
    expect(misfits).toEqual([]);
    const upload =
      doc.paths['/api/v1/operations/products/{id}/documents']!.post!.requestBody!.content['multipart/form-data']!
        .schema!;
    expect(upload.required).toEqual(['file', 'type']);
    expect(upload.properties!.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(upload.properties!.metadata).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
  });

  it('lists the public URL as its server, or / when none is set', () => {
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(openApiOptions({ publicUrl: 'https://ops.example.com/qm' }).openapi?.servers).toEqual([
      { url: 'https://ops.example.com/qm' },
    ]);
  });

  it('is a valid OpenAPI 3.1 document for a third-party validator', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
