// The warehouse floor in a real browser: a scanner typing codes (a burst of keys a few milliseconds apart, then
// Enter) into the physical count (each scan one unit, the product added when absent), the receipt of a purchase
// order (each scan one unit on its line; a product the order is not waiting for refused at the scan field) and
// the stock page's product filter; the worker's warehouse remembered; and the stock page, the count and the
// receive dialog on a 360 px phone, where nothing scrolls sideways.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBuilders } from '../helpers/api-builders.js';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { stockOps } from '../inventory/stock-ops-helpers.js';

let harness: ConsoleHarness;
let build: ReturnType<typeof apiBuilders>;
let ops: ReturnType<typeof stockOps>;
let mainWarehouse: string;
let sequence = 0;

beforeAll(async () => {
  harness = await startConsole();
  build = apiBuilders(harness.app, harness.auth);
  ops = stockOps(harness);
  mainWarehouse = (
    await ops.db
      .selectFrom('warehouses')
      .select('name')
      .where('id', '=', harness.tenant.defaultWarehouseId)
      .executeTakeFirstOrThrow()
  ).name;
});

afterAll(async () => {
  await harness?.close();
});

/** A product with a barcode, and `onHand` units in the main warehouse. */
async function product(name: string, onHand = 0) {
  const n = ++sequence;
  const created = await build.product({
    name: `${name} ${n}`,
    sku: `FLR-${n}-${Date.now().toString(36)}`.toUpperCase(),
    barcode: `20${String(Date.now()).slice(-9)}${n}`,
    barcode_type: 'other',
    track_inventory: true,
  });
  if (onHand) await ops.stock(created.id, onHand, harness.tenant.defaultWarehouseId);
  return { id: created.id, name: created.name, sku: created.sku, barcode: created.barcode! };
}

/** What a scanner does: the code's characters one straight after the other, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

async function signedIn(width = 1280, height = 800): Promise<Page> {
  const page = await harness.newPage({ width, height });
  await harness.signIn(page, harness.tenant.adminEmail);
  return page;
}

async function chooseWarehouse(page: Page) {
  await page.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.getByRole('option', { name: new RegExp(mainWarehouse) }).click();
}

/** A sent order of these lines, ready to receive. */
async function sentOrder(lines: { product_id: string; quantity: number }[]) {
  const order = await build.purchaseOrder({
    warehouse_id: harness.tenant.defaultWarehouseId,
    items: lines.map((line) => ({ ...line, unit_price: 1.5 })),
  });
  await ops.db.updateTable('purchase_orders').set({ status: 'sent' }).where('id', '=', order.id).execute();
  return order;
}

const counted = (page: Page, name: string) => page.getByLabel(`Counted quantity of ${name}`).inputValue();

async function horizontalOverflow(page: Page): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
}

describe('the warehouse floor', () => {
  it('counts by scans: each scan one unit, a product added at its first scan, wherever the focus is', async () => {
    const drill = await product('Cordless drill', 4);
    const saw = await product('Jigsaw', 2);
    const page = await signedIn();
    await page.goto('/inventory/count');
    await chooseWarehouse(page);

    const scanField = page.getByRole('textbox', { name: 'Scan a barcode or SKU' });
    await scanField.click();
    await scan(page, drill.barcode);
    await page.getByText(`Last scan: ${drill.name} (${drill.sku}), 1 counted`).waitFor();
    await scan(page, drill.barcode);
    await scan(page, saw.sku);
    // Off any field (the focus on the page itself), a scan counts too.
    await page.getByRole('heading', { name: 'Physical count', level: 1 }).click();
    await scan(page, drill.barcode);
    await page.getByText(`Last scan: ${drill.name} (${drill.sku}), 3 counted`).waitFor();
    await expect.poll(() => counted(page, drill.name)).toBe('3');
    await expect.poll(() => counted(page, saw.name)).toBe('1');

    // A code no product has is refused at the scan field, and changes nothing.
    await scanField.click();
    await scan(page, 'NO-SUCH-CODE-1');
    await page.getByText('No product has the barcode or SKU NO-SUCH-CODE-1.').waitFor();
    expect(await page.getByRole('table', { name: 'Count lines' }).getByRole('row').count()).toBe(3);

    await page.getByRole('button', { name: 'Review and record' }).click();
    await page
      .getByRole('dialog', { name: 'Record the count' })
      .getByRole('button', { name: 'Record the count' })
      .click();
    await page.getByText('Count recorded for 2 products.').waitFor();
    expect((await ops.record(drill.id, harness.tenant.defaultWarehouseId))!.quantity_on_hand).toBe(3);
    expect((await ops.record(saw.id, harness.tenant.defaultWarehouseId))!.quantity_on_hand).toBe(1);

    // The warehouse is remembered in this browser, for the count and the stock page.
    await page.reload();
    // Chosen once the warehouses are read.
    await expect.poll(() => page.getByRole('combobox', { name: 'Warehouse' }).inputValue()).toMatch(mainWarehouse);
    await page.goto('/inventory');
    await page.waitForURL(new RegExp(`warehouse=${harness.tenant.defaultWarehouseId}`));
  });

  it('receives by scans, one unit per scan on its line, and refuses a product not on the order', async () => {
    const bolt = await product('Hex bolt');
    const washer = await product('Washer');
    const hammer = await product('Claw hammer');
    const order = await sentOrder([
      { product_id: bolt.id, quantity: 5 },
      { product_id: washer.id, quantity: 3 },
    ]);
    const page = await signedIn();
    await page.goto(`/purchase-orders/${order.id}`);
    await page.getByRole('button', { name: 'Receive goods' }).click();
    const dialog = page.getByRole('dialog', { name: /Receive goods/ });
    const scanField = dialog.getByRole('textbox', { name: 'Scan a barcode or SKU' });
    await scanField.waitFor();
    // The scan field has the focus: the scanner can start at once.
    expect(await scanField.evaluate((input) => input === input.ownerDocument.activeElement)).toBe(true);
    const received = (name: string) => dialog.getByLabel(`Quantity received of ${name}`).inputValue();
    expect(await received(bolt.name)).toBe('5');

    await scan(page, bolt.barcode);
    // The first scan starts every line at 0.
    await dialog.getByText('Each scan counts one unit', { exact: true }).waitFor();
    await expect.poll(async () => [await received(bolt.name), await received(washer.name)]).toEqual(['1', '0']);
    await scan(page, bolt.barcode);
    await scan(page, washer.sku);
    await scan(page, hammer.barcode);
    await dialog.getByText(`${hammer.name} is not on this order, or nothing of it is outstanding.`).waitFor();
    expect(await scanField.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(async () => [await received(bolt.name), await received(washer.name)]).toEqual(['2', '1']);

    await dialog.getByRole('button', { name: 'Record receipt' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Partially received' }).waitFor();
    const items = await ops.db
      .selectFrom('purchase_order_items')
      .select(['product_id', 'quantity_received'])
      .where('purchase_order_id', '=', order.id)
      .execute();
    expect(Object.fromEntries(items.map((item) => [item.product_id, item.quantity_received]))).toEqual({
      [bolt.id]: 2,
      [washer.id]: 1,
    });
  });

  it('filters the stock to a scanned product', async () => {
    const clamp = await product('Bar clamp', 6);
    await product('Bench vice', 2);
    const page = await signedIn();
    await page.goto('/inventory');
    await page.getByRole('table', { name: 'Stock records' }).waitFor();
    await page.getByRole('combobox', { name: 'Product' }).click();
    await scan(page, clamp.barcode);
    await page.waitForURL(new RegExp(`product=${clamp.id}`));
    const rows = page.getByRole('table', { name: 'Stock records' }).getByRole('row');
    // The list read again for the filter: the heading row and the clamp's record alone.
    await rows.nth(2).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toContain(clamp.sku);
  });

  it('fits a 360 px phone: stock, count and receive as cards, nothing scrolling sideways', async () => {
    const drill = await product('Impact driver', 7);
    const order = await sentOrder([{ product_id: drill.id, quantity: 4 }]);
    const page = await signedIn(360, 740);
    // The navigation folds behind its button.
    await page.getByRole('button', { name: 'Toggle navigation' }).waitFor();

    await page.goto(`/inventory?product=${drill.id}`);
    const cards = page.getByRole('list', { name: 'Stock records' });
    await cards.getByRole('listitem').filter({ hasText: drill.sku }).waitFor();
    expect(await cards.getByRole('listitem').first().textContent()).toContain('On hand7');
    expect(await horizontalOverflow(page), 'stock').toBeLessThanOrEqual(0);
    await harness.screenshot(page, 'stock-phone');

    await page.goto('/inventory/count');
    await chooseWarehouse(page);
    await page.getByRole('textbox', { name: 'Scan a barcode or SKU' }).click();
    await scan(page, drill.barcode);
    await scan(page, drill.barcode);
    await expect.poll(() => counted(page, drill.name)).toBe('2');
    await page.getByRole('button', { name: `One more ${drill.name}` }).click();
    await page.getByRole('button', { name: `One less ${drill.name}` }).click();
    await page.getByRole('button', { name: `One more ${drill.name}` }).click();
    await expect.poll(() => counted(page, drill.name)).toBe('3');
    await page.getByRole('list', { name: 'Count lines' }).getByText('-4', { exact: true }).waitFor();
    expect(await horizontalOverflow(page), 'count').toBeLessThanOrEqual(0);
    await harness.screenshot(page, 'count-phone');

    await page.goto(`/purchase-orders/${order.id}`);
    await page.getByRole('button', { name: 'Receive goods' }).click();
    const dialog = page.getByRole('dialog', { name: /Receive goods/ });
    await dialog.getByRole('list', { name: 'Lines to receive' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Scan a barcode or SKU' }).click();
    await scan(page, drill.sku);
    await dialog.getByText('Each scan counts one unit', { exact: true }).waitFor();
    expect(await dialog.getByLabel(`Quantity received of ${drill.name}`).inputValue()).toBe('1');
    expect(await horizontalOverflow(page), 'receive').toBeLessThanOrEqual(0);
    // A window as tall as the dialog's content, which fills the screen, so that the picture shows all of it.
    const tall = await dialog
      .locator('.mantine-Modal-body')
      .evaluate((body) => Math.max(body.scrollHeight + 60, body.ownerDocument.documentElement.scrollHeight));
    await page.setViewportSize({ width: 360, height: Math.max(740, tall) });
    await harness.screenshot(page, 'receive-phone');
  });
});
