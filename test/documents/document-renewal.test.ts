// Renewing supplier documents (the new version archives the old one, once) and listing by expiry.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock, addDays } from '../../src/lib/clock.js';
import { makeProduct } from '../helpers/factories.js';
import { pdfBytes, randomBytes, textBytes } from '../helpers/document-fixtures.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { documentsUrl, upload, type UploadInput } from './document-helpers.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

interface DocumentBody {
  id: string;
  type: string;
  name: string;
  description: string | null;
  tags: string[];
  metadata: Record<string, string>;
  is_public: boolean;
  is_sensitive: boolean;
  expires_at: string | null;
  is_expired: boolean;
  status: 'active' | 'archived';
  archived_at: string | null;
  renews_id: string | null;
  renewed_by_id: string | null;
  size_bytes: number;
  download_url: string;
}

describe('document renewal and expiry', () => {
  let t: TestApp;
  let clock: FixedClock;
  let codeSeq = 0;

  beforeAll(async () => {
    clock = new FixedClock(NOW);
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.auth });

  async function makeSupplier(): Promise<string> {
    const res = await jsonCaller(t.app, t.auth)('POST', '/api/v1/operations/suppliers', {
      name: `Renewals ${++codeSeq}`,
      code: `REN-SUP-${codeSeq}`,
      email: 'legal@supplier.test',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }

  async function uploaded(supplierId: string, input: UploadInput): Promise<DocumentBody> {
    const res = await upload(t.app, t.auth, 'suppliers', supplierId, { type: 'contract', file: pdfBytes(), ...input });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as DocumentBody;
  }

  async function renewed(supplierId: string, documentId: string, input: UploadInput): Promise<DocumentBody> {
    const res = await upload(t.app, t.auth, 'suppliers', supplierId, input, documentId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as DocumentBody;
  }

  async function detail(supplierId: string, documentId: string): Promise<DocumentBody> {
    const res = await get(documentsUrl('suppliers', supplierId, `/${documentId}`));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DocumentBody;
  }

  async function listed(supplierId: string, query = ''): Promise<DocumentBody[]> {
    const res = await get(documentsUrl('suppliers', supplierId, query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DocumentBody[];
  }

  const ids = (documents: DocumentBody[]) => documents.map((document) => document.id);

  const supplierRows = (supplierId: string) =>
    t.database.db
      .selectFrom('documents')
      .select(['id', 'status'])
      .where('owner_type', '=', 'supplier')
      .where('owner_id', '=', supplierId)
      .execute();

  /** Every row, deleted ones included, and every stored file: each row keeps its bytes, so the two counts match. */
  async function rowAndFileCounts(): Promise<{ rows: number; files: number }> {
    const storage = t.config.documentStorage;
    if (storage.kind !== 'local') throw new Error('these tests count files on the local disk backend');
    const entries = await readdir(storage.directory, { recursive: true, withFileTypes: true }).catch(() => []);
    const rows = await t.database.db.selectFrom('documents').select('id').execute();
    return { rows: rows.length, files: entries.filter((entry) => entry.isFile()).length };
  }

  describe('renew', () => {
    it('answers the new version and archives the old one', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, { filename: 'contract-2025.pdf' });
      clock.advance(60_000);
      const fresh = await renewed(supplierId, old.id, { file: textBytes(), filename: 'contract-2026.txt' });

      expect(fresh.id).not.toBe(old.id);
      expect(fresh).toMatchObject({
        renews_id: old.id,
        renewed_by_id: null,
        status: 'active',
        archived_at: null,
        size_bytes: textBytes().length,
      });
      const archived = await detail(supplierId, old.id);
      expect(archived).toMatchObject({ status: 'archived', renewed_by_id: fresh.id, renews_id: null });
      expect(Date.parse(archived.archived_at!)).toBe(clock.now().getTime());

      // The archived version stays readable, bytes and all.
      const download = await get(archived.download_url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdfBytes())).toBe(true);
      const newDownload = await get(fresh.download_url);
      expect(newDownload.rawPayload.equals(textBytes())).toBe(true);
    });

    it('keeps every field not sent except the expiry', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, {
        type: 'insurance',
        tags: ['insurance', 'compliance'],
        metadata: { version: '3', language: 'en' },
        fields: {
          name: 'Liability cover',
          description: 'Annual policy',
          is_sensitive: 'true',
          is_public: 'true',
          expires_at: addDays(NOW, 30).toISOString(),
        },
      });
      expect(old.expires_at).not.toBeNull();

      const fresh = await renewed(supplierId, old.id, { file: pdfBytes(), filename: 'policy-next.pdf' });
      expect(fresh).toMatchObject({
        type: 'insurance',
        tags: ['insurance', 'compliance'],
        metadata: { version: '3', language: 'en' },
        name: 'Liability cover',
        description: 'Annual policy',
        is_sensitive: true,
        is_public: true,
        expires_at: null,
        is_expired: false,
      });
    });

    it('takes the fields that are sent, metadata replaced as a whole', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, {
        type: 'contract',
        tags: ['contract'],
        metadata: { version: '1', language: 'en' },
        fields: { name: 'Framework agreement', is_sensitive: 'true' },
      });
      const expiresAt = addDays(NOW, 365).toISOString();
      const fresh = await renewed(supplierId, old.id, {
        file: pdfBytes(),
        type: 'agreement',
        tags: ['agreement', 'nda'],
        metadata: { version: '2' },
        fields: { name: 'Framework agreement 2026', is_sensitive: 'false', expires_at: expiresAt },
      });
      expect(fresh).toMatchObject({
        type: 'agreement',
        tags: ['agreement', 'nda'],
        metadata: { version: '2' },
        name: 'Framework agreement 2026',
        is_sensitive: false,
      });
      expect(Date.parse(fresh.expires_at!)).toBe(Date.parse(expiresAt));
    });

    it('refuses a tag the supplier does not allow, leaving the old version active', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, {});
      const res = await upload(t.app, t.auth, 'suppliers', supplierId, { file: pdfBytes(), tags: ['gallery'] }, old.id);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['tags.0']);
      expect((await detail(supplierId, old.id)).status).toBe('active');
      expect(await supplierRows(supplierId)).toHaveLength(1);
    });

    it('requires a file', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, {});
      const res = await upload(t.app, t.auth, 'suppliers', supplierId, { fields: { name: 'No file' } }, old.id);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['file']);
      expect((await detail(supplierId, old.id)).status).toBe('active');
    });

    it('hides the archived version from the list unless include_archived=true', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, {});
      const fresh = await renewed(supplierId, old.id, { file: pdfBytes() });

      expect(ids(await listed(supplierId))).toEqual([fresh.id]);
      expect(ids(await listed(supplierId, '?include_archived=true')).sort()).toEqual([old.id, fresh.id].sort());
      const res = await get(documentsUrl('suppliers', supplierId, '?include_archived=true'));
      expect(res.json().meta.total).toBe(2);
    });

    it('refuses to renew an archived version with 422, writing no row and no file', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, {});
      await renewed(supplierId, old.id, { file: pdfBytes() });
      const before = await rowAndFileCounts();

      const res = await upload(t.app, t.auth, 'suppliers', supplierId, { file: randomBytes(1024) }, old.id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'document_not_current',
        message: 'Only the current version of a document can be renewed; this one is archived or deleted.',
      });
      expect(await rowAndFileCounts()).toEqual(before);
      expect(await supplierRows(supplierId)).toHaveLength(2);
    });

    it('answers 404 for a deleted document', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, {});
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: documentsUrl('suppliers', supplierId, `/${old.id}`),
        headers: t.auth,
      });
      expect(deleted.statusCode).toBe(200);
      expect((await upload(t.app, t.auth, 'suppliers', supplierId, { file: pdfBytes() }, old.id)).statusCode).toBe(404);
    });

    it('lets exactly one of 8 parallel renewals of one version win, and removes the losers’ bytes', async () => {
      const supplierId = await makeSupplier();
      const old = await uploaded(supplierId, {});
      const before = await rowAndFileCounts();

      const attempts = Array.from({ length: 8 }, (_, index) =>
        upload(
          t.app,
          t.auth,
          'suppliers',
          supplierId,
          { file: randomBytes(64 * 1024, index + 1), filename: `attempt-${index}.bin` },
          old.id,
        ),
      );
      const statuses = (await Promise.all(attempts)).map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 422)).toHaveLength(7);

      const rows = await supplierRows(supplierId);
      expect(rows).toHaveLength(2);
      expect(rows.filter((row) => row.status === 'active')).toHaveLength(1);
      const after = await rowAndFileCounts();
      expect(after.rows).toBe(before.rows + 1);
      expect(after.files).toBe(after.rows);
    });

    it('has no renew route for product documents', async () => {
      const productId = await makeProduct(t.database.db, t.tenant.tenantId);
      const productDocument = await upload(t.app, t.auth, 'products', productId, { type: 'manual', file: pdfBytes() });
      expect(productDocument.statusCode, productDocument.body).toBe(201);
      const documentId = productDocument.json().data.id as string;

      const res = await upload(t.app, t.auth, 'products', productId, { file: pdfBytes() }, documentId);
      expect(res.statusCode).toBe(404);
      const rows = await t.database.db
        .selectFrom('documents')
        .select('status')
        .where('owner_id', '=', productId)
        .execute();
      expect(rows).toEqual([{ status: 'active' }]);
    });
  });

  describe('expiring_within_days', () => {
    let supplierId: string;
    const inDays: Record<string, DocumentBody> = {};

    beforeAll(async () => {
      supplierId = await makeSupplier();
      const expiries = {
        in40: addDays(NOW, 40),
        in5: addDays(NOW, 5),
        expired: addDays(NOW, -1),
        in20: addDays(NOW, 20),
      };
      for (const [label, expiresAt] of Object.entries(expiries)) {
        inDays[label] = await uploaded(supplierId, {
          type: 'certificate',
          fields: { name: label, expires_at: expiresAt.toISOString() },
        });
      }
      inDays.never = await uploaded(supplierId, { type: 'certificate', fields: { name: 'never' } });
    });

    it('lists the documents expiring between now and now + N days, soonest first', async () => {
      const expiring = await listed(supplierId, '?expiring_within_days=30');
      expect(expiring.map((document) => document.name)).toEqual(['in5', 'in20']);
      expect(expiring.every((document) => !document.is_expired)).toBe(true);
    });

    it('marks only the past expiry as expired', async () => {
      const all = await listed(supplierId);
      expect(all).toHaveLength(5);
      const expired = all.filter((document) => document.is_expired).map((document) => document.name);
      expect(expired).toEqual(['expired']);
      expect((await detail(supplierId, inDays.expired!.id)).is_expired).toBe(true);
      expect((await detail(supplierId, inDays.never!.id)).is_expired).toBe(false);
    });

    it('follows the clock', async () => {
      clock.advance(10 * 86_400_000);
      try {
        // Ten days on, the 5-day certificate has lapsed and the 40-day one falls within 30 days.
        expect((await listed(supplierId, '?expiring_within_days=30')).map((document) => document.name)).toEqual([
          'in20',
          'in40',
        ]);
        expect((await detail(supplierId, inDays.in5!.id)).is_expired).toBe(true);
      } finally {
        clock.advance(-10 * 86_400_000);
      }
    });

    it.each(['-1', 'x', '4000', '1.5'])('refuses expiring_within_days=%s with 422', async (value) => {
      const res = await get(documentsUrl('suppliers', supplierId, `?expiring_within_days=${value}`));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['expiring_within_days']);
    });
  });
});
