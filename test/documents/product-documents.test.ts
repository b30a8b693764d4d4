// Product documents over HTTP: the owner's tags, 10 MB limit and formats (decided by the bytes, never the name
// or declared type), the form's fields, downloads, list filters, edits, soft delete, tenants and abilities.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DOCUMENT_OWNERS } from '../../src/modules/documents/document-owners.js';
import {
  docBytes,
  docxBytes,
  gifBytes,
  htmlBytes,
  jpegBytes,
  paddedPdf,
  pdfBytes,
  pngBytes,
  randomBytes,
  textBytes,
  webpBytes,
  xlsxBytes,
  zipBytes,
} from '../helpers/document-fixtures.js';
import { bearer, makeProduct, makeTenantWithToken, makeToken, makeUser } from '../helpers/factories.js';
import { signedInClient } from '../helpers/session-client.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { documentForm, documentsUrl, upload, type UploadInput } from './document-helpers.js';

const MB = 1024 * 1024;
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
const PRODUCT_TAGS = DOCUMENT_OWNERS.product.allowedTags;
const EDIT = 'operations:edit-products';
const WORD_DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Auth = Record<string, string>;

const forbidden = (ability: string) => ({
  success: false,
  code: 'forbidden',
  message: `This action requires the ability ${ability}.`,
});
const notFound = (label: string) => ({
  success: false,
  code: 'not_found',
  message: `${label} not found.`,
  data: null,
  meta: {},
});

/** Every file path under `directory`, relative to it; empty when the directory does not exist. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

describe('product documents', () => {
  let t: TestApp;
  let storageRoot: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const storage = t.config.documentStorage;
    if (storage.kind !== 'local') throw new Error('these tests read the local document storage');
    storageRoot = storage.directory;
  });
  afterAll(() => t.close());

  const product = (tenantId = t.tenant.tenantId) => makeProduct(t.database.db, tenantId);
  const url = (productId: string, rest = '') => documentsUrl('products', productId, rest);
  const send = (productId: string, input: UploadInput, auth: Auth = t.auth) =>
    upload(t.app, auth, 'products', productId, input);
  const call = (auth: Auth = t.auth) => jsonCaller(t.app, auth);
  const pdf = (extra: UploadInput = {}): UploadInput => ({
    file: pdfBytes(),
    filename: 'spec.pdf',
    declaredType: 'application/pdf',
    type: 'specification',
    ...extra,
  });

  async function created(productId: string, input: UploadInput = pdf(), auth: Auth = t.auth) {
    const res = await send(productId, input, auth);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Record<string, unknown> & { id: string };
  }

  async function fieldErrors(res: LightMyRequestResponse): Promise<Record<string, string[]>> {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().success).toBe(false);
    return res.json().errors;
  }

  const documentRow = (id: string) =>
    t.database.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  const documentCount = async (productId: string) => {
    const row = await t.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', productId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  describe('upload', () => {
    it('stores a PDF with its fields and answers the document', async () => {
      const productId = await product();
      const res = await send(
        productId,
        pdf({ tags: ['manual'], fields: { name: 'Installation guide', description: 'Read first' } }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: 'Document uploaded successfully' });
      const document = res.json().data;
      expect(document).toMatchObject({
        owner_type: 'product',
        owner_id: productId,
        type: 'specification',
        name: 'Installation guide',
        description: 'Read first',
        tags: ['manual'],
        is_public: false,
        is_sensitive: false,
        expires_at: null,
        is_expired: false,
        metadata: {},
        file_name: 'spec.pdf',
        mime_type: 'application/pdf',
        extension: 'pdf',
        size_bytes: pdfBytes().length,
        checksum_sha256: createHash('sha256').update(pdfBytes()).digest('hex'),
        status: 'active',
        uploaded_by: t.tenant.adminId,
        download_url: `/api/v1/operations/products/${productId}/documents/${document.id}/download`,
      });
    });

    it('names the document after its file when no name is sent', async () => {
      const document = await created(await product(), pdf({ filename: 'datasheet-v2.pdf' }));
      expect(document.name).toBe('datasheet-v2.pdf');
    });

    it('accepts every allowed tag in one upload', async () => {
      const document = await created(await product(), pdf({ tags: [...PRODUCT_TAGS] }));
      expect(document.tags).toEqual(PRODUCT_TAGS);
      expect(PRODUCT_TAGS).toHaveLength(11);
    });

    it('refuses a tag outside the allowed list, naming the list', async () => {
      const productId = await product();
      const errors = await fieldErrors(await send(productId, pdf({ tags: ['manual', 'contract'] })));
      expect(Object.keys(errors)).toEqual(['tags.1']);
      expect(errors['tags.1']![0]).toContain('"contract"');
      expect(errors['tags.1']![0]).toContain(`Allowed: ${PRODUCT_TAGS.join(', ')}.`);
      expect(await documentCount(productId)).toBe(0);
    });

    it('refuses missing fields, an empty file and more than one file', async () => {
      const productId = await product();
      expect(await fieldErrors(await send(productId, { type: 'manual' }))).toHaveProperty('file');
      expect(await fieldErrors(await send(productId, { file: pdfBytes(), filename: 'a.pdf' }))).toHaveProperty('type');
      expect(await fieldErrors(await send(productId, pdf({ file: Buffer.alloc(0) })))).toEqual({
        file: ['The file must not be empty.'],
      });

      const twoFiles = documentForm(pdf());
      twoFiles.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'second.png');
      const res = await t.app.inject({ method: 'POST', url: url(productId), headers: t.auth, payload: twoFiles });
      expect(await fieldErrors(res)).toHaveProperty('file');
      expect(await documentCount(productId)).toBe(0);
    });

    it('refuses a file sent under another field name', async () => {
      const productId = await product();
      const form = documentForm({ type: 'manual' });
      form.append('attachment', new Blob([pdfBytes()], { type: 'application/pdf' }), 'a.pdf');
      const res = await t.app.inject({ method: 'POST', url: url(productId), headers: t.auth, payload: form });
      expect(await fieldErrors(res)).toHaveProperty('attachment');
    });

    it('answers 415 to a JSON body', async () => {
      const res = await call()('POST', url(await product()), { type: 'manual', file: 'JVBERi0xLjQ=' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('multipart/form-data') });
    });

    it('answers 404 for an unknown product and for another tenant’s product', async () => {
      const unknown = await send(MISSING_ID, pdf());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(notFound('Product'));

      const other = await makeTenantWithToken(t.services);
      const theirs = await product(other.tenant.tenantId);
      const res = await send(theirs, pdf());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound('Product'));
      expect(await documentCount(theirs)).toBe(0);
    });

    it('refuses a name longer than 255 characters', async () => {
      const errors = await fieldErrors(await send(await product(), pdf({ fields: { name: 'n'.repeat(256) } })));
      expect(errors).toHaveProperty('name');
    });
  });

  describe('size limit', () => {
    it('accepts a file of exactly 10 MB', async () => {
      const document = await created(await product(), pdf({ file: paddedPdf(10 * MB), filename: 'big.pdf' }));
      expect(document).toMatchObject({ size_bytes: 10 * MB, mime_type: 'application/pdf' });
    });

    it('refuses 10 MB + 1 byte with 413 and leaves no row, stored file or temporary file', async () => {
      // A private temp directory makes "no upload temp file left" exact, whatever other suites do meanwhile.
      const privateTmp = await mkdtemp(path.join(os.tmpdir(), 'qm-product-upload-'));
      vi.stubEnv('TMPDIR', privateTmp);
      try {
        expect(os.tmpdir()).toBe(privateTmp);
        const { tenant, auth } = await makeTenantWithToken(t.services);
        const productId = await product(tenant.tenantId);
        const res = await send(productId, pdf({ file: paddedPdf(10 * MB + 1) }), auth);
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({
          success: false,
          code: 'payload_too_large',
          message: 'The file may not be greater than 10 MB.',
        });
        expect(await documentCount(productId)).toBe(0);
        expect(await filesUnder(path.join(storageRoot, tenant.tenantId))).toEqual([]);
        expect((await readdir(privateTmp)).filter((name) => name.startsWith('quartermaster-upload-'))).toEqual([]);
      } finally {
        vi.unstubAllEnvs();
        await rm(privateTmp, { recursive: true, force: true });
      }
    });
  });

  describe('formats', () => {
    const accepted: Array<[string, () => Buffer, string, string]> = [
      ['JPEG', jpegBytes, 'photo.jpg', 'image/jpeg'],
      ['PNG', pngBytes, 'photo.png', 'image/png'],
      ['GIF', gifBytes, 'anim.gif', 'image/gif'],
      ['WebP', webpBytes, 'photo.webp', 'image/webp'],
      ['PDF', pdfBytes, 'spec.pdf', 'application/pdf'],
      ['Word 97', docBytes, 'manual.doc', 'application/msword'],
      ['Word 2007', docxBytes, 'manual.docx', WORD_DOCX],
    ];

    it.each(accepted)('accepts %s as its detected type', async (_label, bytes, filename, mimeType) => {
      const document = await created(await product(), { file: bytes(), filename, type: 'image' });
      expect(document).toMatchObject({ mime_type: mimeType, file_name: filename, size_bytes: bytes().length });
    });

    const refused: Array<[string, () => Buffer, string, string]> = [
      ['a zip archive', zipBytes, 'archive.zip', 'application/zip'],
      [
        'an Excel workbook',
        xlsxBytes,
        'sheet.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['plain text', textBytes, 'notes.txt', 'text/plain'],
      ['HTML named .pdf and declared a PDF', htmlBytes, 'invoice.pdf', 'application/pdf'],
      ['random bytes', () => randomBytes(4096), 'blob.pdf', 'application/pdf'],
    ];

    it.each(refused)('refuses %s', async (_label, bytes, filename, declaredType) => {
      const productId = await product();
      const errors = await fieldErrors(
        await send(productId, { file: bytes(), filename, declaredType, type: 'manual' }),
      );
      expect(Object.keys(errors)).toEqual(['file']);
      expect(errors.file![0]).toMatch(/^The file must be one of: JPEG, PNG, GIF, WebP, PDF, Word; its content is /);
      expect(await documentCount(productId)).toBe(0);
    });

    it('trusts the bytes over the name and declared type: a PNG named .pdf is a PNG', async () => {
      const document = await created(await product(), {
        file: pngBytes(),
        filename: 'scan.pdf',
        declaredType: 'application/pdf',
        type: 'image',
      });
      expect(document).toMatchObject({ mime_type: 'image/png', extension: 'png', file_name: 'scan.pdf' });
    });
  });

  describe('download', () => {
    const download = (productId: string, documentId: string, auth: Auth = t.auth) =>
      call(auth)('GET', url(productId, `/${documentId}/download`));

    it('serves the stored bytes with their type, length, name and checksum', async () => {
      const productId = await product();
      const bytes = docxBytes();
      const document = await created(productId, { file: bytes, filename: 'manual.docx', type: 'manual' });
      const res = await download(productId, document.id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe(WORD_DOCX);
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers['content-disposition']).toBe('attachment; filename="manual.docx"');
      expect(res.headers.etag).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    });

    it('gives a non-ASCII file name in the RFC 5987 form', async () => {
      const productId = await product();
      const document = await created(productId, pdf({ filename: 'Ångström spec.pdf' }));
      expect(document.file_name).toBe('Ångström spec.pdf');
      const disposition = (await download(productId, document.id)).headers['content-disposition'];
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
      expect(disposition).toContain("filename*=UTF-8''%C3%85ngstr%C3%B6m%20spec.pdf");
    });

    it('keeps only the base of a path-like file name and stores under ids only', async () => {
      const productId = await product();
      const document = await created(productId, pdf({ filename: '../../etc/passwd.pdf' }));
      expect(document.file_name).toBe('passwd.pdf');
      const row = await documentRow(document.id);
      expect(row!.storage_key).toBe(`${t.tenant.tenantId}/product/${document.id}`);
      const stored = await filesUnder(path.join(storageRoot, t.tenant.tenantId));
      expect(stored).toContain(path.join('product', document.id));
      expect(stored.some((file) => file.includes('passwd') || file.includes('..'))).toBe(false);
      expect((await stat(path.join(storageRoot, t.tenant.tenantId, 'product', document.id))).size).toBe(
        pdfBytes().length,
      );
      expect((await download(productId, document.id)).headers['content-disposition']).toBe(
        'attachment; filename="passwd.pdf"',
      );
    });
  });

  describe('form fields', () => {
    it('round-trips metadata', async () => {
      const metadata = { display_order: '2', alt_text: 'Front view', 'revision.date': '2026-01-15', language: 'fr-CA' };
      const productId = await product();
      const document = await created(productId, pdf({ metadata }));
      expect(document.metadata).toEqual(metadata);
      expect((await call()('GET', url(productId, `/${document.id}`))).json().data.metadata).toEqual(metadata);
    });

    it('takes metadata as one JSON part and tags as repeated parts, as the OpenAPI document describes them', async () => {
      const metadata = { alt_text: 'Front view', language: 'fr-CA' };
      const productId = await product();
      const document = await created(
        productId,
        pdf({ fields: { metadata: JSON.stringify(metadata) }, repeatedTags: ['manual', 'safety'] }),
      );
      expect(document.metadata).toEqual(metadata);
      expect(document.tags).toEqual(['manual', 'safety']);
    });

    it.each(['["front"]', '"front"', 'null', '{"alt_text":'])(
      'refuses the metadata part %s, which is no JSON object',
      async (text) => {
        const productId = await product();
        const errors = await fieldErrors(await send(productId, pdf({ fields: { metadata: text } })));
        expect(errors).toEqual({
          metadata: ['The metadata field must be a JSON object, or be sent as one metadata[key] field per key.'],
        });
        expect(await documentCount(productId)).toBe(0);
      },
    );

    it('refuses a key of a JSON metadata part as it refuses a metadata[key] field', async () => {
      const productId = await product();
      const errors = await fieldErrors(
        await send(productId, pdf({ fields: { metadata: '{"__proto__":"x","bad key!":"y"}' } })),
      );
      expect(Object.keys(errors).sort()).toEqual(['metadata.__proto__', 'metadata.bad key!']);
      expect(await documentCount(productId)).toBe(0);
    });

    it.each(['__proto__', 'bad key!'])('refuses the metadata key %j', async (key) => {
      const productId = await product();
      const errors = await fieldErrors(await send(productId, pdf({ metadata: { [key]: 'x' } })));
      expect(Object.keys(errors)).toEqual([`metadata.${key}`]);
      expect(await documentCount(productId)).toBe(0);
    });

    it.each([
      ['1', true],
      ['true', true],
      ['false', false],
      ['0', false],
    ])('reads is_public %j as %s', async (value, expected) => {
      const document = await created(await product(), pdf({ fields: { is_public: value } }));
      expect(document.is_public).toBe(expected);
    });

    it('refuses an is_public that is no boolean', async () => {
      expect(await fieldErrors(await send(await product(), pdf({ fields: { is_public: 'maybe' } })))).toHaveProperty(
        'is_public',
      );
    });

    it('takes expires_at as a date (start of day, UTC) or a date-time', async () => {
      const productId = await product();
      const byDate = await created(productId, pdf({ fields: { expires_at: '2031-05-20' } }));
      expect(Date.parse(byDate.expires_at as string)).toBe(Date.parse('2031-05-20T00:00:00Z'));
      expect(byDate.is_expired).toBe(false);
      const byTime = await created(productId, pdf({ fields: { expires_at: '2031-05-20T14:30:00+02:00' } }));
      expect(Date.parse(byTime.expires_at as string)).toBe(Date.parse('2031-05-20T12:30:00Z'));
      const past = await created(productId, pdf({ fields: { expires_at: '2020-01-01' } }));
      expect(past.is_expired).toBe(true);
      expect(await fieldErrors(await send(productId, pdf({ fields: { expires_at: 'next tuesday' } })))).toHaveProperty(
        'expires_at',
      );
    });
  });

  describe('list', () => {
    it('filters by type and by tags (any of) as comma lists', async () => {
      const productId = await product();
      const manual = await created(productId, pdf({ type: 'manual', tags: ['manual', 'safety'] }));
      const image = await created(productId, {
        file: pngBytes(),
        filename: 'front.png',
        type: 'image',
        tags: ['gallery'],
      });
      const sheet = await created(productId, pdf({ type: 'datasheet', tags: ['datasheet'] }));
      const ids = async (query: string) => {
        const res = await call()('GET', url(productId, query));
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as Array<{ id: string }>).map((d) => d.id).sort();
      };
      expect(await ids('')).toEqual([manual.id, image.id, sheet.id].sort());
      expect(await ids('?type=manual,image')).toEqual([manual.id, image.id].sort());
      expect(await ids('?type=datasheet')).toEqual([sheet.id]);
      expect(await ids('?tags=gallery,safety')).toEqual([manual.id, image.id].sort());
      expect(await ids('?tags=warranty')).toEqual([]);
      expect(await ids('?type=manual,datasheet&tags=datasheet')).toEqual([sheet.id]);
    });

    it('pages with meta and links', async () => {
      const productId = await product();
      const uploaded = [];
      for (let i = 0; i < 3; i++) uploaded.push((await created(productId)).id);
      const first = await call()('GET', url(productId, '?per_page=2'));
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.data).toHaveLength(2);
      expect(body.meta).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
      expect(body.links.prev).toBeNull();
      expect(body.links.next).toContain(`${url(productId)}?per_page=2&page=2`);
      const second = (await call()('GET', url(productId, '?per_page=2&page=2'))).json();
      expect(second.data).toHaveLength(1);
      expect(second.links.next).toBeNull();
      const listed = [...body.data, ...second.data].map((d: { id: string }) => d.id);
      expect(listed.sort()).toEqual(uploaded.sort());
    });

    it('does not list another product’s documents', async () => {
      const [a, b] = [await product(), await product()];
      await created(a);
      expect((await call()('GET', url(b))).json().data).toEqual([]);
    });
  });

  describe('update', () => {
    it.each(['PATCH', 'PUT'] as const)('%s changes the fields it is sent and keeps the others', async (method) => {
      const productId = await product();
      const document = await created(
        productId,
        pdf({ tags: ['manual'], metadata: { version: '1' }, fields: { description: 'Old' } }),
      );
      const res = await call()(method, url(productId, `/${document.id}`), {
        name: 'Renamed',
        tags: ['warranty', 'compliance', 'warranty'],
        is_public: true,
        expires_at: '2032-02-02',
        metadata: { version: '2' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Document updated successfully');
      expect(res.json().data).toMatchObject({
        name: 'Renamed',
        description: 'Old',
        type: 'specification',
        tags: ['warranty', 'compliance'],
        is_public: true,
        metadata: { version: '2' },
        file_name: 'spec.pdf',
      });
      expect(Date.parse(res.json().data.expires_at)).toBe(Date.parse('2032-02-02T00:00:00Z'));

      const cleared = await call()(method, url(productId, `/${document.id}`), { description: null, expires_at: null });
      expect(cleared.json().data).toMatchObject({ description: null, expires_at: null, name: 'Renamed' });
    });

    it('refuses a tag outside the allowed list and changes nothing', async () => {
      const productId = await product();
      const document = await created(productId, pdf({ tags: ['manual'] }));
      const errors = await fieldErrors(
        await call()('PATCH', url(productId, `/${document.id}`), { name: 'Nope', tags: ['invoice'] }),
      );
      expect(errors['tags.0']![0]).toContain(`Allowed: ${PRODUCT_TAGS.join(', ')}.`);
      expect((await call()('GET', url(productId, `/${document.id}`))).json().data).toMatchObject({
        name: 'spec.pdf',
        tags: ['manual'],
      });
    });

    it('refuses a bad metadata key and a name too long', async () => {
      const productId = await product();
      const document = await created(productId);
      const patch = (body: object) => call()('PATCH', url(productId, `/${document.id}`), body);
      expect(Object.keys(await fieldErrors(await patch({ metadata: { 'bad key!': 'x' } })))).toEqual([
        'metadata.bad key!',
      ]);
      expect(await fieldErrors(await patch({ name: 'n'.repeat(256) }))).toHaveProperty('name');
    });
  });

  describe('delete', () => {
    it('hides the document from detail, download and list, and a second delete is 404', async () => {
      const productId = await product();
      const kept = await created(productId);
      const document = await created(productId);
      const res = await call()('DELETE', url(productId, `/${document.id}`));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Document deleted successfully', data: null });

      for (const rest of [`/${document.id}`, `/${document.id}/download`]) {
        const gone = await call()('GET', url(productId, rest));
        expect(gone.statusCode, rest).toBe(404);
        expect(gone.json()).toEqual(notFound('Document'));
      }
      expect((await call()('PATCH', url(productId, `/${document.id}`), { name: 'x' })).statusCode).toBe(404);
      expect((await call()('DELETE', url(productId, `/${document.id}`))).statusCode).toBe(404);
      expect((await call()('GET', url(productId))).json().data.map((d: { id: string }) => d.id)).toEqual([kept.id]);
      expect((await documentRow(document.id))!.deleted_at).not.toBeNull();
    });
  });

  describe('owners and tenants', () => {
    it('answers 404 for a document requested under another product of the tenant', async () => {
      const [a, b] = [await product(), await product()];
      const document = await created(a);
      const requests: Array<[method: 'GET' | 'PATCH' | 'DELETE', rest: string]> = [
        ['GET', `/${document.id}`],
        ['GET', `/${document.id}/download`],
        ['PATCH', `/${document.id}`],
        ['DELETE', `/${document.id}`],
      ];
      for (const [method, rest] of requests) {
        const res = await call()(method, url(b, rest), method === 'PATCH' ? { name: 'x' } : undefined);
        expect(res.statusCode, `${method} ${rest}`).toBe(404);
        expect(res.json()).toEqual(notFound('Document'));
      }
      expect((await call()('GET', url(a, `/${document.id}`))).json().data.name).toBe('spec.pdf');
    });

    it('answers 404 to another tenant on detail, download, update and delete', async () => {
      const productId = await product();
      const document = await created(productId);
      const other = await makeTenantWithToken(t.services);
      const theirProduct = await product(other.tenant.tenantId);
      const requests: Array<[method: 'GET' | 'PATCH' | 'PUT' | 'DELETE', rest: string]> = [
        ['GET', `/${document.id}`],
        ['GET', `/${document.id}/download`],
        ['PATCH', `/${document.id}`],
        ['PUT', `/${document.id}`],
        ['DELETE', `/${document.id}`],
      ];
      for (const [method, rest] of requests) {
        const body = method === 'PATCH' || method === 'PUT' ? { name: 'stolen' } : undefined;
        const viaOurProduct = await call(other.auth)(method, url(productId, rest), body);
        expect(viaOurProduct.statusCode, `${method} ${rest}`).toBe(404);
        expect(viaOurProduct.json()).toEqual(notFound('Product'));
        const viaTheirProduct = await call(other.auth)(method, url(theirProduct, rest), body);
        expect(viaTheirProduct.statusCode, `${method} ${rest}`).toBe(404);
        expect(viaTheirProduct.json()).toEqual(notFound('Document'));
      }
      expect((await call(other.auth)('GET', url(productId))).statusCode).toBe(404);
      expect((await call()('GET', url(productId, `/${document.id}`))).json().data).toMatchObject({ name: 'spec.pdf' });
    });
  });

  describe('abilities', () => {
    const tokenWith = async (abilities: string[]) =>
      bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities }));

    it('lets a view-only token read and download but not write, naming the edit ability', async () => {
      const viewer = await tokenWith(['operations:view-products']);
      const productId = await product();
      const document = await created(productId);

      expect((await call(viewer)('GET', url(productId))).json().data.map((d: { id: string }) => d.id)).toEqual([
        document.id,
      ]);
      expect((await call(viewer)('GET', url(productId, `/${document.id}`))).statusCode).toBe(200);
      const download = await call(viewer)('GET', url(productId, `/${document.id}/download`));
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdfBytes())).toBe(true);

      const writes: Array<() => Promise<LightMyRequestResponse>> = [
        () => send(productId, pdf(), viewer),
        () => call(viewer)('PATCH', url(productId, `/${document.id}`), { name: 'x' }),
        () => call(viewer)('PUT', url(productId, `/${document.id}`), { name: 'x' }),
        () => call(viewer)('DELETE', url(productId, `/${document.id}`)),
      ];
      for (const write of writes) {
        const res = await write();
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(forbidden(EDIT));
      }
      expect(await documentCount(productId)).toBe(1);
      expect((await call()('GET', url(productId, `/${document.id}`))).json().data.name).toBe('spec.pdf');
    });

    it('hides sensitive documents from a view-only token and shows them to the manager token', async () => {
      const viewer = await tokenWith(['operations:view-products']);
      const manager = await tokenWith(['operations:view-products', EDIT]);
      const productId = await product();
      const open = await created(productId, pdf({ fields: { name: 'Open' } }));
      const secret = await created(productId, pdf({ fields: { name: 'Secret', is_sensitive: 'true' } }), manager);
      expect(secret.is_sensitive).toBe(true);

      const listed = async (auth: Auth) =>
        (await call(auth)('GET', url(productId)))
          .json()
          .data.map((d: { id: string }) => d.id)
          .sort();
      expect(await listed(viewer)).toEqual([open.id]);
      expect(await listed(manager)).toEqual([open.id, secret.id].sort());
      expect((await call(viewer)('GET', url(productId))).json().meta.total).toBe(1);

      for (const rest of [`/${secret.id}`, `/${secret.id}/download`]) {
        const res = await call(viewer)('GET', url(productId, rest));
        expect(res.statusCode, rest).toBe(403);
        expect(res.json()).toEqual(forbidden(EDIT));
        expect((await call(manager)('GET', url(productId, rest))).statusCode, rest).toBe(200);
      }
    });

    it('limits a viewer-role user to reading, by token or by session', async () => {
      const viewerUser = await makeUser(t.services, t.tenant.tenantId, 'viewer');
      const allAbilities = bearer(await makeToken(t.services, t.tenant.tenantId, viewerUser.id));
      const productId = await product();
      const open = await created(productId);
      const secret = await created(productId, pdf({ fields: { is_sensitive: '1' } }));

      expect((await call(allAbilities)('GET', url(productId))).json().data.map((d: { id: string }) => d.id)).toEqual([
        open.id,
      ]);
      expect((await call(allAbilities)('GET', url(productId, `/${secret.id}`))).json()).toEqual(forbidden(EDIT));
      const refused = await send(productId, pdf(), allAbilities);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(forbidden(EDIT));

      const session = await signedInClient(t.app, viewerUser.email);
      const listed = await session.get(url(productId));
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.map((d: { id: string }) => d.id)).toEqual([open.id]);
      expect((await session.get(url(productId, `/${open.id}/download`))).statusCode).toBe(200);
      const patch = await session.request({
        method: 'PATCH',
        url: url(productId, `/${open.id}`),
        payload: { name: 'x' },
      });
      expect(patch.statusCode).toBe(403);
      expect(patch.json()).toEqual(forbidden(EDIT));
      const remove = await session.delete(url(productId, `/${open.id}`));
      expect(remove.json()).toEqual(forbidden(EDIT));
      expect(await documentCount(productId)).toBe(2);
    });

    it('lets an admin session upload with its CSRF token', async () => {
      const session = await signedInClient(t.app, t.tenant.adminEmail);
      const productId = await product();
      const res = await session.request({ method: 'POST', url: url(productId), payload: documentForm(pdf()) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.uploaded_by).toBe(t.tenant.adminId);
    });
  });
});
