// Purchase orders in the console, in a real browser: an order from draft through approval and sending (not by
// e-mail: the test server has no mail server) to a partial receipt that raises the product's stock and shows in
// the receipt log and the history; a viewer who sees orders but no action; a line's 422 at the line's own field;
// the PDF answered with the session; and, with a mail server, an order e-mailed to its supplier.
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadWithSession, startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { jsonCaller } from '../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchasing/purchase-order-helpers.js';

let harness: ConsoleHarness;
let call: ReturnType<typeof jsonCaller>;
let supplierId: string;
let supplierName: string;
let sequence = 0;

interface TestProduct {
  id: string;
  name: string;
  sku: string;
  barcode: string;
}

async function product(name: string): Promise<TestProduct> {
  const n = ++sequence;
  const body = {
    name: `${name} ${n}`,
    sku: `PUR-${n}-${Date.now().toString(36)}`.toUpperCase(),
    barcode: `BC${Date.now()}${n}`,
    barcode_type: 'other',
    cost_price: 0.25,
    track_inventory: true,
  };
  const res = await call('POST', '/api/v1/operations/products', body);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as string, name: body.name, sku: body.sku, barcode: body.barcode };
}

async function order(productId: string, quantity: number, unitPrice: number, extra: Record<string, unknown> = {}) {
  const res = await call('POST', ORDERS, {
    supplier_id: supplierId,
    warehouse_id: harness.tenant.defaultWarehouseId,
    currency: 'EUR',
    items: [{ product_id: productId, quantity, unit_price: unitPrice }],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; po_number: string };
}

async function stockOnHand(productId: string): Promise<number> {
  const res = await call('GET', `/api/v1/operations/inventory?product_id=${productId}&page=1&per_page=10`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { quantity_on_hand: number }[]).reduce((sum, record) => sum + record.quantity_on_hand, 0);
}

/** The page's title holds the order's number and its status badge. */
async function waitForStatus(page: Page, label: string) {
  await page.getByRole('heading', { level: 1 }).filter({ hasText: label }).waitFor();
}

beforeAll(async () => {
  harness = await startConsole();
  call = jsonCaller(harness.app, harness.auth);
  supplierId = await purchaseOps(harness).supplier('active', 'orders@fasteners.test');
  const supplier = await call('GET', `/api/v1/operations/suppliers/${supplierId}`);
  supplierName = supplier.json().data.name as string;
});

afterAll(async () => {
  await harness?.close();
});

describe('purchase orders in the console', () => {
  it('takes an order from draft through approval and sending to a partial receipt that raises the stock', async () => {
    const bolt = await product('Hex bolt M8');
    const washer = await product('Washer M8');
    // Other orders in other states, so that the list has something to show.
    await order(washer.id, 200, 0.05, { status: 'pending_approval', expected_delivery_date: '2026-12-10' });
    await order(bolt.id, 50, 0.3);
    const stockBefore = await stockOnHand(bolt.id);

    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Purchase orders' })
      .click();
    await page.getByRole('table', { name: 'Purchase orders' }).waitFor();
    await page.getByRole('link', { name: 'New purchase order' }).click();
    // The list has a supplier picker too: wait for the form's.
    await page.getByRole('heading', { name: 'New purchase order' }).waitFor();

    await page
      .getByRole('textbox', { name: 'Supplier' })
      .or(page.getByRole('combobox', { name: 'Supplier' }))
      .fill(supplierName);
    await page.getByRole('option', { name: supplierName }).click();
    await page.getByLabel('Expected delivery date').fill('2026-12-05');
    await page.getByLabel('Currency').fill('EUR');
    await page.getByLabel('Notes').fill('Deliver to gate 3.');
    // A scanned barcode ends with Enter and adds the product at once.
    await page.getByLabel('Add a product').fill(bolt.barcode);
    await page.getByLabel('Add a product').press('Enter');
    await page.getByLabel(`Quantity of ${bolt.name}`).fill('40');
    await page.getByLabel(`Unit cost of ${bolt.name}`).fill('0.3');
    // The second product found by searching its name.
    await page.getByLabel('Add a product').fill('Washer');
    await page.getByRole('option', { name: new RegExp(washer.name) }).click();
    await page.getByLabel(`Quantity of ${washer.name}`).fill('100');
    await page.getByLabel(`Unit cost of ${washer.name}`).fill('0.05');
    await page.getByRole('columnheader', { name: 'Order subtotal' }).filter({ hasText: '17.00' }).waitFor();
    await harness.screenshot(page, 'purchase-order-form');
    await page.getByRole('button', { name: 'Create draft' }).click();

    await page.waitForURL(/\/purchase-orders\/[0-9a-z]{26}$/);
    const orderId = page.url().split('/').pop()!;
    await waitForStatus(page, 'Draft');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await waitForStatus(page, 'Pending approval');

    await page.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: /Approve/ });
    await approve.getByLabel('Approval notes').fill('Within budget.');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'Approved');

    await page.getByRole('button', { name: 'Send to supplier' }).click();
    const send = page.getByRole('dialog', { name: /Send/ });
    // The test server has no mail server: e-mail is neither ticked nor offered, and the dialog says why.
    const byEmail = send.getByRole('checkbox', { name: 'Send by e-mail' });
    expect(await byEmail.isChecked()).toBe(false);
    expect(await byEmail.isDisabled()).toBe(true);
    await send.getByText(/No mail server is configured/).waitFor();
    expect(await send.getByLabel('Message').count()).toBe(0);
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForStatus(page, 'Sent');
    await page.getByText(/^PO-\d{6}-\d{4} marked as sent\.$/).waitFor();
    const history = page.getByLabel('Status history');
    await history.getByText('Marked as sent to the supplier').waitFor();
    await history.getByText('not e-mailed').waitFor();
    expect(await history.getByText(/e-mailed to/).count()).toBe(0);
    await page.getByText('No goods received yet.').waitFor();

    await page.getByRole('button', { name: 'Receive goods' }).click();
    const receive = page.getByRole('dialog', { name: /Receive goods/ });
    // Every line starts at what is outstanding; this delivery is only part of the bolts.
    expect(await receive.getByLabel(`Quantity received of ${bolt.name}`).inputValue()).toBe('40');
    expect(await receive.getByLabel(`Quantity received of ${washer.name}`).inputValue()).toBe('100');
    await receive.getByRole('button', { name: 'Clear all' }).click();
    expect(await receive.getByLabel(`Quantity received of ${washer.name}`).inputValue()).toBe('0');
    await receive.getByLabel(`Quantity received of ${bolt.name}`).fill('15');
    await receive.getByLabel('Receipt notes').fill('One pallet of two.');
    // A viewport as tall as the page, so that the full-page picture shows the dialog's backdrop over all of it.
    await page.setViewportSize({ width: 1280, height: 1200 });
    await harness.screenshot(page, 'purchase-order-receive');
    await page.setViewportSize({ width: 1280, height: 800 });
    await receive.getByRole('button', { name: 'Record receipt' }).click();
    await waitForStatus(page, 'Partially received');

    const boltRow = page.getByRole('table', { name: 'Order lines' }).getByRole('row').filter({ hasText: bolt.name });
    await boltRow.filter({ hasText: '25' }).waitFor();
    const cells = await boltRow.getByRole('cell').allTextContents();
    expect(cells.slice(1, 4)).toEqual(['40', '15', '25']);
    expect(await stockOnHand(bolt.id)).toBe(stockBefore + 15);
    const saved = await call('GET', `${ORDERS}/${orderId}`);
    expect(saved.json().data.status).toBe('partially_received');
    // The partial receipt in the log (who, when, which line, how many, quality, notes) and in the history.
    const receipt = page
      .getByRole('table', { name: 'Receipts' })
      .getByRole('row')
      .filter({ hasText: `15 × ${bolt.name}` });
    await receipt.waitFor();
    const receiptCells = await receipt.getByRole('cell').allTextContents();
    expect(receiptCells.slice(1)).toEqual([
      'Administrator',
      expect.stringContaining(`15 × ${bolt.name}`),
      'Passed',
      'One pallet of two.',
    ]);
    expect(receiptCells[0]).toMatch(/recorded/);
    await history.getByText('Goods received', { exact: true }).waitFor();
    await history.getByText('by Administrator · 15 units on 1 line').waitFor();
    await harness.screenshot(page, 'purchase-order-detail');

    // Labels for the goods just received: one per line this time, as a PDF read with the session.
    await receipt.getByRole('button', { name: /^Labels of the goods received / }).click();
    const labels = page.getByRole('dialog', { name: /^Labels of the goods received/ });
    await labels.getByRole('radio', { name: 'One per line' }).check();
    const labelsHref = await labels.getByRole('link', { name: 'Download labels' }).getAttribute('href');
    expect(labelsHref).toMatch(/\/receipts\/[0-9a-z]{26}\/labels\.pdf\?layout=[a-z0-9-]+&per=line&show_price=true$/);
    const { status, type } = await downloadWithSession(page, labelsHref);
    expect({ status, type }).toEqual({ status: 200, type: expect.stringContaining('application/pdf') });
    await labels.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Purchase orders' }).first().click();
    await page
      .getByRole('table', { name: 'Purchase orders' })
      .getByRole('row')
      .filter({ hasText: saved.json().data.po_number })
      .waitFor();
    // Afresh, without the notifications of the steps before.
    await page.reload();
    await page.getByRole('table', { name: 'Purchase orders' }).waitFor();
    await harness.screenshot(page, 'purchase-orders-list');
  });

  it('shows a viewer the orders but no action', async () => {
    const bolt = await product('Viewer bolt');
    const placed = await order(bolt.id, 5, 1, { status: 'pending_approval' });
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.goto('/purchase-orders');
    await page.getByRole('table', { name: 'Purchase orders' }).waitFor();
    expect(await page.getByRole('link', { name: 'New purchase order' }).count()).toBe(0);
    // The tab and the search go to the URL, and the list follows them.
    await page.getByRole('tab', { name: 'Awaiting approval' }).click();
    await page.waitForURL(/status=approval/);
    await page.getByLabel('Search').fill(placed.po_number);
    await page.waitForURL(/search=PO-/);
    const rows = page.getByRole('table', { name: 'Purchase orders' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(2); // the header and the one order found
    expect(await rows.nth(1).textContent()).toContain(placed.po_number);
    await page.getByRole('link', { name: placed.po_number }).click();
    await waitForStatus(page, 'Pending approval');
    await page.getByRole('link', { name: 'Download PDF' }).waitFor();
    const buttons = await page.getByRole('main').getByRole('button').allTextContents();
    expect(
      buttons.filter((text) =>
        /Approve|Reject|Cancel|Submit|Send|Receive|Delete|Edit|Complete|Acknowledge|invoice/i.test(text),
      ),
    ).toEqual([]);
  });

  it("shows a line's invalid quantity at that line's field", async () => {
    const bolt = await product('Invalid bolt');
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto('/purchase-orders/new');
    await page.getByRole('heading', { name: 'New purchase order' }).waitFor();
    await page
      .getByRole('textbox', { name: 'Supplier' })
      .or(page.getByRole('combobox', { name: 'Supplier' }))
      .fill(supplierName);
    await page.getByRole('option', { name: supplierName }).click();
    await page.getByLabel('Add a product').fill(bolt.sku);
    await page.getByLabel('Add a product').press('Enter');
    const quantity = page.getByLabel(`Quantity of ${bolt.name}`);
    await quantity.fill('0');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await quantity.getAttribute('aria-describedby')) ?? '';
    const message = await page
      .locator(`[id="${describedBy.split(' ').find((id) => id.endsWith('error'))}"]`)
      .textContent();
    expect(message).toMatch(/1|quantity/i);
    expect(page.url()).toMatch(/\/purchase-orders\/new$/);
  });

  it('records the acknowledgement, a receipt with a failed quality check, the invoice, and completes', async () => {
    const bolt = await product('Late bolt');
    const placed = await order(bolt.id, 8, 1.5, { status: 'pending_approval' });
    expect((await call('POST', `${ORDERS}/${placed.id}/approve`, {})).statusCode).toBe(200);
    expect((await call('POST', `${ORDERS}/${placed.id}/send`, { send_email: false })).statusCode).toBe(200);
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/purchase-orders/${placed.id}`);

    await page.getByRole('button', { name: 'Acknowledge' }).click();
    const acknowledge = page.getByRole('dialog', { name: /acknowledgement/ });
    await acknowledge.getByLabel("Supplier's reference").fill('SO-8812');
    await acknowledge.getByRole('button', { name: 'Record acknowledgement' }).click();
    await waitForStatus(page, 'Acknowledged');

    // A failed quality check needs notes: without any, the API's 422 lands on the receipt's quality notes.
    await page.getByRole('button', { name: 'Receive goods' }).click();
    const receive = page.getByRole('dialog', { name: /Receive goods/ });
    const received = receive.getByLabel(`Quantity received of ${bolt.name}`);
    await receive.getByRole('button', { name: 'Clear all' }).click();
    expect(await received.inputValue()).toBe('0');
    // The whole delivery came: one click fills every line with what is outstanding.
    await receive.getByRole('button', { name: 'Receive all' }).click();
    expect(await received.inputValue()).toBe('8');
    await receive.getByRole('checkbox', { name: `Quality check of ${bolt.name} passed` }).uncheck();
    await receive.getByRole('button', { name: 'Record receipt' }).click();
    await receive.getByText('The quality notes field is required when the quality check failed.').waitFor();
    expect(await receive.getByLabel('Quality notes', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await receive.getByLabel(`Quality notes for ${bolt.name}`).fill('Two boxes dented; contents fine.');
    await receive.getByRole('button', { name: 'Record receipt' }).click();
    await waitForStatus(page, 'Received');
    const failed = page
      .getByRole('table', { name: 'Receipts' })
      .getByRole('row')
      .filter({ hasText: `8 × ${bolt.name}` });
    await failed.getByText('Quality check failed: Two boxes dented; contents fine.').waitFor();
    await failed.getByText('Failed', { exact: true }).waitFor();
    await page
      .getByLabel('Status history')
      .getByText('by Administrator · 8 units on 1 line · quality check failed')
      .waitFor();

    await page.getByRole('button', { name: 'Record invoice' }).click();
    const invoice = page.getByRole('dialog', { name: /invoice/ });
    await invoice.getByLabel('Invoice number').fill('INV-4471');
    await invoice.getByRole('button', { name: 'Record invoice' }).click();
    await waitForStatus(page, 'Invoiced');

    await page.getByRole('button', { name: 'Complete' }).click();
    await page
      .getByRole('dialog', { name: /Complete/ })
      .getByRole('button', { name: 'Complete' })
      .click();
    await waitForStatus(page, 'Completed');
    // Nothing left to do to a completed order; printing its receipt's labels changes nothing.
    expect(await page.getByRole('main').getByRole('button').allTextContents()).toEqual(['Labels']);
    const saved = (await call('GET', `${ORDERS}/${placed.id}`)).json().data;
    expect([saved.supplier_reference, saved.invoice_number, saved.invoice_amount]).toEqual(['SO-8812', 'INV-4471', 12]);
  });

  it('asks a reason to reject, and cancels an approved order with its reason', async () => {
    const bolt = await product('Rejected bolt');
    const pending = await order(bolt.id, 2, 1, { status: 'pending_approval' });
    const approved = await order(bolt.id, 3, 1, { status: 'pending_approval' });
    expect((await call('POST', `${ORDERS}/${approved.id}/approve`, {})).statusCode).toBe(200);
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);

    await page.goto(`/purchase-orders/${pending.id}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: /Reject/ });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.getByText(/The reason field/).waitFor();
    expect(await reject.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');
    await reject.getByLabel('Reason').fill('Order from the preferred supplier instead.');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await waitForStatus(page, 'Rejected');
    // The dialog's field holds the same words until it has closed.
    await reject.waitFor({ state: 'hidden' });
    await page.getByText('Order from the preferred supplier instead.').waitFor();

    await page.goto(`/purchase-orders/${approved.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const cancel = page.getByRole('dialog', { name: /Cancel/ });
    await cancel.getByLabel('Reason').fill('Budget frozen.');
    await cancel.getByRole('button', { name: 'Cancel the order' }).click();
    await waitForStatus(page, 'Cancelled');
    expect((await call('GET', `${ORDERS}/${approved.id}`)).json().data.cancellation_reason).toBe('Budget frozen.');
  });

  it('edits a draft: a changed quantity and a removed line', async () => {
    const bolt = await product('Draft bolt');
    const nut = await product('Draft nut');
    const res = await call('POST', ORDERS, {
      supplier_id: supplierId,
      warehouse_id: harness.tenant.defaultWarehouseId,
      currency: 'EUR',
      items: [
        { product_id: bolt.id, quantity: 10, unit_price: 1 },
        { product_id: nut.id, quantity: 20, unit_price: 0.5 },
      ],
    });
    const draft = res.json().data as { id: string };
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/purchase-orders/${draft.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel(`Quantity of ${bolt.name}`).fill('12');
    await page.getByRole('button', { name: `Remove ${nut.name}` }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/purchase-orders/${draft.id}$`));
    const lines = page.getByRole('table', { name: 'Order lines' });
    await lines.getByRole('row').filter({ hasText: bolt.name }).filter({ hasText: '12' }).waitFor();
    expect(await lines.getByRole('row').filter({ hasText: nut.name }).count()).toBe(0);
    const saved = await call('GET', `${ORDERS}/${draft.id}`);
    expect(saved.json().data.total_amount).toBe(12);
  });

  it('downloads the PDF with the session', async () => {
    const bolt = await product('PDF bolt');
    const placed = await order(bolt.id, 3, 2);
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/purchase-orders/${placed.id}`);
    const link = page.getByRole('link', { name: 'Download PDF' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    const answer = await downloadWithSession(page, href);
    expect(answer).toEqual({ status: 200, type: expect.stringContaining('application/pdf'), magic: '%PDF-' });
  });
});

describe('sending purchase orders by e-mail from the console', () => {
  let mailed: ConsoleHarness;
  let smtp: SMTPServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData: (stream, _session, done) => stream.on('end', () => done()).resume(),
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    mailed = await startConsole({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'purchasing@quartermaster.test' },
    });
  });

  afterAll(async () => {
    await mailed?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('ticks "Send by e-mail" when the server has a mail server, and the history names the address e-mailed', async () => {
    const ops = purchaseOps(mailed);
    const placed = await ops.draft({
      supplier_id: await ops.supplier('active', 'sales@mailed.test'),
      status: 'pending_approval',
    });
    expect((await ops.call('POST', `${ORDERS}/${placed.id}/approve`, {})).statusCode).toBe(200);
    const page = await mailed.newPage();
    await mailed.signIn(page, mailed.tenant.adminEmail);
    await page.goto(`/purchase-orders/${placed.id}`);
    await page.getByRole('button', { name: 'Send to supplier' }).click();
    const send = page.getByRole('dialog', { name: /Send/ });
    expect(await send.getByRole('checkbox', { name: 'Send by e-mail' }).isChecked()).toBe(true);
    await send.getByLabel('Message').fill('Please confirm the delivery date.');
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForStatus(page, 'Sent');
    await page.getByText(`${placed.po_number} sent; e-mailed to sales@mailed.test.`).waitFor();
    await page.getByLabel('Status history').getByText('e-mailed to sales@mailed.test').waitFor();
  });
});
