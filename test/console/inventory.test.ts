// The Inventory area in a real browser: an adjustment shown in the stock list and the ledger, a refused
// adjustment with the API's message, a physical count's variance before and its effect after, a transfer
// between two warehouses, and a viewer who sees stock but none of the actions that change it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { stockOps } from '../inventory/stock-ops-helpers.js';

let harness: ConsoleHarness;
let ops: ReturnType<typeof stockOps>;
let mainWarehouse: string;

beforeAll(async () => {
  harness = await startConsole();
  ops = stockOps(harness);
  const main = await ops.db
    .selectFrom('warehouses')
    .select('name')
    .where('id', '=', harness.tenant.defaultWarehouseId)
    .executeTakeFirstOrThrow();
  mainWarehouse = main.name;
});

afterAll(async () => {
  await harness?.close();
});

async function productWithStock(quantity: number, warehouseId: string | null = null) {
  const id = await ops.product();
  await ops.stock(id, quantity, warehouseId);
  const product = await ops.db
    .selectFrom('products')
    .select(['name', 'sku'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, ...product };
}

async function signedInAdmin(): Promise<Page> {
  const page = await harness.newPage();
  await harness.signIn(page, harness.tenant.adminEmail);
  return page;
}

async function openAction(page: Page, productName: string, warehouseName: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${productName} in ${warehouseName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  return page.getByRole('dialog');
}

function stockRow(page: Page, warehouseName: string) {
  return page.getByRole('table', { name: 'Stock records' }).getByRole('row').filter({ hasText: warehouseName });
}

describe('the Inventory area', () => {
  it('adjusts stock: the new on hand in the list and the movement in the ledger', async () => {
    const product = await productWithStock(10);
    const page = await signedInAdmin();
    await page.goto(`/inventory?product=${product.id}`);
    await stockRow(page, mainWarehouse).waitFor();

    const dialog = await openAction(page, product.name, mainWarehouse, 'Adjust');
    await dialog.getByLabel('Change of on hand').fill('-3');
    await dialog.getByText('On hand after: 7').waitFor();
    await dialog.getByLabel('Reason').fill('Damaged in handling');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await page.getByText(`Adjusted ${product.name} in ${mainWarehouse} by -3: 7 on hand.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const cells = await stockRow(page, mainWarehouse).getByRole('cell').allTextContents();
    expect(cells.slice(1, 7)).toEqual([product.sku, mainWarehouse, '7', '0', '7', '—']);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Movements' }).click();
    await page.waitForURL(/\/inventory\/movements$/);
    const movement = page
      .getByRole('table', { name: 'Stock movements' })
      .getByRole('row')
      .filter({ hasText: 'Damaged in handling' });
    await movement.waitFor();
    expect(await movement.textContent()).toContain('Adjustment');
    expect(await movement.textContent()).toContain('-3');
    expect(await movement.textContent()).toContain('10 → 7');
    await harness.screenshot(page, 'inventory-movements');

    await movement.getByRole('button', { name: /View the details of the adjustment/ }).click();
    const detail = page.getByRole('dialog', { name: 'Stock movement' });
    await detail.getByText(`${product.name} (${product.sku})`).waitFor();
    expect(await detail.textContent()).toContain('Damaged in handling');
  });

  it('refuses an adjustment below zero with the API message, in the dialog', async () => {
    const product = await productWithStock(4);
    const page = await signedInAdmin();
    await page.goto(`/inventory?product=${product.id}`);
    const dialog = await openAction(page, product.name, mainWarehouse, 'Adjust');
    await dialog.getByLabel('Change of on hand').fill('-9');
    await dialog.getByLabel('Reason').fill('Shrinkage');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Stock cannot be negative. Current: 4, Adjustment: -9' })
      .waitFor();
    expect((await ops.record(product.id, harness.tenant.defaultWarehouseId))!.quantity_on_hand).toBe(4);
  });

  it('reserves stock, and refuses to release more than is reserved', async () => {
    const product = await productWithStock(6);
    const page = await signedInAdmin();
    await page.goto(`/inventory?product=${product.id}`);
    let dialog = await openAction(page, product.name, mainWarehouse, 'Reserve');
    await dialog.getByLabel('Quantity').fill('4');
    await dialog.getByRole('button', { name: 'Reserve' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await stockRow(page, mainWarehouse).getByRole('cell').allTextContents()).slice(3, 6)).toEqual([
      '6',
      '4',
      '2',
    ]);

    dialog = await openAction(page, product.name, mainWarehouse, 'Release');
    await dialog.getByLabel('Quantity').fill('5');
    await dialog.getByRole('button', { name: 'Release' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Cannot release more than is reserved. Reserved: 4, Requested: 5' })
      .waitFor();
  });

  it('shows a physical count variance before submitting, and the counted stock after', async () => {
    const product = await productWithStock(12);
    const page = await signedInAdmin();
    await page.goto('/inventory/count');
    await page.getByRole('combobox', { name: 'Warehouse' }).click();
    await page.getByRole('option', { name: new RegExp(mainWarehouse) }).click();
    await page.getByRole('combobox', { name: 'Add a product' }).fill(product.sku);
    await page.getByRole('option', { name: `${product.name} (${product.sku})` }).click();
    const line = page.getByRole('table', { name: 'Count lines' }).getByRole('row').filter({ hasText: product.sku });
    await line.getByRole('cell', { name: '12', exact: true }).waitFor();
    await page.getByLabel(`Counted quantity of ${product.name}`).fill('9');
    await line.getByRole('cell', { name: '-3', exact: true }).waitFor();
    expect(await line.textContent()).toContain('-25 %');
    await harness.screenshot(page, 'inventory-count');
    expect((await ops.record(product.id, harness.tenant.defaultWarehouseId))!.quantity_on_hand).toBe(12);

    await page.getByRole('button', { name: 'Review and record' }).click();
    await page
      .getByRole('dialog', { name: 'Record the count' })
      .getByRole('button', { name: 'Record the count' })
      .click();
    const result = page.getByRole('table', { name: 'Count results' }).getByRole('row').filter({ hasText: product.sku });
    await result.getByText('Recorded').waitFor();
    expect(await result.getByRole('cell').allTextContents()).toEqual([
      `${product.name} (${product.sku})`,
      '12',
      '9',
      '-3',
      '9',
      'Recorded',
    ]);
    expect((await ops.record(product.id, harness.tenant.defaultWarehouseId))!.quantity_on_hand).toBe(9);
  });

  it('transfers stock to another warehouse', async () => {
    const other = await ops.warehouse(`EAST${Date.now().toString(36).toUpperCase()}`);
    const otherName = (
      await ops.db.selectFrom('warehouses').select('name').where('id', '=', other).executeTakeFirstOrThrow()
    ).name;
    const product = await productWithStock(10);
    const page = await signedInAdmin();
    await page.goto(`/inventory?product=${product.id}`);
    const dialog = await openAction(page, product.name, mainWarehouse, 'Transfer');
    await dialog.getByRole('combobox', { name: 'To warehouse' }).click();
    await page.getByRole('option', { name: new RegExp(otherName) }).click();
    await dialog.getByLabel('Quantity').fill('4');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await stockRow(page, otherName).waitFor();
    expect((await stockRow(page, otherName).getByRole('cell').allTextContents()).slice(3, 6)).toEqual(['4', '0', '4']);
    expect((await stockRow(page, mainWarehouse).getByRole('cell').allTextContents()).slice(3, 6)).toEqual([
      '6',
      '0',
      '6',
    ]);
    expect((await ops.record(product.id, other))!.quantity_on_hand).toBe(4);

    await page.goto('/inventory');
    await page.getByRole('table', { name: 'Stock records' }).waitFor();
    await harness.screenshot(page, 'inventory-stock');
  });

  it('creates, edits and deletes a warehouse; reorder settings put a product in the reorder report', async () => {
    const page = await signedInAdmin();
    await page.goto('/inventory/warehouses');
    await page.getByRole('button', { name: 'New warehouse' }).click();
    let dialog = page.getByRole('dialog', { name: 'New warehouse' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Shop floor');
    await dialog.getByRole('textbox', { name: /^Code/ }).fill('shop floor');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The API's 422 for the code appears at its field.
    await dialog.locator('input[data-path="code"][aria-invalid="true"]').waitFor();
    await dialog.getByRole('textbox', { name: /^Code/ }).fill('SHOP');
    await dialog.getByLabel('City').fill('Hull');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('table', { name: 'Warehouses' }).getByRole('row').filter({ hasText: 'SHOP' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Hull');

    await page.getByRole('button', { name: 'Edit Shop floor' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Shop floor' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Shop floor (front)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Shop floor (front)' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Shop floor (front)?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Warehouse Shop floor (front) deleted.').waitFor();
    await row.waitFor({ state: 'detached' });

    const product = await productWithStock(3);
    await page.goto(`/inventory?product=${product.id}`);
    const settings = await openAction(page, product.name, mainWarehouse, 'Reorder settings');
    await settings.getByLabel('Reorder point').fill('5');
    await settings.getByLabel('Reorder quantity').fill('20');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await stockRow(page, mainWarehouse).getByText('Low stock').waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reorder report' })
      .click();
    const suggestion = page
      .getByRole('table', { name: 'Reorder suggestions' })
      .getByRole('row')
      .filter({ hasText: product.sku });
    await suggestion.waitFor();
    // After the line's checkbox, its product and its warehouse: available, point, deficit, suggested.
    expect((await suggestion.getByRole('cell').allTextContents()).slice(3, 7)).toEqual(['3', '5', '2', '20']);
    await harness.screenshot(page, 'inventory-reorder');
  });

  it('lets a viewer see stock but offers no action that changes it', async () => {
    const product = await productWithStock(5);
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.goto(`/inventory?product=${product.id}`);
    const row = stockRow(page, mainWarehouse);
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(3, 6)).toEqual(['5', '0', '5']);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    expect(await page.getByRole('menuitem').count()).toBe(0);
    await page.goto('/inventory/warehouses');
    await page.getByRole('table', { name: 'Warehouses' }).waitFor();
    expect(await page.getByRole('button', { name: 'New warehouse' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
  });
});
