// Sending purchase orders by e-mail against a local SMTP server: the order with its PDF, cc and message,
// refused deliveries (the order stays sent), and cancellation notices.
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchase-order-helpers.js';

interface Received {
  recipients: string[];
  raw: Buffer;
}

let server: SMTPServer;
let received: Received[] = [];
let t: TestApp;
/** The app's log lines at warn and above, as JSON. */
let logLines: Array<Record<string, unknown>> = [];
const processWarnings: Error[] = [];
const onWarning = (warning: Error) => void processWarnings.push(warning);

beforeAll(async () => {
  server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('blocked@'))
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  process.on('warning', onWarning);
  t = await buildTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'purchasing@quartermaster.test' },
    loggerInstance: logger,
  });
});

afterAll(async () => {
  process.off('warning', onWarning);
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  logLines = [];
});

async function approvedOrder(email = 'orders@supplier.test') {
  const o = purchaseOps(t);
  const supplierId = await o.supplier('active', email);
  const order = await o.draft({ supplier_id: supplierId });
  const url = `${ORDERS}/${order.id}`;
  expect((await o.call('POST', `${url}/submit-for-approval`, {})).statusCode).toBe(200);
  expect((await o.call('POST', `${url}/approve`, {})).statusCode).toBe(200);
  return { o, order, url };
}

describe('sending purchase orders by e-mail', () => {
  it('mails the order to the supplier with cc, the message and the PDF attached', async () => {
    const { o, order, url } = await approvedOrder();
    const res = await o.call('POST', `${url}/send`, {
      send_email: true,
      cc_emails: ['buyer@tenant.test'],
      email_message: 'Urgent, please.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'sent', sent_to: 'orders@supplier.test', email_sent: true });

    expect(received).toHaveLength(1);
    expect(received[0]!.recipients.sort()).toEqual(['buyer@tenant.test', 'orders@supplier.test']);
    const mail = await PostalMime.parse(received[0]!.raw);
    expect(mail.from?.address).toBe('purchasing@quartermaster.test');
    expect(mail.subject).toBe(`Purchase order ${order.po_number}`);
    expect(mail.text).toContain('Urgent, please.');
    expect(mail.text).toContain('Total: USD 25.00');
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments[0]!;
    expect(attachment.filename).toBe(`${order.po_number}.pdf`);
    expect(attachment.mimeType).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(attachment.content as ArrayBuffer));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(order.po_number);
  });

  it("signs with the tenant's address and tax id, ends with its footer, and prints them in the PDF", async () => {
    const own = await makeTenantWithToken(t.services);
    const settings = {
      name: 'Acme Trading GmbH',
      address_line1: 'Hafenstraße 12',
      city: 'Hamburg',
      postal_code: '20457',
      country: 'DE',
      tax_id: 'DE123456789',
      purchase_order_footer: 'Quote the order number on every invoice.',
    };
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/v1/tenant', headers: own.auth, payload: settings })).statusCode,
    ).toBe(200);
    const o = purchaseOps(t, own.auth, own.tenant.tenantId);
    const order = await o.draft({
      supplier_id: await o.supplier('active', 'sales@supplier.test'),
      warehouse_id: own.tenant.defaultWarehouseId,
    });
    const url = `${ORDERS}/${order.id}`;
    expect((await o.call('POST', `${url}/submit-for-approval`, {})).statusCode).toBe(200);
    expect((await o.call('POST', `${url}/approve`, {})).statusCode).toBe(200);
    expect((await o.call('POST', `${url}/send`, { send_email: true })).json().data.email_sent).toBe(true);

    const mail = await PostalMime.parse(received[0]!.raw);
    const lines = mail.text!.trimEnd().split(/\r?\n/);
    expect(lines.slice(-8)).toEqual([
      'Acme Trading GmbH',
      'Hafenstraße 12',
      '20457 Hamburg',
      'DE',
      'Tax ID: DE123456789',
      '',
      '--',
      'Quote the order number on every invoice.',
    ]);
    const pdf = await getDocumentProxy(new Uint8Array(mail.attachments[0]!.content as ArrayBuffer));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const part of [
      'Acme Trading GmbH',
      'Hafenstraße 12',
      '20457 Hamburg',
      'Tax ID: DE123456789',
      'Quote the order number on every invoice.',
    ])
      expect(text).toContain(part);
  });

  it('leaves the PDF out with attach_pdf false and sends nothing without send_email', async () => {
    const first = await approvedOrder();
    const bare = await first.o.call('POST', `${first.url}/send`, { send_email: true, attach_pdf: false });
    expect(bare.json().data.email_sent).toBe(true);
    expect(received).toHaveLength(1);
    expect((await PostalMime.parse(received[0]!.raw)).attachments).toHaveLength(0);

    const second = await approvedOrder();
    const quiet = await second.o.call('POST', `${second.url}/send`, {});
    expect(quiet.json().data).toMatchObject({ status: 'sent', email_sent: false });
    expect(received).toHaveLength(1);
  });

  it('answers email_sent false when the server refuses the message, and the order stays sent', async () => {
    const { o, url } = await approvedOrder('blocked@supplier.test');
    const res = await o.call('POST', `${url}/send`, { send_email: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'sent', sent_to: 'blocked@supplier.test', email_sent: false });
    expect((await o.call('GET', url)).json().data.status).toBe('sent');
    expect(received).toHaveLength(0);
  });

  it('records on the order when its e-mail was accepted, and nothing when it was refused or not asked for', async () => {
    const mailed = await approvedOrder();
    const sent = await mailed.o.call('POST', `${mailed.url}/send`, { send_email: true });
    const emailedAt = sent.json().data.emailed_at as string;
    expect(emailedAt).toEqual(expect.any(String));
    const read = await mailed.o.call('GET', mailed.url);
    expect(read.json().data).toMatchObject({ sent_to: 'orders@supplier.test', emailed_at: emailedAt });
    expect(read.headers.etag).toBe(sent.headers.etag);

    const refused = await approvedOrder('blocked@supplier.test');
    expect((await refused.o.call('POST', `${refused.url}/send`, { send_email: true })).json().data).toMatchObject({
      email_sent: false,
      emailed_at: null,
    });
    expect((await refused.o.call('GET', refused.url)).json().data).toMatchObject({
      sent_to: 'blocked@supplier.test',
      emailed_at: null,
    });

    const unasked = await approvedOrder();
    await unasked.o.call('POST', `${unasked.url}/send`, { send_email: false });
    expect((await unasked.o.call('GET', unasked.url)).json().data.emailed_at).toBeNull();
  });

  it('tells the caller the server sends e-mail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: t.auth });
    expect(res.json().data.email_enabled).toBe(true);
  });

  it('logs a refused delivery as a structured warning of the app with the request id, not as a process warning', async () => {
    const { o, order, url } = await approvedOrder('blocked@supplier.test');
    const res = await o.call('POST', `${url}/send`, { send_email: true });
    expect(res.json().data.email_sent).toBe(false);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));
    const warnings = logLines.filter((line) => line.msg === 'Purchase order e-mail was not delivered');
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: requestId,
        purchase_order_id: order.id,
        po_number: order.po_number,
        error: expect.stringContaining('Mailbox unavailable'),
      }),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(processWarnings).toEqual([]);
  });
});

describe('cancellation notices', () => {
  it('mails the supplier who had the order and records supplier_notified', async () => {
    const { o, order, url } = await approvedOrder();
    await o.call('POST', `${url}/send`, {});
    const res = await o.call('POST', `${url}/cancel`, { reason: 'Budget cut' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', supplier_notified: true });
    expect((await o.call('GET', url)).json().data.supplier_notified).toBe(true);

    expect(received).toHaveLength(1);
    expect(received[0]!.recipients).toEqual(['orders@supplier.test']);
    const mail = await PostalMime.parse(received[0]!.raw);
    expect(mail.subject).toBe(`Cancelled: purchase order ${order.po_number}`);
    expect(mail.text).toContain(`Our purchase order ${order.po_number}`);
    expect(mail.text).toContain('Reason: Budget cut');
  });

  it('stays quiet with notify_supplier false and for orders the supplier never had', async () => {
    const sent = await approvedOrder();
    await sent.o.call('POST', `${sent.url}/send`, {});
    const unnotified = await sent.o.call('POST', `${sent.url}/cancel`, { reason: 'No', notify_supplier: false });
    expect(unnotified.json().data).toMatchObject({ status: 'cancelled', supplier_notified: false });

    const approved = await approvedOrder();
    const never = await approved.o.call('POST', `${approved.url}/cancel`, { reason: 'No' });
    expect(never.json().data).toMatchObject({ status: 'cancelled', supplier_notified: false });
    expect(received).toHaveLength(0);
  });
});
