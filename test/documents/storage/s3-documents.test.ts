// The documents API on the S3 backend, against a real S3 protocol server: what lands in the bucket, and
// that the API behaves as on local disk.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3StorageConfig } from '../../../src/modules/documents/storage/document-storage.js';
import { makeProduct, makeTenantWithToken } from '../../helpers/factories.js';
import { paddedPdf, pdfBytes, randomBytes } from '../../helpers/document-fixtures.js';
import { startTestS3Server, type TestS3Server } from '../../helpers/s3-test-server.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { purchaseOps } from '../../purchasing/purchase-order-helpers.js';
import { documentsUrl, upload, type OwnerPath, type UploadInput } from '../document-helpers.js';

const MB = 1024 * 1024;
/** A name no storage key may contain: keys are made of ids only. */
const REVEALING_NAME = 'board-minutes-confidential';

interface DocumentBody {
  id: string;
  status: string;
  renews_id: string | null;
  download_url: string;
}

function bucketLister(config: S3StorageConfig) {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId!, secretAccessKey: config.secretAccessKey! },
  });
  return {
    async keys(): Promise<string[]> {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    close: () => client.destroy(),
  };
}

describe('documents on S3', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let bucket: ReturnType<typeof bucketLister>;
  const owners = {} as Record<OwnerPath, string>;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    t = await buildTestApp({ config: { documentStorage: s3.config } });
    bucket = bucketLister(s3.config);
    const purchasing = purchaseOps(t);
    owners.suppliers = await purchasing.supplier();
    owners.products = await makeProduct(t.database.db, t.tenant.tenantId);
    owners['purchase-orders'] = (await purchasing.draft({ supplier_id: owners.suppliers })).id;
  });
  afterAll(async () => {
    bucket?.close();
    await t?.close();
    await s3?.close();
  });

  const get = (url: string, auth: Record<string, string> = t.auth) =>
    t.app.inject({ method: 'GET', url, headers: auth });

  async function uploaded(owner: OwnerPath, input: UploadInput): Promise<DocumentBody> {
    const res = await upload(t.app, t.auth, owner, owners[owner], {
      type: 'contract',
      file: pdfBytes(),
      filename: `${REVEALING_NAME}.pdf`,
      ...input,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as DocumentBody;
  }

  it('is the backend in use', () => {
    expect(t.config.documentStorage.kind).toBe('s3');
    expect(t.services.documents.storage.kind).toBe('s3');
  });

  it.each(['products', 'suppliers', 'purchase-orders'] as const)('stores and serves a %s document', async (owner) => {
    const before = await bucket.keys();
    const document = await uploaded(owner, {});
    const download = await get(document.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdfBytes())).toBe(true);

    const added = (await bucket.keys()).filter((key) => !before.includes(key));
    const ownerType = { products: 'product', suppliers: 'supplier', 'purchase-orders': 'purchase_order' }[owner];
    expect(added).toEqual([`${t.tenant.tenantId}/${ownerType}/${document.id}`]);
  });

  it('downloads a 3 MB random file byte for byte', async () => {
    const bytes = randomBytes(3 * MB, 0xc0ffee);
    const document = await uploaded('suppliers', { file: bytes, filename: 'archive.bin' });
    const res = await get(document.download_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload.length).toBe(bytes.length);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('renews a supplier document, keeping both versions in the bucket', async () => {
    const old = await uploaded('suppliers', {});
    const newBytes = randomBytes(100 * 1024, 7);
    const res = await upload(t.app, t.auth, 'suppliers', owners.suppliers, { file: newBytes }, old.id);
    expect(res.statusCode, res.body).toBe(201);
    const fresh = res.json().data as DocumentBody;
    expect(fresh.renews_id).toBe(old.id);

    expect((await get(old.download_url)).rawPayload.equals(pdfBytes())).toBe(true);
    expect((await get(fresh.download_url)).rawPayload.equals(newBytes)).toBe(true);
    const archived = await get(documentsUrl('suppliers', owners.suppliers, `/${old.id}`));
    expect(archived.json().data.status).toBe('archived');
    const keys = await bucket.keys();
    expect(keys).toContain(`${t.tenant.tenantId}/supplier/${old.id}`);
    expect(keys).toContain(`${t.tenant.tenantId}/supplier/${fresh.id}`);
  });

  it('deletes softly: the document is hidden and its object kept', async () => {
    const document = await uploaded('purchase-orders', { type: 'invoice', tags: ['invoice'] });
    const url = documentsUrl('purchase-orders', owners['purchase-orders'], `/${document.id}`);
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: t.auth });
    expect(deleted.statusCode).toBe(200);

    expect((await get(url)).statusCode).toBe(404);
    expect((await get(document.download_url)).statusCode).toBe(404);
    const listed = await get(documentsUrl('purchase-orders', owners['purchase-orders']));
    expect(listed.json().data.map((d: { id: string }) => d.id)).not.toContain(document.id);
    expect(await bucket.keys()).toContain(`${t.tenant.tenantId}/purchase_order/${document.id}`);
  });

  it('leaves no object in the bucket for an upload over the limit', async () => {
    const before = await bucket.keys();
    const res = await upload(t.app, t.auth, 'products', owners.products, {
      type: 'manual',
      file: paddedPdf(10 * MB + 1),
      filename: 'too-big.pdf',
    });
    expect(res.statusCode).toBe(413);
    expect(await bucket.keys()).toEqual(before);
  });

  it('leaves no object in the bucket for a refused renewal', async () => {
    const old = await uploaded('suppliers', {});
    expect((await upload(t.app, t.auth, 'suppliers', owners.suppliers, { file: pdfBytes() }, old.id)).statusCode).toBe(
      201,
    );
    const before = await bucket.keys();
    const res = await upload(t.app, t.auth, 'suppliers', owners.suppliers, { file: pdfBytes() }, old.id);
    expect(res.statusCode).toBe(422);
    expect(await bucket.keys()).toEqual(before);
  });

  it('names objects by tenant and ids only, never by the uploaded file name', async () => {
    const keys = await bucket.keys();
    const rows = await t.database.db.selectFrom('documents').select(['storage_key', 'original_filename']).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.original_filename.includes(REVEALING_NAME))).toBe(true);
    expect(keys).toEqual(rows.map((row) => row.storage_key).sort());
    for (const key of keys) {
      expect(key.startsWith(`${t.tenant.tenantId}/`), key).toBe(true);
      expect(key).not.toContain(REVEALING_NAME);
      expect(key).not.toMatch(/\.(pdf|bin)$/);
    }
  });

  it("does not let a second tenant read the first tenant's document", async () => {
    const document = await uploaded('suppliers', {});
    const other = await makeTenantWithToken(t.services);
    const theirSupplier = await purchaseOps(t, other.auth, other.tenant.tenantId).supplier();

    expect((await get(document.download_url, other.auth)).statusCode).toBe(404);
    expect((await get(documentsUrl('suppliers', owners.suppliers, `/${document.id}`), other.auth)).statusCode).toBe(
      404,
    );
    expect(
      (await get(documentsUrl('suppliers', theirSupplier, `/${document.id}/download`), other.auth)).statusCode,
    ).toBe(404);
    expect((await get(document.download_url)).statusCode).toBe(200);
  });
});
