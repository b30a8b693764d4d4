// Uploads and renewals whose multipart body cannot be read: a missing or unusable boundary, a body that is not
// multipart at all, a form cut off before its closing boundary. Each is a 400 naming the problem, never a 500,
// and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../helpers/document-fixtures.js';
import { makeProduct } from '../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { documentsUrl, upload } from './document-helpers.js';

const BAD_BOUNDARY = {
  success: false,
  code: 'bad_request',
  message: 'The multipart/form-data Content-Type needs a valid boundary parameter.',
};
const BAD_BODY = {
  success: false,
  code: 'bad_request',
  message:
    'The multipart/form-data body is malformed: it is not divided by its boundary or ends before the closing boundary.',
};

const part = (boundary: string, headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}`;
const textField = (boundary: string, name: string, value: string) =>
  part(boundary, `Content-Disposition: form-data; name="${name}"`, value);
const filePart = (boundary: string, content: string) =>
  part(
    boundary,
    'Content-Disposition: form-data; name="file"; filename="spec.pdf"\r\nContent-Type: application/pdf',
    content,
  );

const CASES: Array<[string, string, string, object]> = [
  ['a boundary and a body of garbage', 'multipart/form-data; boundary=X', 'garbage', BAD_BODY],
  ['no boundary', 'multipart/form-data', 'garbage', BAD_BOUNDARY],
  // The parser takes an empty boundary as given, then finds no delimiter in the body.
  ['an empty boundary', 'multipart/form-data; boundary=', 'garbage', BAD_BODY],
  ['a boundary of 300 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'garbage', BAD_BOUNDARY],
  [
    'a text field cut off before the closing boundary',
    'multipart/form-data; boundary=X',
    `${textField('X', 'type', 'specification')}\r\n--X`,
    BAD_BODY,
  ],
  [
    'a file cut off before the closing boundary',
    'multipart/form-data; boundary=X',
    `${textField('X', 'type', 'specification')}\r\n${filePart('X', '%PDF-1.4 and then nothing')}`,
    BAD_BODY,
  ],
];

describe('malformed multipart bodies', () => {
  let t: TestApp;
  let productId: string;
  let supplierId: string;
  let contractId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    productId = await makeProduct(t.database.db, t.tenant.tenantId);
    const supplier = await jsonCaller(t.app, t.auth)('POST', '/api/v1/operations/suppliers', {
      name: 'Multipart Supplier',
      code: 'MP-SUP',
      email: 'legal@supplier.test',
    });
    expect(supplier.statusCode, supplier.body).toBe(201);
    supplierId = supplier.json().data.id;
    const contract = await upload(t.app, t.auth, 'suppliers', supplierId, {
      type: 'contract',
      file: pdfBytes(),
      filename: 'contract.pdf',
    });
    expect(contract.statusCode, contract.body).toBe(201);
    contractId = contract.json().data.id;
  });
  afterAll(() => t.close());

  const documentCount = async () => {
    const row = await t.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', t.tenant.tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  const targets = () => [
    ['upload', documentsUrl('products', productId)],
    ['renewal', documentsUrl('suppliers', supplierId, `/${contractId}/renew`)],
  ];

  describe.each(CASES)('%s', (_name, contentType, body, expected) => {
    it('answers 400 with the reason on upload and renewal, and stores nothing', async () => {
      const before = await documentCount();
      for (const [what, url] of targets()) {
        const res = await t.app.inject({
          method: 'POST',
          url: url!,
          headers: { ...t.auth, 'content-type': contentType },
          payload: body,
        });
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        expect(res.json(), what).toEqual(expected);
      }
      expect(await documentCount()).toBe(before);
      const contract = await t.app.inject({
        url: documentsUrl('suppliers', supplierId, `/${contractId}`),
        headers: t.auth,
      });
      expect(contract.json().data).toMatchObject({ status: 'active', renewed_by_id: null });
    });
  });

  it('still takes a well-formed form with a quoted boundary', async () => {
    const boundary = 'quoted boundary';
    const body = `${textField(boundary, 'type', 'specification')}\r\n${filePart(boundary, pdfBytes().toString('latin1'))}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: documentsUrl('products', productId),
      headers: { ...t.auth, 'content-type': `multipart/form-data; boundary="${boundary}"` },
      payload: Buffer.from(body, 'latin1'),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
