// Every screen in the navigation, as an administrator (who sees them all), over data in every state a row can
// show (in stock, low, out of stock, inactive, overdue, suspended, deactivated): one h1, the screen's title, and
// no serious or critical accessibility violation found by axe (names of controls, labels, contrast, roles), nor a
// heading that skips a level, nor in the dialogs its header opens, the receive dialog, the stock actions, a
// sales order's steps, a shipment's and the products' bulk actions (their bar, dialogs and result), whose number
// steppers are named for their field, nor in the command palette and the list of shortcuts, nor on a product's
// stock tab with its chart (the home screen's charts are checked with the home screen). At tablet width
// (768 px) nothing is wider than the window but the tables' own scroll areas.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { shipmentSetup } from '../helpers/shipment-setup.js';
import { jsonCaller } from '../helpers/test-app.js';
import { stockOps } from '../inventory/stock-ops-helpers.js';
import { ORDERS, purchaseOps } from '../purchasing/purchase-order-helpers.js';

let harness: ConsoleHarness;
let lowStockName: string;
let lowStockId: string;
let receivableOrderId: string;
/** A shipment to pick, one packed and one shipped: each screen state and the dialogs its steps open. */
let shipments: Record<'draft' | 'packed' | 'shipped', string>;

beforeAll(async () => {
  harness = await startConsole();
  await seedEveryRowState();
});
afterAll(async () => {
  await harness?.close();
});

async function seedEveryRowState() {
  const stock = stockOps(harness);
  const purchasing = purchaseOps(harness);
  const db = harness.database.db;
  const warehouseId = harness.tenant.defaultWarehouseId;
  const withReorderPoint = async (productId: string, reorderPoint: number) => {
    await db.updateTable('products').set({ reorder_point: reorderPoint }).where('id', '=', productId).execute();
    await db
      .updateTable('inventory_records')
      .set({ reorder_point: reorderPoint })
      .where('product_id', '=', productId)
      .execute();
  };

  await stock.stock(await stock.product(), 20);
  const low = await stock.product();
  await stock.stock(low, 3);
  await withReorderPoint(low, 5);
  lowStockId = low;
  lowStockName = (await db.selectFrom('products').select('name').where('id', '=', low).executeTakeFirstOrThrow()).name;
  const empty = await stock.product();
  await stock.stock(empty, 4);
  await stock.stock(empty, -4);
  await withReorderPoint(empty, 2);
  await db
    .updateTable('products')
    .set({ status: 'inactive' })
    .where('id', '=', await stock.product())
    .execute();

  const overdue = await purchasing.draft();
  await db
    .updateTable('purchase_orders')
    .set({ status: 'sent', expected_delivery_date: '2026-01-05' })
    .where('id', '=', overdue.id)
    .execute();
  receivableOrderId = overdue.id;
  expect(
    (await purchasing.call('POST', `${ORDERS}/${(await purchasing.draft()).id}/submit-for-approval`)).statusCode,
  ).toBe(200);
  await purchasing.supplier('suspended');

  const sales = shipmentSetup(harness);
  const goods = [{ product: await sales.stockedProduct('Pallet wrap'), quantity: 2 }];
  shipments = {
    draft: (await sales.shipment(goods)).id,
    packed: (await sales.shipment(goods, ['pack'])).id,
    shipped: (await sales.shipment(goods, ['ship'])).id,
  };

  const deactivated = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
  await db.updateTable('users').set({ is_active: false }).where('id', '=', deactivated.id).execute();
  expect(warehouseId).toBeTruthy();
}

async function navigationTargets(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
  return (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))).filter(
    Boolean,
  );
}

/** Checked whatever their impact: axe rates a skipped heading level moderate, and files it under best practice. */
const ALWAYS_CHECKED = new Set(['heading-order']);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'heading-order': { enabled: true } } })
    .analyze();
  return results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical' || ALWAYS_CHECKED.has(violation.id),
    )
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** Waits for the screen's title and its data, then expects it to be the only h1. */
async function screenReady(page: Page, label: string) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('heading', { level: 1 }).count(), `h1 on ${label}`).toBe(1);
}

/** The names (titles) of the dialog's number steppers: buttons hidden from screen readers, so outside axe's checks. */
function stepperNames(page: Page): Promise<string[]> {
  return page
    .getByRole('dialog')
    .locator('.mantine-NumberInput-control')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('title') ?? ''));
}

async function expectAccessibleDialog(page: Page, label: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await page.waitForLoadState('networkidle');
  // Checked while fading in, its text is paler than it ends up: wait for the transitions to end (not for a
  // loader's endless spin).
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished))',
  );
  expect(await seriousViolations(page), label).toEqual([]);
  // Two steppers (up and down) per field, named for it: as many distinct names as fields.
  const names = await stepperNames(page);
  for (const name of names) expect(name, `a stepper in ${label}`).toMatch(/^Increase or decrease \S/);
  expect(new Set(names).size, `steppers in ${label}`).toBe(names.length / 2);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The header's buttons that open a form dialog ("New brand", "Invite user", …); links lead to screens instead. */
const DIALOG_OPENERS = /^(New|Invite|Create) /;

describe('the console for every user', () => {
  // Each screen and its dialogs: longer than the default 30 s as the console grows.
  it(
    'gives every screen of the navigation, its dialogs and sign-in one h1 and no serious accessibility violation',
    { timeout: 1_200_000 },
    async () => {
      const page = await harness.newPage();
      await page.goto('/sign-in');
      await page.getByLabel('E-mail').waitFor();
      await screenReady(page, '/sign-in');
      expect(await seriousViolations(page), '/sign-in').toEqual([]);

      await harness.signIn(page, harness.tenant.adminEmail);
      const targets = await navigationTargets(page);
      expect(targets.length).toBeGreaterThan(0);
      let dialogsOpened = 0;
      for (const target of targets) {
        await page.goto(target);
        await screenReady(page, target);
        expect(await seriousViolations(page), target).toEqual([]);

        const openers = page.getByRole('main').getByRole('button', { name: DIALOG_OPENERS });
        for (const name of await openers.allTextContents()) {
          await page.getByRole('main').getByRole('button', { name: name.trim(), exact: true }).click();
          await expectAccessibleDialog(page, `${target}: ${name.trim()}`);
          dialogsOpened += 1;
        }
      }
      expect(dialogsOpened).toBeGreaterThan(5);
    },
  );

  it(
    'has no serious accessibility violation in the receive dialog or the stock actions, steppers included',
    { timeout: 300_000 },
    async () => {
      const page = await harness.newPage();
      await harness.signIn(page, harness.tenant.adminEmail);

      await page.goto(`/purchase-orders/${receivableOrderId}`);
      await screenReady(page, 'purchase order');
      await page.getByRole('button', { name: 'Receive goods' }).click();
      await page.getByRole('dialog').getByRole('table', { name: 'Lines to receive' }).waitFor();
      const receiveSteppers = await stepperNames(page);
      expect(receiveSteppers.length).toBeGreaterThan(0);
      for (const name of receiveSteppers) expect(name).toMatch(/^Increase or decrease Quantity received of \S/);
      await expectAccessibleDialog(page, 'receive goods');

      await page.goto('/inventory');
      await screenReady(page, '/inventory');
      for (const action of ['Adjust', 'Reserve', 'Transfer', 'Reorder settings']) {
        await page.getByRole('button', { name: new RegExp(`^Actions for ${lowStockName} in `) }).click();
        await page.getByRole('menuitem', { name: action }).click();
        // The menu fades out: checked while still there, it is a menu without items.
        await page.getByRole('menu').waitFor({ state: 'detached' });
        await expectAccessibleDialog(page, `stock action ${action}`);
      }
    },
  );

  it('keeps the products bulk bar, its dialogs and the refused rows accessible', { timeout: 300_000 }, async () => {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto('/products');
    await screenReady(page, 'products');
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions for the selected rows' });
    await bar.waitFor();
    expect(await seriousViolations(page), 'products bulk bar').toEqual([]);
    for (const action of ['Set category…', 'Add tags…', 'Change price…']) {
      await bar.getByRole('button', { name: action }).click();
      await expectAccessibleDialog(page, `bulk ${action}`);
    }
    // Far below any price: every product is refused, each with its reason in the result dialog and at its row.
    await bar.getByRole('button', { name: 'Change price…' }).click();
    await page.getByRole('radio', { name: 'Amount' }).check();
    await page.getByLabel('Change (amount)').fill('-9999999');
    await page.getByRole('dialog').getByRole('button', { name: 'Change price' }).click();
    await page.getByRole('dialog', { name: 'Change price: refused products' }).waitFor();
    await expectAccessibleDialog(page, 'bulk result');
    await page
      .getByText(/^Refused: /)
      .first()
      .waitFor();
    expect(await seriousViolations(page), 'products with refused rows').toEqual([]);
  });

  it(
    'has no serious accessibility violation on a sales order, its form and dialogs, or a customer',
    { timeout: 300_000 },
    async () => {
      const call = jsonCaller(harness.app, harness.auth);
      const stock = stockOps(harness);
      const productId = await stock.product();
      await stock.stock(productId, 2);
      const customer = await call('POST', '/api/v1/crm/customers', {
        name: 'Axe Customer',
        shipping_address: { city: 'Hull', country: 'GB' },
      });
      expect(customer.statusCode, customer.body).toBe(201);
      const order = await call('POST', '/api/v1/sales/orders', {
        customer_id: customer.json().data.id,
        requested_ship_date: '2026-01-05',
        lines: [{ product_id: productId, quantity: 5, unit_price: 3, discount_amount: 1 }],
      });
      expect(order.statusCode, order.body).toBe(201);
      const orderId = order.json().data.id as string;
      expect((await call('POST', `/api/v1/sales/orders/${orderId}/confirm`)).statusCode).toBe(200);

      const page = await harness.newPage();
      await harness.signIn(page, harness.tenant.adminEmail);
      await page.goto(`/sales/orders/${orderId}`);
      await screenReady(page, 'sales order');
      await page.getByRole('table', { name: 'Allocation by warehouse' }).waitFor();
      expect(await seriousViolations(page), 'sales order').toEqual([]);
      for (const action of ['Put on hold', 'Cancel order', 'Close order', 'Create shipment']) {
        await page.getByRole('button', { name: action, exact: true }).click();
        await expectAccessibleDialog(page, `sales order: ${action}`);
      }

      await page.goto(`/sales/orders/${orderId}/edit`);
      await screenReady(page, 'sales order form');
      await page.getByRole('table', { name: 'Order lines' }).waitFor();
      expect(await seriousViolations(page), 'sales order form').toEqual([]);

      await page.goto(`/customers/${customer.json().data.id as string}`);
      await screenReady(page, 'customer');
      await page.getByRole('table', { name: 'Orders of the customer' }).waitFor();
      expect(await seriousViolations(page), 'customer').toEqual([]);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expectAccessibleDialog(page, 'customer: Edit');
    },
  );

  it(
    'has no serious accessibility violation on a shipment: the pick, its steps and the return dialog',
    { timeout: 300_000 },
    async () => {
      const page = await harness.newPage();
      await harness.signIn(page, harness.tenant.adminEmail);
      const visit = async (id: string, label: string) => {
        await page.goto(`/sales/shipments/${id}`);
        await screenReady(page, label);
        expect(await seriousViolations(page), label).toEqual([]);
      };

      await visit(shipments.draft, 'shipment to pick');
      await page.getByRole('button', { name: 'Pick', exact: true }).click();
      await page.getByRole('button', { name: 'Keep picking' }).waitFor();
      expect(await seriousViolations(page), 'short pick').toEqual([]);
      await page.getByRole('button', { name: 'Cancel shipment' }).click();
      await expectAccessibleDialog(page, 'cancel a shipment');

      await visit(shipments.packed, 'packed shipment');
      await page.getByRole('button', { name: 'Ship', exact: true }).click();
      await expectAccessibleDialog(page, 'ship a shipment');

      await visit(shipments.shipped, 'shipped shipment');
      await page.getByRole('button', { name: 'Record return' }).click();
      await page.getByRole('dialog').getByRole('table', { name: 'Lines to return' }).waitFor();
      await expectAccessibleDialog(page, 'record a return');

      // On a phone, the pick's cards: as accessible, and nothing wider than the screen.
      const phone = await harness.newPage({ width: 360, height: 740 });
      await harness.signIn(phone, harness.tenant.adminEmail);
      await phone.goto(`/sales/shipments/${shipments.draft}`);
      await screenReady(phone, 'shipment to pick (phone)');
      await phone.getByRole('list', { name: 'Lines to pick' }).waitFor();
      expect(await seriousViolations(phone), 'shipment to pick (phone)').toEqual([]);
      expect(
        Number(await phone.evaluate('document.documentElement.scrollWidth - window.innerWidth')),
      ).toBeLessThanOrEqual(0);
    },
  );

  it("has no serious accessibility violation on a product's stock tab and its chart", async () => {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/products/${lowStockId}`);
    await screenReady(page, 'product');
    await page.getByRole('tab', { name: 'Stock' }).click();
    const chart = page.getByRole('region', { name: 'Stock on hand over time' });
    await chart.getByRole('table', { name: 'Stock on hand over time' }).waitFor();
    await chart.locator('svg.recharts-surface').waitFor();
    expect(await seriousViolations(page), 'product stock chart').toEqual([]);
  });

  it(
    'has no serious accessibility violation in the command palette or the list of keyboard shortcuts',
    { timeout: 120_000 },
    async () => {
      const page = await harness.newPage();
      await harness.signIn(page, harness.tenant.adminEmail);
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Search/ })
        .click();
      const palette = page.getByRole('dialog', { name: 'Search' });
      await palette.getByRole('combobox', { name: 'Search the console' }).fill('pro');
      await palette.getByRole('group', { name: 'Products' }).getByRole('option').first().waitFor();
      await expectAccessibleDialog(page, 'command palette');

      await page.getByRole('heading', { level: 1 }).click();
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await expectAccessibleDialog(page, 'keyboard shortcuts');
    },
  );

  it(
    'follows a dark system setting, keeps a chosen scheme, and stays readable in the dark',
    { timeout: 300_000 },
    async () => {
      const page = await harness.newPage({ colorScheme: 'dark' });
      await harness.signIn(page, harness.tenant.adminEmail);
      const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
      expect(await scheme()).toBe('dark');
      for (const target of ['/', '/products', '/inventory', '/inventory/reorder', '/purchase-orders', '/imports']) {
        await page.goto(target);
        await screenReady(page, `${target} (dark)`);
        expect(await seriousViolations(page), `${target} (dark)`).toEqual([]);
      }
      // The bulk bar over the list, in the dark.
      await page.goto('/purchase-orders');
      await screenReady(page, 'purchase orders (dark)');
      await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
      await page.getByRole('toolbar', { name: 'Actions for the selected rows' }).waitFor();
      expect(await seriousViolations(page), 'purchase orders bulk bar (dark)').toEqual([]);
      await page.goto('/');
      await screenReady(page, 'home (dark)');
      await harness.screenshot(page, 'home-dark');
      await page.goto(`/purchase-orders/${receivableOrderId}`);
      await screenReady(page, 'purchase order (dark)');
      await page.getByRole('button', { name: 'Receive goods' }).click();
      await expectAccessibleDialog(page, 'receive goods (dark)');

      const account = page.getByRole('button', { name: /^Account menu for / });
      const choose = async (name: string) => {
        await account.click();
        const item = page.getByRole('menuitem', { name, exact: true });
        await item.click();
        await page.getByRole('menu').waitFor({ state: 'detached' });
      };
      await choose('Light');
      expect(await scheme()).toBe('light');
      // The choice is kept for the next visit, whatever the system says.
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await scheme()).toBe('light');
      await account.click();
      expect(await page.getByRole('menuitem', { name: 'Light' }).getAttribute('aria-current')).toBe('true');
      expect(await page.getByRole('menuitem', { name: 'Match system' }).getAttribute('aria-current')).toBeNull();
      await page.keyboard.press('Escape');
      await choose('Match system');
      expect(await scheme()).toBe('dark');
    },
  );

  it(
    'fits a tablet: no screen is wider than 768 px but for the tables scrolling inside it',
    { timeout: 300_000 },
    async () => {
      const page = await harness.newPage({ width: 768, height: 1024 });
      await harness.signIn(page, harness.tenant.adminEmail);
      // At tablet width the navigation folds behind its button.
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const targets = await navigationTargets(page);
      for (const target of targets) {
        await page.goto(target);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
        expect(overflow, target).toBeLessThanOrEqual(0);
      }
    },
  );
});
