// docs/errors.md catalogues every `code` an error body can carry: it, src/http/error-codes.ts and
// src/core/rule-codes.ts name the same codes, every code a service throws is written out in its throw and
// catalogued, and a few representative refusals answer their codes over HTTP.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_CODES } from '../../src/core/rule-codes.js';
import { GENERIC_CODES, codeForStatus } from '../../src/http/error-codes.js';
import { purchaseOps, ORDERS } from '../purchasing/purchase-order-helpers.js';
import { jsonCaller, buildTestApp, type TestApp } from '../helpers/test-app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The list of rule codes, left out of the search for the codes in use. */
const CODES_FILE = path.join('src', 'core', 'rule-codes.ts');

/** `| \`code\` | status |` rows of docs/errors.md's tables. */
function documentedCodes(): Array<{ code: string; status: number }> {
  const doc = readFileSync(path.join(ROOT, 'docs', 'errors.md'), 'utf8');
  return [...doc.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => ({ code: m[1]!, status: Number(m[2]) }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

const sources = sourceFiles('src')
  .filter((file) => file !== CODES_FILE)
  .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

describe('the error code catalogue', () => {
  const documented = documentedCodes();
  const all = [...Object.values(GENERIC_CODES), ...RULE_CODES];

  it('docs/errors.md lists every code once, and no other', () => {
    const codes = documented.map((row) => row.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...all].sort());
  });

  it('documents each generic code under its own status', () => {
    for (const [status, code] of Object.entries(GENERIC_CODES)) {
      expect(documented.find((row) => row.code === code)?.status, code).toBe(Number(status));
    }
  });

  it('documents each rule code as a 409 or a 422', () => {
    for (const code of RULE_CODES)
      expect([409, 422], code).toContain(documented.find((row) => row.code === code)?.status);
  });

  it('every business-rule and conflict error in src names its code as a literal of the catalogue', () => {
    const thrown: string[] = [];
    for (const { file, text } of sources) {
      const constructions = [...text.matchAll(/new (?:BusinessRuleError|ConflictError)\(/g)].length;
      const named = [...text.matchAll(/new (?:BusinessRuleError|ConflictError)\(\s*'([a-z_]+)'/g)].map((m) => m[1]!);
      expect(named.length, `${file}: a BusinessRuleError or ConflictError without a literal code`).toBe(constructions);
      thrown.push(...named);
    }
    expect(thrown.length).toBeGreaterThan(30);
    expect([...new Set(thrown)].filter((code) => !(RULE_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('every rule code is used somewhere in src', () => {
    const unused = RULE_CODES.filter((code) => !sources.some(({ text }) => text.includes(`'${code}'`)));
    expect(unused).toEqual([]);
  });

  it('gives a status without its own code the nearest generic one', () => {
    expect(codeForStatus(404)).toBe('not_found');
    expect(codeForStatus(406)).toBe('bad_request');
    expect(codeForStatus(502)).toBe('server_error');
  });
});

describe('rule codes over HTTP', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  let sequence = 0;
  async function product(): Promise<string> {
    const res = await call('POST', '/api/v1/operations/products', {
      name: 'Cordless drill',
      sku: `DRL-CODES-${++sequence}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }

  it('insufficient_stock: an adjustment below zero', async () => {
    const id = await product();
    const res = await call('POST', '/api/v1/operations/inventory/adjust', {
      product_id: id,
      quantity: -2,
      reason: 'Broken',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      message: 'Stock cannot be negative. Current: 0, Adjustment: -2',
      code: 'insufficient_stock',
    });
  });

  it('holds_stock: deleting a product with stock on hand', async () => {
    const id = await product();
    expect(
      (await call('POST', '/api/v1/operations/inventory/adjust', { product_id: id, quantity: 3, reason: 'Found' }))
        .statusCode,
    ).toBe(200);
    const res = await call('DELETE', `/api/v1/operations/products/${id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'holds_stock' });
  });

  it('invalid_transition: deactivating a supplier that is inactive already', async () => {
    const o = purchaseOps(t);
    const supplierId = await o.supplier('inactive');
    const res = await call('POST', `/api/v1/operations/suppliers/${supplierId}/deactivate`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      message: 'Cannot deactivate a supplier whose status is inactive; only active suppliers can be deactivated.',
      code: 'invalid_transition',
    });
  });

  it('supplier_not_orderable: an order for a suspended supplier, with the field error as well', async () => {
    const o = purchaseOps(t);
    const res = await call('POST', ORDERS, {
      supplier_id: await o.supplier('suspended'),
      warehouse_id: t.tenant.defaultWarehouseId,
      items: [{ product_id: await o.product(), quantity: 1, unit_price: 1 }],
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      message: 'The given data was invalid.',
      code: 'supplier_not_orderable',
    });
    expect(body.errors.supplier_id[0]).toContain('status is suspended');
  });

  it('validation_failed: invalid data, not a rule', async () => {
    const res = await call('POST', ORDERS, { warehouse_id: t.tenant.defaultWarehouseId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      errors: { supplier_id: ['The supplier id field is required.'] },
    });
  });
});
