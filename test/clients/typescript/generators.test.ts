// Clients generated from the OpenAPI document by two common generators (openapi-typescript with openapi-fetch, as the
// SDK is, and @hey-api/openapi-ts with its fetch client), compiled with `tsc --strict` and called against the app on
// a port of its own. A document that a generator misreads (a parameter with a default listed as required, a form
// that is no object) fails here as it would fail for a client's build.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient as generateHeyApiClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../helpers/document-fixtures.js';
import { makeProduct } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The calls each generated client makes, in its own words; compiled with the generated code. */
const CALLERS: Record<string, string> = {
  'openapi-typescript/calls.ts': `
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export async function listProductSkus(baseUrl: string, token: string): Promise<string[]> {
  const api = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const { data, error } = await api.GET('/api/v1/operations/products');
  if (data === undefined) throw new Error(JSON.stringify(error));
  return data.data.map((product) => product.sku);
}
`,
  'hey-api/calls.ts': `
import { createClient, createConfig } from './client/index.js';
import { listProducts, uploadProductDocument } from './sdk.gen.js';
import type { Document } from './types.gen.js';

const clientFor = (baseUrl: string, token: string) => createClient(createConfig({ baseUrl, headers: { authorization: \`Bearer \${token}\` } }));

export async function listProductSkus(baseUrl: string, token: string): Promise<string[]> {
  const { data, error } = await listProducts({ client: clientFor(baseUrl, token) });
  if (data === undefined) throw new Error(JSON.stringify(error));
  return data.data.map((product) => product.sku);
}

export async function uploadManual(baseUrl: string, token: string, productId: string, file: Blob): Promise<Document> {
  const { data, error } = await uploadProductDocument({
    client: clientFor(baseUrl, token),
    path: { id: productId },
    body: { file, type: 'manual', tags: ['manual', 'safety'], is_public: true, metadata: { language: 'en', revision: '3' } },
  });
  if (data === undefined) throw new Error(JSON.stringify(error));
  return data.data;
}
`,
};

interface OpenApiTypescriptCalls {
  listProductSkus(baseUrl: string, token: string): Promise<string[]>;
}
interface HeyApiCalls extends OpenApiTypescriptCalls {
  uploadManual(
    baseUrl: string,
    token: string,
    productId: string,
    file: Blob,
  ): Promise<{ id: string; tags: string[]; metadata: Record<string, string>; is_public: boolean }>;
}

/** Writes both clients and their callers under `directory`, which resolves packages from this repository. */
async function generateClients(document: OpenAPI3, directory: string): Promise<void> {
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(directory, 'node_modules'));
  fs.writeFileSync(path.join(directory, 'package.json'), JSON.stringify({ type: 'module' }));
  fs.writeFileSync(
    path.join(directory, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2023',
        module: 'nodenext',
        lib: ['es2023', 'dom'],
        types: [],
      },
      include: ['**/*.ts'],
    }),
  );
  fs.mkdirSync(path.join(directory, 'openapi-typescript'));
  fs.writeFileSync(
    path.join(directory, 'openapi-typescript/schema.ts'),
    astToString(await openapiTS(structuredClone(document))),
  );
  await generateHeyApiClient({
    input: structuredClone(document) as never,
    output: path.join(directory, 'hey-api'),
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent' },
  });
  for (const [file, text] of Object.entries(CALLERS)) fs.writeFileSync(path.join(directory, file), text);
}

/** The compiler's complaints, or '' when the generated clients and their callers compile. */
async function strictCompileErrors(directory: string): Promise<string> {
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '--strict', '-p', path.join(directory, 'tsconfig.json')], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('clients generated from the OpenAPI document', () => {
  let t: TestApp;
  let baseUrl: string;
  let directory: string;
  let compileErrors: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-generated-clients-'));
    await generateClients(t.app.swagger() as OpenAPI3, directory);
    compileErrors = await strictCompileErrors(directory);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('compile with tsc --strict, a list called without its optional parameters and an upload included', () => {
    expect(compileErrors).toBe('');
  });

  /** A new product of the tenant: its id and SKU. */
  async function newProduct(): Promise<{ id: string; sku: string }> {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    return t.database.db.selectFrom('products').select(['id', 'sku']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  it('list products through openapi-typescript and openapi-fetch', async () => {
    const { sku } = await newProduct();
    const calls = (await import(path.join(directory, 'openapi-typescript/calls.ts'))) as OpenApiTypescriptCalls;
    expect(await calls.listProductSkus(baseUrl, t.token)).toContain(sku);
  });

  it('list products and upload a document through @hey-api/openapi-ts', async () => {
    const { id: product, sku } = await newProduct();
    const calls = (await import(path.join(directory, 'hey-api/calls.ts'))) as HeyApiCalls;
    expect(await calls.listProductSkus(baseUrl, t.token)).toContain(sku);

    const document = await calls.uploadManual(
      baseUrl,
      t.token,
      product,
      new Blob([new Uint8Array(pdfBytes())], { type: 'application/pdf' }),
    );
    expect(document).toMatchObject({
      tags: ['manual', 'safety'],
      is_public: true,
      metadata: { language: 'en', revision: '3' },
    });
    const stored = await t.app.inject({
      url: `/api/v1/operations/products/${product}/documents/${document.id}`,
      headers: t.auth,
    });
    expect(stored.json().data).toMatchObject({
      tags: ['manual', 'safety'],
      metadata: { language: 'en', revision: '3' },
    });
  });
});
