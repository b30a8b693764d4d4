// Supplier documents over HTTP: the supplier's tags, any format, the 50 MB limit, downloads, abilities, tenants.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTenantWithToken, makeToken } from '../helpers/factories.js';
import { htmlBytes, paddedPdf, pdfBytes, randomBytes, textBytes, zipBytes } from '../helpers/document-fixtures.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { documentsUrl, upload, type UploadInput } from './document-helpers.js';

const MB = 1024 * 1024;
const SUPPLIER_TAGS = [
  'contract',
  'certificate',
  'tax_document',
  'compliance',
  'insurance',
  'audit',
  'agreement',
  'nda',
];
const MANAGE = 'operations:manage-supplier-contracts';

type Headers = Record<string, string>;

/** Every file under the local storage directory: what the backend actually holds. */
async function storedFiles(t: TestApp): Promise<string[]> {
  const storage = t.config.documentStorage;
  if (storage.kind !== 'local') throw new Error('these tests count files on the local disk backend');
  const entries = await readdir(storage.directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('supplier documents', () => {
  let t: TestApp;
  let codeSeq = 0;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function makeSupplier(auth: Headers = t.auth): Promise<string> {
    const res = await jsonCaller(t.app, auth)('POST', '/api/v1/operations/suppliers', {
      name: `Supplier ${++codeSeq}`,
      code: `DOC-SUP-${codeSeq}`,
      email: 'contracts@supplier.test',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }

  async function uploaded(supplierId: string, input: UploadInput, auth: Headers = t.auth) {
    const res = await upload(t.app, auth, 'suppliers', supplierId, { type: 'contract', ...input });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      id: string;
      tags: string[];
      mime_type: string;
      size_bytes: number;
      download_url: string;
    };
  }

  const get = (url: string, auth: Headers = t.auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const rowCount = async (supplierId: string) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('owner_type', '=', 'supplier')
        .where('owner_id', '=', supplierId)
        .execute()
    ).length;

  describe('tags', () => {
    it('accepts every supplier tag', async () => {
      const supplierId = await makeSupplier();
      for (const tag of SUPPLIER_TAGS) {
        const document = await uploaded(supplierId, { file: pdfBytes(), filename: `${tag}.pdf`, tags: [tag] });
        expect(document.tags).toEqual([tag]);
      }
      const all = await uploaded(supplierId, { file: pdfBytes(), tags: SUPPLIER_TAGS });
      expect(all.tags).toEqual(SUPPLIER_TAGS);
    });

    it('refuses a tag of another owner, such as the product tag gallery, and stores nothing', async () => {
      const supplierId = await makeSupplier();
      const before = (await storedFiles(t)).length;
      const res = await upload(t.app, t.auth, 'suppliers', supplierId, {
        type: 'contract',
        file: pdfBytes(),
        tags: ['nda', 'gallery'],
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['tags.1']);
      expect(res.json().errors['tags.1'][0]).toContain('gallery');
      expect(await rowCount(supplierId)).toBe(0);
      expect((await storedFiles(t)).length).toBe(before);
    });
  });

  describe('formats', () => {
    it.each([
      { what: 'a zip archive', file: zipBytes(), filename: 'bundle.zip', mime: 'application/zip' },
      { what: 'plain text', file: textBytes(), filename: 'notes.txt', mime: 'text/plain' },
      { what: 'random bytes', file: randomBytes(4096), filename: 'blob.dat', mime: 'application/octet-stream' },
      { what: 'an HTML page, served as text', file: htmlBytes(), filename: 'terms.html', mime: 'text/plain' },
    ])('accepts $what and records the detected type $mime', async ({ file, filename, mime }) => {
      const supplierId = await makeSupplier();
      const document = await uploaded(supplierId, { file, filename, declaredType: 'application/pdf' });
      expect(document.mime_type).toBe(mime);
      const download = await get(document.download_url);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(mime);
    });
  });

  describe('size limit', () => {
    it('accepts a file of exactly 50 MB', async () => {
      const supplierId = await makeSupplier();
      const document = await uploaded(supplierId, { file: paddedPdf(50 * MB), filename: 'exact.pdf' });
      expect(document.size_bytes).toBe(50 * MB);
    });

    it('refuses 50 MB + 1 byte with 413, leaving no row and no stored file', async () => {
      const supplierId = await makeSupplier();
      const before = (await storedFiles(t)).length;
      const res = await upload(t.app, t.auth, 'suppliers', supplierId, {
        type: 'contract',
        file: paddedPdf(50 * MB + 1),
        filename: 'over.pdf',
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().success).toBe(false);
      expect(await rowCount(supplierId)).toBe(0);
      expect((await storedFiles(t)).length).toBe(before);
    });

    it("is not held to the products' 10 MB limit", async () => {
      const supplierId = await makeSupplier();
      const document = await uploaded(supplierId, { file: paddedPdf(12 * MB), filename: 'twelve.pdf' });
      expect(document.size_bytes).toBe(12 * MB);
    });
  });

  it('downloads byte for byte what was uploaded', async () => {
    const supplierId = await makeSupplier();
    const bytes = randomBytes(2 * MB + 17, 0x1234);
    const document = await uploaded(supplierId, { file: bytes, filename: 'scan.bin' });
    const res = await get(document.download_url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(bytes.length);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-disposition']).toContain('scan.bin');
  });

  describe('abilities', () => {
    const tokenWith = async (abilities: string[]) =>
      bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities }));
    const expectMissingManage = (res: { statusCode: number; json(): unknown }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'forbidden',
        message: `This action requires the ability ${MANAGE}.`,
      });
    };

    it('lets view-suppliers list and download but not upload', async () => {
      const supplierId = await makeSupplier();
      const document = await uploaded(supplierId, { file: pdfBytes() });
      const viewer = await tokenWith(['operations:view-suppliers']);

      const list = await get(documentsUrl('suppliers', supplierId), viewer);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((d: { id: string }) => d.id)).toEqual([document.id]);
      const download = await get(document.download_url, viewer);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdfBytes())).toBe(true);

      expectMissingManage(await upload(t.app, viewer, 'suppliers', supplierId, { type: 'contract', file: pdfBytes() }));
      expect(await rowCount(supplierId)).toBe(1);
    });

    it('does not let edit-suppliers upload without manage-supplier-contracts', async () => {
      const supplierId = await makeSupplier();
      const editor = await tokenWith(['operations:view-suppliers', 'operations:edit-suppliers']);
      expectMissingManage(await upload(t.app, editor, 'suppliers', supplierId, { type: 'contract', file: pdfBytes() }));
      expect(await rowCount(supplierId)).toBe(0);
    });
  });

  describe('tenants', () => {
    it("answers 404 for another tenant's supplier and for another tenant's document", async () => {
      const supplierId = await makeSupplier();
      const document = await uploaded(supplierId, { file: pdfBytes() });
      const other = await makeTenantWithToken(t.services);
      const ownSupplierId = await makeSupplier(other.auth);

      const theirs = [
        { method: 'GET', url: documentsUrl('suppliers', supplierId) },
        { method: 'GET', url: documentsUrl('suppliers', supplierId, `/${document.id}`) },
        { method: 'GET', url: documentsUrl('suppliers', supplierId, `/${document.id}/download`) },
        { method: 'DELETE', url: documentsUrl('suppliers', supplierId, `/${document.id}`) },
      ] as const;
      for (const { method, url } of theirs) {
        const res = await t.app.inject({ method, url, headers: other.auth });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect(
        (await upload(t.app, other.auth, 'suppliers', supplierId, { type: 'contract', file: pdfBytes() })).statusCode,
      ).toBe(404);

      // Their document id under a supplier of one's own is just as unknown.
      const underOwn = [`/${document.id}`, `/${document.id}/download`];
      for (const rest of underOwn)
        expect((await get(documentsUrl('suppliers', ownSupplierId, rest), other.auth)).statusCode, rest).toBe(404);
      expect(
        (await upload(t.app, other.auth, 'suppliers', ownSupplierId, { file: pdfBytes() }, document.id)).statusCode,
      ).toBe(404);

      expect((await get(documentsUrl('suppliers', supplierId, `/${document.id}`))).statusCode).toBe(200);
      expect(await rowCount(supplierId)).toBe(1);
    });
  });
});
