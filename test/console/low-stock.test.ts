// One low-stock rule on every screen: Home's low-stock count, the reorder report's lines and the Stock list
// filtered by low stock count the same records as the API, on a data set where the console's former copies of
// the rule disagreed (a record falling back to its product's reorder point, a record with only its own point, a
// product low in one warehouse but not in total, a discontinued product, a product with a point and no stock).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { stockOps } from '../inventory/stock-ops-helpers.js';

let harness: ConsoleHarness;
let ops: ReturnType<typeof stockOps>;
let fallbackName: string;

beforeAll(async () => {
  harness = await startConsole();
  ops = stockOps(harness);
  const second = await ops.warehouse('LOW2');
  const product = async (reorderPoint: number | null) => {
    const id = await ops.product();
    await ops.db.updateTable('products').set({ reorder_point: reorderPoint }).where('id', '=', id).execute();
    return id;
  };

  const fallback = await product(10); // 4 available, no point of its own: low by the product's 10
  await ops.stock(fallback, 4);
  fallbackName = (
    await ops.db.selectFrom('products').select('name').where('id', '=', fallback).executeTakeFirstOrThrow()
  ).name;
  const ownPoint = await product(null); // only the record has a point: low, though the product is not
  await ops.stock(ownPoint, 2);
  await ops.call('PUT', '/api/v1/operations/inventory/reorder-settings', { product_id: ownPoint, reorder_point: 5 });
  const oneWarehouse = await product(5); // low in the main warehouse, not over both
  await ops.stock(oneWarehouse, 3);
  await ops.stock(oneWarehouse, 20, second);
  const emptied = await product(4); // out of stock, and low
  await ops.stock(emptied, 5);
  await ops.stock(emptied, -5);
  const discontinued = await product(10); // never reordered: not low
  await ops.stock(discontinued, 1);
  for (const action of ['activate', 'discontinue'])
    await ops.call('POST', `/api/v1/operations/products/${discontinued}/${action}`, {});
  await product(3); // a point and no stock record: nothing to count
  await ops.stock(await product(2), 9); // above its point
});

afterAll(async () => {
  await harness?.close();
});

async function signedIn(): Promise<Page> {
  const page = await harness.newPage();
  await harness.signIn(page, harness.tenant.adminEmail);
  return page;
}

/** The body rows of a table, once the first has shown. */
async function bodyRows(page: Page, table: string): Promise<number> {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await rows.first().waitFor();
  return rows.count();
}

describe('low stock', () => {
  it('counts the same records on Home, in the reorder report and in the Stock list as the API', async () => {
    const summary = (await ops.call('GET', '/api/v1/operations/inventory/summary')).json().data;
    const filtered = (await ops.call('GET', '/api/v1/operations/inventory?low_stock=true&per_page=100')).json();
    expect(summary.low_stock_records).toBe(4);
    expect(filtered.meta.total).toBe(4);
    expect((filtered.data as Array<{ is_low_stock: boolean }>).every((record) => record.is_low_stock)).toBe(true);

    const page = await signedIn();
    await page.getByRole('link', { name: 'Low stock: 4' }).waitFor();

    await page.goto('/inventory/reorder');
    expect(await bodyRows(page, 'Reorder suggestions')).toBe(4);
    expect(await bodyRows(page, 'Low stock')).toBe(4);

    await page.goto('/');
    await page.getByRole('link', { name: 'Low stock: 4' }).click();
    await page.waitForURL(/\/inventory\?level=low$/);
    expect(await bodyRows(page, 'Stock records')).toBe(4);
    // The badge is the API's: the record without a point of its own is low by its product's, and says whose.
    const fallbackRow = page
      .getByRole('table', { name: 'Stock records' })
      .getByRole('row')
      .filter({ hasText: fallbackName });
    await fallbackRow.getByText('Low stock').waitFor();
    await fallbackRow.getByText('10 (product)').waitFor();
    const statuses = await page
      .getByRole('table', { name: 'Stock records' })
      .locator('tbody tr td:nth-child(8)')
      .allTextContents();
    expect(statuses.sort()).toEqual(['Low stock', 'Low stock', 'Low stock', 'Out of stock']);
  });
});
