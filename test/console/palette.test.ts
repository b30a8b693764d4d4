// The command palette and the keyboard shortcuts in a real browser: Ctrl+K opens it from anywhere, a typed SKU
// finds its product and Enter opens it, a scanned barcode opens its product at once, a screen opens by its name
// with the arrow keys, records of every kind are found and grouped, "/" goes to the screen's search and "?" lists
// the shortcuts; a viewer's palette offers no screen their role cannot open; and a list used by keyboard alone.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBuilders } from '../helpers/api-builders.js';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { stockOps } from '../inventory/stock-ops-helpers.js';

let harness: ConsoleHarness;
let build: ReturnType<typeof apiBuilders>;

beforeAll(async () => {
  harness = await startConsole();
  build = apiBuilders(harness.app, harness.auth);
});

afterAll(async () => {
  await harness?.close();
});

async function signedIn(email = harness.tenant.adminEmail): Promise<Page> {
  const page = await harness.newPage();
  await harness.signIn(page, email);
  return page;
}

/** Ctrl+K, and the palette's field, which has the focus. */
async function openPalette(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const field = dialog.getByRole('combobox', { name: 'Search the console' });
  await field.waitFor();
  expect(await hasFocus(field)).toBe(true);
  return { dialog, field };
}

/** Whether the element has the focus. */
const hasFocus = (element: Locator) => element.evaluate((node) => node === node.ownerDocument.activeElement);

const isFocused = (page: Page, name: string) => hasFocus(page.getByRole('textbox', { name, exact: true }));

describe('the command palette', () => {
  it('finds a product by its SKU and opens it with Enter; a scanned barcode opens its product at once', async () => {
    const product = await build.product({
      name: 'Palette hinge',
      sku: 'PAL-HNG-1',
      barcode: '4006381333931',
      barcode_type: 'other',
    });
    const page = await signedIn();
    await page.getByRole('heading', { level: 1 }).waitFor();

    const { dialog, field } = await openPalette(page);
    await field.fill('PAL-HNG-1');
    const option = dialog.getByRole('option', { name: /Palette hinge/ });
    await option.waitFor();
    // The first result is highlighted: the product, the screens having nothing called so.
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await field.press('Enter');
    await page.waitForURL(new RegExp(`/products/${product.id}$`));
    await page.getByRole('heading', { name: /Palette hinge/, level: 1 }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A scanner types the digits one straight after the other, and Enter: no waiting for results.
    await page.goto('/inventory');
    await openPalette(page);
    await page.keyboard.type('4006381333931');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/products/${product.id}$`));
  });

  it('opens a screen by its name, moving through the results with the arrow keys', async () => {
    const page = await signedIn();
    const { dialog, field } = await openPalette(page);
    await field.fill('inventory');
    const screens = dialog.getByRole('group', { name: 'Screens' }).getByRole('option');
    await screens.filter({ hasText: 'Physical count' }).waitFor();
    expect(await screens.allTextContents()).toEqual([
      'StockInventory',
      'MovementsInventory',
      'Physical countInventory',
      'Reorder reportInventory',
      'WarehousesInventory',
    ]);
    await field.press('ArrowDown');
    await field.press('ArrowDown');
    expect(await screens.nth(2).getAttribute('aria-selected')).toBe('true');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await screens.nth(2).getAttribute('id'));
    await field.press('Enter');
    await page.waitForURL(/\/inventory\/count$/);
    await page.getByRole('heading', { name: 'Physical count', level: 1 }).waitFor();

    // Escape closes it, and the focus goes back where it was.
    await page.getByRole('button', { name: /^Search/ }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate('document.activeElement?.textContent')).toMatch(/^Search/);
  });

  it('groups what it finds: products, purchase orders, sales orders, suppliers and customers', async () => {
    const supplier = await build.activeSupplier({ name: 'Lantern Hinge Works' });
    const product = await build.product({ name: 'Lantern hinge, brass', sku: 'LNT-HNG-40' });
    await build.product({ name: 'Lantern hinge, steel', sku: 'LNT-HNG-75' });
    await build.purchaseOrder({
      supplier_id: supplier.id,
      warehouse_id: harness.tenant.defaultWarehouseId,
      items: [{ product_id: product.id, quantity: 10, unit_price: 2.5 }],
    });
    const customer = await build.customer({ name: 'Lantern Inn' });
    await build.salesOrder({ customer_id: customer.id });
    const page = await signedIn();
    const { dialog, field } = await openPalette(page);
    await field.fill('lantern');
    // The purchase order found by its supplier's name, the sales order by its customer's.
    const groups = ['Products', 'Purchase orders', 'Sales orders', 'Suppliers', 'Customers'];
    for (const group of groups) await dialog.getByRole('group', { name: group }).getByRole('option').first().waitFor();
    const products = await dialog.getByRole('group', { name: 'Products' }).getByRole('option').allTextContents();
    expect(products.sort()).toEqual(['Lantern hinge, brassLNT-HNG-40', 'Lantern hinge, steelLNT-HNG-75']);
    const shown = await dialog.getByRole('group').evaluateAll((all) => all.map((group) => group.textContent));
    expect(shown.map((text) => groups.find((group) => text?.startsWith(group)))).toEqual(groups);
    await page.setViewportSize({ width: 1280, height: 900 });
    await harness.screenshot(page, 'palette');

    await dialog
      .getByRole('group', { name: 'Customers' })
      .getByRole('option', { name: /Lantern Inn/ })
      .click();
    await page.waitForURL(new RegExp(`/customers/${customer.id}$`));
  });

  it('focuses the screen\'s search on "/" and lists the shortcuts on "?", not while typing in a field', async () => {
    const page = await signedIn();
    await page.goto('/products');
    await page.getByRole('table', { name: 'Products' }).waitFor();
    await page.keyboard.press('/');
    expect(await isFocused(page, 'Search')).toBe(true);
    // Typed into the field, "?" is a character like any other.
    await page.keyboard.type('a?');
    expect(await page.getByRole('textbox', { name: 'Search', exact: true }).inputValue()).toBe('a?');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('heading', { name: 'Products', level: 1 }).click();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByRole('cell', { name: "Go to the screen's search field" }).waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('offers a viewer no screen their role cannot open', async () => {
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await signedIn(viewer.email);
    const { dialog, field } = await openPalette(page);
    const screens = dialog.getByRole('group', { name: 'Screens' }).getByRole('option');
    await screens.first().waitFor();
    // Exactly the screens of the viewer's navigation: none of those a viewer may not open (users, the audit log).
    const offered = await screens.evaluateAll((options) => options.map((option) => option.firstChild?.textContent));
    const navigation = await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link')
      .allTextContents();
    expect(offered).toEqual(navigation);
    expect(offered).toContain('Stock');
    expect(offered).not.toContain('Users');
    expect(offered).not.toContain('Audit log');
    await field.fill('users');
    await dialog.getByText('Nothing matches.').or(dialog.getByRole('group').first()).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await dialog.getByRole('group', { name: 'Screens' }).count()).toBe(0);
  });

  it('works by keyboard alone on a list: rows reached by Tab with the focus shown, dialogs holding the focus and giving it back', async () => {
    const item = await build.product({ name: 'Keyboard chisel', sku: 'KBD-CHS-1', track_inventory: true });
    await stockOps(harness).stock(item.id, 5, harness.tenant.defaultWarehouseId);
    const page = await signedIn();
    await page.goto(`/inventory?product=${item.id}`);
    const link = page.getByRole('table', { name: 'Stock records' }).getByRole('link', { name: 'Keyboard chisel' });
    await link.waitFor();
    // Tab from the top of the page reaches the row's link, and the focus is drawn.
    let reached = false;
    for (let step = 0; step < 40 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await hasFocus(link);
    }
    expect(reached).toBe(true);
    expect(await link.evaluate((anchor) => anchor.matches(':focus-visible'))).toBe(true);
    expect(
      await link.evaluate((anchor) => anchor.ownerDocument.defaultView!.getComputedStyle(anchor).outlineStyle),
    ).not.toBe('none');

    // The row's actions by keyboard: the dialog keeps the focus inside, and Escape gives it back to the button.
    await page.keyboard.press('Tab');
    const actions = page.getByRole('button', { name: /^Actions for Keyboard chisel/ });
    for (let step = 0; step < 20; step += 1) {
      if (await hasFocus(actions)) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    const adjust = page.getByRole('menuitem', { name: 'Adjust' });
    await adjust.waitFor();
    for (let step = 0; step < 6; step += 1) {
      if (await hasFocus(adjust)) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Adjust/ });
    await dialog.waitFor();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((box) => box.contains(box.ownerDocument.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(actions)).toBe(true);
  });
});
