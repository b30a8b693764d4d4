// Purchase order documents over HTTP: the owner's tags, 20 MB limit and formats (orders, invoices and delivery
// notes come as PDF, scans and spreadsheets), abilities of their own, and tenants.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DOCUMENT_OWNERS } from '../../src/modules/documents/document-owners.js';
import {
  paddedPdf,
  pdfBytes,
  tiffBytes,
  textBytes,
  xlsBytes,
  xlsxBytes,
  zipBytes,
} from '../helpers/document-fixtures.js';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { purchaseOps } from '../purchasing/purchase-order-helpers.js';
import { documentsUrl, upload, type UploadInput } from './document-helpers.js';

const MB = 1024 * 1024;
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
const ORDER_TAGS = DOCUMENT_OWNERS.purchase_order.allowedTags;
const VIEW = 'operations:view-purchase-orders';
const EDIT = 'operations:edit-purchase-orders';

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

describe('purchase order documents', () => {
  let t: TestApp;
  let storageRoot: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const storage = t.config.documentStorage;
    if (storage.kind !== 'local') throw new Error('these tests read the local document storage');
    storageRoot = storage.directory;
  });
  afterAll(() => t.close());

  const order = async (ops = purchaseOps(t)) => (await ops.draft()).id;
  /** A draft order of another tenant, with its own token. */
  const otherTenantOrder = async () => {
    const other = await makeTenantWithToken(t.services);
    const orderId = (
      await purchaseOps(t, other.auth, other.tenant.tenantId).draft({ warehouse_id: other.tenant.defaultWarehouseId })
    ).id;
    return { ...other, orderId };
  };
  const url = (orderId: string, rest = '') => documentsUrl('purchase-orders', orderId, rest);
  const send = (orderId: string, input: UploadInput, auth: Auth = t.auth) =>
    upload(t.app, auth, 'purchase-orders', orderId, input);
  const call = (auth: Auth = t.auth) => jsonCaller(t.app, auth);
  const invoice = (extra: UploadInput = {}): UploadInput => ({
    file: pdfBytes(),
    filename: 'invoice.pdf',
    type: 'invoice',
    ...extra,
  });

  async function created(orderId: string, input: UploadInput = invoice(), auth: Auth = t.auth) {
    const res = await send(orderId, input, auth);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Record<string, unknown> & { id: string };
  }

  async function fieldErrors(res: LightMyRequestResponse): Promise<Record<string, string[]>> {
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors;
  }

  const documentCount = async (orderId: string) => {
    const row = await t.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('stores a document against the order', async () => {
    const orderId = await order();
    const document = await created(orderId, invoice({ tags: ['invoice'], fields: { name: 'Invoice 2026-118' } }));
    expect(document).toMatchObject({
      owner_type: 'purchase_order',
      owner_id: orderId,
      type: 'invoice',
      name: 'Invoice 2026-118',
      tags: ['invoice'],
      mime_type: 'application/pdf',
      download_url: `/api/v1/operations/purchase-orders/${orderId}/documents/${document.id}/download`,
    });
    const listed = await call()('GET', url(orderId));
    expect(listed.json().data.map((d: { id: string }) => d.id)).toEqual([document.id]);
    const download = await call()('GET', url(orderId, `/${document.id}/download`));
    expect(download.rawPayload.equals(pdfBytes())).toBe(true);
  });

  describe('tags', () => {
    it('accepts every allowed tag in one upload', async () => {
      const document = await created(await order(), invoice({ tags: [...ORDER_TAGS] }));
      expect(document.tags).toEqual(ORDER_TAGS);
      expect(ORDER_TAGS).toHaveLength(6);
    });

    it('refuses a product tag, naming the allowed list, on upload and on update', async () => {
      const orderId = await order();
      const errors = await fieldErrors(await send(orderId, invoice({ tags: ['receipt', 'manual'] })));
      expect(Object.keys(errors)).toEqual(['tags.1']);
      expect(errors['tags.1']![0]).toContain(
        `not allowed on purchase order documents. Allowed: ${ORDER_TAGS.join(', ')}.`,
      );
      expect(await documentCount(orderId)).toBe(0);

      const document = await created(orderId, invoice({ tags: ['receipt'] }));
      const patched = await fieldErrors(await call()('PATCH', url(orderId, `/${document.id}`), { tags: ['contract'] }));
      expect(Object.keys(patched)).toEqual(['tags.0']);
    });
  });

  describe('size limit', () => {
    it('accepts a file of exactly 20 MB', async () => {
      const document = await created(await order(), invoice({ file: paddedPdf(20 * MB) }));
      expect(document).toMatchObject({ size_bytes: 20 * MB, mime_type: 'application/pdf' });
    });

    it('refuses 20 MB + 1 byte with 413, leaving no row, stored file or temporary file', async () => {
      const privateTmp = await mkdtemp(path.join(os.tmpdir(), 'qm-order-upload-'));
      vi.stubEnv('TMPDIR', privateTmp);
      try {
        const { orderId, ...other } = await otherTenantOrder();
        const res = await send(orderId, invoice({ file: paddedPdf(20 * MB + 1) }), other.auth);
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({
          success: false,
          code: 'payload_too_large',
          message: 'The file may not be greater than 20 MB.',
        });
        expect(await documentCount(orderId)).toBe(0);
        const stored = await readdir(path.join(storageRoot, other.tenant.tenantId), { recursive: true }).catch(
          () => [],
        );
        expect(stored).toEqual([]);
        expect(await readdir(privateTmp)).toEqual([]);
      } finally {
        vi.unstubAllEnvs();
        await rm(privateTmp, { recursive: true, force: true });
      }
    });
  });

  describe('formats', () => {
    const accepted: Array<[string, () => Buffer, string, string]> = [
      ['PDF', pdfBytes, 'order.pdf', 'application/pdf'],
      ['TIFF', tiffBytes, 'delivery-note.tif', 'image/tiff'],
      ['Excel 2007', xlsxBytes, 'packing.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['Excel 97', xlsBytes, 'packing.xls', 'application/vnd.ms-excel'],
    ];

    it.each(accepted)('accepts %s as its detected type', async (_label, bytes, filename, mimeType) => {
      const document = await created(await order(), { file: bytes(), filename, type: 'delivery_note' });
      expect(document).toMatchObject({ mime_type: mimeType, file_name: filename, size_bytes: bytes().length });
    });

    const refused: Array<[string, () => Buffer, string]> = [
      ['a zip archive', zipBytes, 'documents.zip'],
      ['plain text', textBytes, 'delivery-note.pdf'],
    ];

    it.each(refused)('refuses %s', async (_label, bytes, filename) => {
      const orderId = await order();
      const errors = await fieldErrors(
        await send(orderId, { file: bytes(), filename, declaredType: 'application/pdf', type: 'delivery_note' }),
      );
      expect(Object.keys(errors)).toEqual(['file']);
      expect(errors.file![0]).toMatch(
        /^The file must be one of: PDF, JPEG, PNG, GIF, WebP, TIFF, Word, Excel; its content is /,
      );
      expect(await documentCount(orderId)).toBe(0);
    });
  });

  describe('abilities', () => {
    const tokenWith = async (abilities: string[]) =>
      bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities }));

    it('lets a view token read and download, and refuses it every write naming the edit ability', async () => {
      const viewer = await tokenWith([VIEW]);
      const orderId = await order();
      const document = await created(orderId);

      expect((await call(viewer)('GET', url(orderId))).json().data).toHaveLength(1);
      expect((await call(viewer)('GET', url(orderId, `/${document.id}`))).statusCode).toBe(200);
      expect((await call(viewer)('GET', url(orderId, `/${document.id}/download`))).rawPayload.equals(pdfBytes())).toBe(
        true,
      );

      const writes: Array<() => Promise<LightMyRequestResponse>> = [
        () => send(orderId, invoice(), viewer),
        () => call(viewer)('PATCH', url(orderId, `/${document.id}`), { name: 'x' }),
        () => call(viewer)('PUT', url(orderId, `/${document.id}`), { name: 'x' }),
        () => call(viewer)('DELETE', url(orderId, `/${document.id}`)),
      ];
      for (const write of writes) {
        const res = await write();
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(forbidden(EDIT));
      }
      expect(await documentCount(orderId)).toBe(1);
    });

    it('lets an edit token write, and keeps sensitive documents from the view token', async () => {
      const viewer = await tokenWith([VIEW]);
      const editor = await tokenWith([VIEW, EDIT]);
      const orderId = await order();
      const secret = await created(orderId, invoice({ fields: { is_sensitive: 'yes' } }), editor);
      expect(secret).toMatchObject({ is_sensitive: true, uploaded_by: t.tenant.adminId });
      expect(
        (await call(editor)('PATCH', url(orderId, `/${secret.id}`), { description: 'Bank details inside' })).statusCode,
      ).toBe(200);

      expect((await call(viewer)('GET', url(orderId))).json().data).toEqual([]);
      expect((await call(viewer)('GET', url(orderId, `/${secret.id}/download`))).json()).toEqual(forbidden(EDIT));
      expect((await call(editor)('GET', url(orderId))).json().data.map((d: { id: string }) => d.id)).toEqual([
        secret.id,
      ]);
      expect((await call(editor)('DELETE', url(orderId, `/${secret.id}`))).statusCode).toBe(200);
    });

    it('limits a viewer-role user to reading whatever the token grants', async () => {
      const viewerUser = await makeUser(t.services, t.tenant.tenantId, 'viewer');
      const everything = bearer(await makeToken(t.services, t.tenant.tenantId, viewerUser.id));
      const orderId = await order();
      await created(orderId);
      expect((await call(everything)('GET', url(orderId))).statusCode).toBe(200);
      expect((await send(orderId, invoice(), everything)).json()).toEqual(forbidden(EDIT));
    });
  });

  describe('owners and tenants', () => {
    it('answers 404 for an unknown order', async () => {
      for (const res of [await send(MISSING_ID, invoice()), await call()('GET', url(MISSING_ID))]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound('Purchase order'));
      }
    });

    it('answers 404 to another tenant, through our order or theirs', async () => {
      const orderId = await order();
      const document = await created(orderId);
      const { orderId: theirOrder, ...other } = await otherTenantOrder();

      expect((await send(orderId, invoice(), other.auth)).json()).toEqual(notFound('Purchase order'));
      expect((await call(other.auth)('GET', url(orderId))).json()).toEqual(notFound('Purchase order'));
      const requests: Array<[method: 'GET' | 'PATCH' | 'DELETE', rest: string]> = [
        ['GET', `/${document.id}`],
        ['GET', `/${document.id}/download`],
        ['PATCH', `/${document.id}`],
        ['DELETE', `/${document.id}`],
      ];
      for (const [method, rest] of requests) {
        const body = method === 'PATCH' ? { name: 'stolen' } : undefined;
        const viaOurs = await call(other.auth)(method, url(orderId, rest), body);
        expect(viaOurs.statusCode, `${method} ${rest}`).toBe(404);
        expect(viaOurs.json()).toEqual(notFound('Purchase order'));
        const viaTheirs = await call(other.auth)(method, url(theirOrder, rest), body);
        expect(viaTheirs.statusCode, `${method} ${rest}`).toBe(404);
        expect(viaTheirs.json()).toEqual(notFound('Document'));
      }
      expect(await documentCount(orderId)).toBe(1);
      expect((await call()('GET', url(orderId, `/${document.id}`))).json().data.name).toBe('invoice.pdf');
    });

    it('answers 404 for a document requested under another order, or under a product with the same id path', async () => {
      const ops = purchaseOps(t);
      const [a, b] = [await order(ops), await order(ops)];
      const document = await created(a);
      const res = await call()('GET', url(b, `/${document.id}`));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound('Document'));
      const asProduct = await call()('GET', documentsUrl('products', a, `/${document.id}`));
      expect(asProduct.json()).toEqual(notFound('Product'));
    });
  });
});
