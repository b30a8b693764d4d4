// Acting on many rows in a real browser: products ticked in the list and deactivated together, a price change
// with a product refused shown at its row and in the result dialog, the labels of the selection as one PDF, and
// the list exported as a CSV holding exactly the rows its filter shows; purchase orders ticked and cancelled.
import fs from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { apiBuilders } from '../helpers/api-builders.js';

let harness: ConsoleHarness;
const PRODUCTS = '/api/v1/operations/products';

async function api<T = { id: string }>(method: 'POST' | 'GET', url: string, payload?: object): Promise<T> {
  const response = await harness.app.inject({ method, url, headers: harness.auth, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<{ data: T }>().data;
}

interface Made {
  id: string;
  name: string;
  sku: string;
}

/** An active product. */
async function activeProduct(body: object): Promise<Made> {
  const product = await api<Made>('POST', PRODUCTS, body);
  await api('POST', `${PRODUCTS}/${product.id}/activate`);
  return product;
}

async function signedInAdmin(): Promise<Page> {
  const page = await harness.newPage({ height: 900 });
  await harness.signIn(page, harness.tenant.adminEmail);
  return page;
}

/** The rows of a downloaded CSV file, without its byte-order mark, each split at its commas (no quoted commas here). */
async function csvRows(download: Download): Promise<string[][]> {
  const text = await fs.readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

const tick = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Products' })
    .getByRole('checkbox', { name: `Select ${name}` })
    .check();

beforeAll(async () => {
  harness = await startConsole();
});

afterAll(async () => {
  await harness?.close();
});

describe('bulk actions in the console', () => {
  it('deactivates three ticked products at once', async () => {
    const made = [
      await activeProduct({ name: 'Bulk hammer', sku: 'BLK-HAM', selling_price: 20 }),
      await activeProduct({ name: 'Bulk saw', sku: 'BLK-SAW', selling_price: 35 }),
      await activeProduct({ name: 'Bulk level', sku: 'BLK-LVL', selling_price: 12 }),
    ];
    const page = await signedInAdmin();
    await page.goto('/products?search=Bulk');
    for (const product of made) await tick(page, product.name);
    const bar = page.getByRole('toolbar', { name: 'Actions for the selected rows' });
    await bar.getByText('3 selected').waitFor();
    await harness.screenshot(page, 'products-bulk');

    await bar.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('3 updated.').waitFor();
    for (const product of made)
      expect((await api<{ status: string }>('GET', `${PRODUCTS}/${product.id}`)).status).toBe('inactive');
    // Nothing was refused: nothing stays ticked.
    expect(await bar.count()).toBe(0);
  });

  it('changes prices by 10 %, showing the product refused at its row and in the result dialog', async () => {
    const priced = await activeProduct({ name: 'Price clamp', sku: 'PRC-CLP', selling_price: 10 });
    const other = await activeProduct({ name: 'Price vise', sku: 'PRC-VSE', selling_price: 40 });
    const unpriced = await activeProduct({ name: 'Price sample', sku: 'PRC-SMP' });
    const page = await signedInAdmin();
    await page.goto('/products?search=Price');
    for (const product of [priced, other, unpriced]) await tick(page, product.name);

    await page.getByRole('button', { name: 'Change price…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change price of 3 products' });
    await dialog.getByLabel('Change (%)').fill('10');
    await dialog.getByRole('button', { name: 'Change price' }).click();

    const result = page.getByRole('dialog', { name: 'Change price: refused products' });
    await result.getByText('2 updated, 1 refused.').waitFor();
    const refused = result.getByRole('table', { name: 'Refused rows' });
    expect(await refused.getByRole('row').nth(1).textContent()).toBe(
      'PRC-SMPPrice sampleThe product has no price to change.',
    );
    await harness.screenshot(page, 'bulk-result');
    await result.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('table', { name: 'Products' }).getByRole('row', { name: /Price sample/ });
    await row.getByText('Refused: The product has no price to change.').waitFor();
    // The refused product stays ticked, to be fixed and tried again.
    expect(await row.getByRole('checkbox', { name: 'Select Price sample' }).isChecked()).toBe(true);
    await page.getByRole('toolbar', { name: 'Actions for the selected rows' }).getByText('1 selected').waitFor();
    expect((await api<{ selling_price: number }>('GET', `${PRODUCTS}/${priced.id}`)).selling_price).toBe(11);
    expect((await api<{ selling_price: number }>('GET', `${PRODUCTS}/${other.id}`)).selling_price).toBe(44);
  });

  it('prints the labels of the ticked products as one PDF', async () => {
    const made = [
      await activeProduct({ name: 'Label rake', sku: 'LBL-RAK', selling_price: 15 }),
      await activeProduct({ name: 'Label hoe', sku: 'LBL-HOE', selling_price: 18 }),
    ];
    const page = await signedInAdmin();
    await page.goto('/products?search=Label');
    for (const product of made) await tick(page, product.name);
    await page
      .getByRole('toolbar', { name: 'Actions for the selected rows' })
      .getByRole('button', { name: 'Print labels' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Labels of 2 products' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download labels' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('product-labels.pdf');
    const bytes = await fs.readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("exports the list as its filter shows it, every page, with the table's columns", async () => {
    for (let i = 1; i <= 3; i += 1)
      await activeProduct({ name: `Export bolt ${i}`, sku: `EXP-BLT-${i}`, selling_price: i });
    await activeProduct({ name: 'Export nut', sku: 'EXP-NUT', selling_price: 1 });
    const page = await signedInAdmin();
    // The nut is outside the filter, and the sort by SKU is the file's order too.
    await page.goto('/products?search=bolt&sort=sku');
    await page.getByRole('table', { name: 'Products' }).getByRole('link', { name: 'Export bolt 3' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d\d-\d\d\.csv$/);
    const rows = await csvRows(download);
    expect(rows[0]).toEqual(['Name', 'SKU', 'Status', 'Type', 'Price', 'Currency', 'Stock', 'Low stock', 'Updated']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4]])).toEqual([
      ['Export bolt 1', 'EXP-BLT-1', '1'],
      ['Export bolt 2', 'EXP-BLT-2', '2'],
      ['Export bolt 3', 'EXP-BLT-3', '3'],
    ]);
    await page.getByText('3 rows exported.').waitFor();
  });

  it('cancels ticked purchase orders one by one, a refused order shown with its reason', async () => {
    const build = apiBuilders(harness.app, harness.auth);
    const warehouse_id = harness.tenant.defaultWarehouseId;
    const open = await build.purchaseOrder({ warehouse_id });
    const done = await build.purchaseOrder({ warehouse_id });
    await api('POST', `/api/v1/operations/purchase-orders/${done.id}/cancel`, { reason: 'Ordered twice' });
    const page = await signedInAdmin();
    await page.goto('/purchase-orders');
    const table = page.getByRole('table', { name: 'Purchase orders' });
    await table.getByRole('checkbox', { name: `Select ${open.po_number}` }).check();
    await table.getByRole('checkbox', { name: `Select ${done.po_number}` }).check();
    await page.getByRole('button', { name: 'Cancel orders…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel 2 orders?' });
    await dialog.getByLabel('Reason').fill('Supplier closed');
    await dialog.getByRole('button', { name: 'Cancel the orders' }).click();

    const result = page.getByRole('dialog', { name: 'Cancel: refused orders' });
    await result.getByText('1 cancelled, 1 refused.').waitFor();
    expect(await result.getByRole('table', { name: 'Refused rows' }).textContent()).toContain(done.po_number);
    await result.getByRole('button', { name: 'Done' }).click();
    expect((await api<{ status: string }>('GET', `/api/v1/operations/purchase-orders/${open.id}`)).status).toBe(
      'cancelled',
    );
  });
});
