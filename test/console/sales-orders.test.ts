// Sales orders in the console, in a real browser: an order created for a customer with two lines (one scanned, as a
// scanner types), confirmed, its allocation by warehouse and its backorder shown, held and released; another
// cancelled with its reason; the list's backordered filter and a bulk confirmation with the refused order listed
// with the API's reason; what the sales and warehouse roles are offered; and a viewer who sees the orders but no
// action.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { jsonCaller } from '../helpers/test-app.js';

const ORDERS = '/api/v1/sales/orders';

let harness: ConsoleHarness;
let call: ReturnType<typeof jsonCaller>;
let customerId: string;
let sequence = 0;

interface TestProduct {
  id: string;
  name: string;
  sku: string;
  barcode: string;
}

/** A product sold at `price`, with `onHand` units in the default warehouse. */
async function product(name: string, price: number, onHand: number): Promise<TestProduct> {
  const n = ++sequence;
  const body = {
    name: `${name} ${n}`,
    sku: `SAL-${n}-${Date.now().toString(36)}`.toUpperCase(),
    barcode: `59${Date.now()}${n}`,
    barcode_type: 'other',
    selling_price: price,
    track_inventory: true,
  };
  const res = await call('POST', '/api/v1/operations/products', body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  if (onHand > 0) {
    const adjusted = await call('POST', '/api/v1/operations/inventory/adjust', {
      product_id: id,
      warehouse_id: harness.tenant.defaultWarehouseId,
      quantity: onHand,
      reason: 'Opening stock',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
  }
  return { id, name: body.name, sku: body.sku, barcode: body.barcode };
}

/** A draft for the customer, made through the API. */
async function draft(productId: string, quantity: number, extra: Record<string, unknown> = {}) {
  const res = await call('POST', ORDERS, {
    customer_id: customerId,
    currency: 'EUR',
    lines: [{ product_id: productId, quantity, unit_price: 10 }],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; order_number: string };
}

async function confirmed(productId: string, quantity: number, extra: Record<string, unknown> = {}) {
  const order = await draft(productId, quantity, extra);
  const res = await call('POST', `${ORDERS}/${order.id}/confirm`);
  expect(res.statusCode, res.body).toBe(200);
  return order;
}

/** The page's title holds the order's number and its status badge. */
async function waitForStatus(page: Page, label: string) {
  await page.getByRole('heading', { level: 1 }).filter({ hasText: label }).waitFor();
}

beforeAll(async () => {
  harness = await startConsole();
  call = jsonCaller(harness.app, harness.auth);
  const customer = await call('POST', '/api/v1/crm/customers', {
    name: 'Ada Lovelace',
    company: 'Analytical Engines Ltd',
    shipping_address: { street: '3 Dock Road', city: 'Hull', postal_code: 'HU1 1AA', country: 'GB' },
  });
  expect(customer.statusCode, customer.body).toBe(201);
  customerId = customer.json().data.id as string;
});

afterAll(async () => {
  await harness?.close();
});

describe('sales orders in the console', () => {
  it('creates an order with a scanned line, confirms it, shows its allocation, holds and releases it', async () => {
    const drill = await product('Cordless drill', 89.9, 10);
    const bits = await product('Drill bit set', 12.5, 3);

    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sales orders' }).click();
    await page.getByRole('heading', { name: 'Sales orders' }).waitFor();
    await page.getByRole('link', { name: 'New sales order' }).click();
    await page.getByRole('heading', { name: 'New sales order' }).waitFor();

    await page
      .getByRole('textbox', { name: 'Customer' })
      .or(page.getByRole('combobox', { name: 'Customer' }))
      .fill('Ada');
    await page.getByRole('option', { name: /Ada Lovelace/ }).click();
    await page.getByLabel('Requested ship date').fill('2026-12-20');
    // A scanner types the barcode's digits a few milliseconds apart, then Enter: the product is added at once.
    const search = page.getByLabel('Add a product');
    await search.pressSequentially(drill.barcode, { delay: 5 });
    await search.press('Enter');
    await page.getByLabel(`Quantity of ${drill.name}`).waitFor();
    expect(await page.getByLabel(`Unit price of ${drill.name}`).inputValue()).toBe('89.9');
    await page.getByLabel(`Quantity of ${drill.name}`).fill('2');
    // The second line found by its name.
    await search.fill('Drill bit');
    await page.getByRole('option', { name: new RegExp(bits.name) }).click();
    await page.getByLabel(`Quantity of ${bits.name}`).fill('5');
    await page.getByLabel(`Discount of ${bits.name}`).fill('2.5');
    await page.getByLabel('Shipping', { exact: true }).fill('4.95');
    // 2 × 89.90 + 5 × 12.50 − 2.50 + 4.95
    await page.getByRole('cell', { name: 'Order total' }).filter({ hasText: '244.75' }).waitFor();
    // From the top: a full-page picture of a scrolled page draws the fixed header over its middle.
    await page.evaluate('window.scrollTo(0, 0)');
    await harness.screenshot(page, 'sales-order-form');
    await page.getByRole('button', { name: 'Create draft' }).click();

    await page.waitForURL(/\/sales\/orders\/[0-9a-z]{26}$/);
    await waitForStatus(page, 'Draft');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await waitForStatus(page, 'Confirmed');
    await page.getByRole('alert').filter({ hasText: 'confirmed and allocated' }).waitFor();

    // Everything of the drill reserved; 3 of the 5 bit sets, 2 backordered.
    const allocation = page.getByRole('table', { name: 'Allocation by warehouse' });
    await allocation.getByRole('row').filter({ hasText: drill.name }).filter({ hasText: '2' }).waitFor();
    await allocation.getByRole('row').filter({ hasText: bits.name }).filter({ hasText: '3' }).waitFor();
    const bitsLine = page.getByRole('table', { name: 'Order lines' }).getByRole('row').filter({ hasText: bits.name });
    const cells = await bitsLine.getByRole('cell').allInnerTexts();
    expect(cells.slice(1, 7)).toEqual(['5', '3', '0', '2', '0', '0']);
    await page.getByRole('button', { name: 'Allocate backorders' }).waitFor();
    await harness.screenshot(page, 'sales-order-detail');

    await page.getByRole('button', { name: 'Put on hold' }).click();
    const hold = page.getByRole('dialog', { name: /on hold/ });
    await hold.getByLabel('Reason').fill('Waiting for the customer to confirm the address.');
    await hold.getByRole('button', { name: 'Put on hold' }).click();
    await waitForStatus(page, 'On hold');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Waiting for the customer to confirm the address. Nothing ships until the hold is released.' })
      .waitFor();
    // Held, the order keeps its reservations.
    await allocation.getByRole('row').filter({ hasText: drill.name }).waitFor();
    await page.getByRole('button', { name: 'Release hold' }).click();
    await waitForStatus(page, 'Confirmed');
  });

  it("edits the ship-to address, the API's refusal of a country at its field", async () => {
    const lamp = await product('Desk lamp', 30, 5);
    const order = await confirmed(lamp.id, 1);
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/sales/orders/${order.id}`);
    await waitForStatus(page, 'Confirmed');
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: `Edit ${order.order_number}` }).waitFor();
    const shipTo = page.getByRole('region', { name: 'Ship-to address' });
    // The customer's shipping address, which the order took when it was created.
    expect(await shipTo.getByLabel('Ship-to address: Street').inputValue()).toBe('3 Dock Road');
    await shipTo.getByLabel('Ship-to address: Street').fill('7 Quay Street');
    await shipTo.getByLabel('Ship-to address: City').fill('Grimsby');
    await shipTo.getByLabel('Ship-to address: Postal code').fill('DN31 1AA');
    await shipTo.getByLabel('Ship-to address: Country').fill('ZZ');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const country = shipTo.getByLabel('Ship-to address: Country');
    await shipTo.getByText('The country ZZ is not an ISO 3166-1 alpha-2 code').waitFor();
    expect(await country.getAttribute('aria-invalid')).toBe('true');
    await country.fill('gb');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/sales/orders/${order.id}$`));
    await page.getByText('7 Quay Street, DN31 1AA Grimsby, GB').waitFor();
    const saved = await call('GET', `${ORDERS}/${order.id}`);
    expect(saved.json().data.ship_to).toEqual({
      street: '7 Quay Street',
      city: 'Grimsby',
      state: null,
      postal_code: 'DN31 1AA',
      country: 'GB',
    });
  });

  it('cancels an order only with a reason', async () => {
    const saw = await product('Hand saw', 19, 4);
    const order = await confirmed(saw.id, 2);
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/sales/orders/${order.id}`);
    await waitForStatus(page, 'Confirmed');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel ${order.order_number}?` });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByText('Give the reason.').waitFor();
    await dialog.getByLabel('Reason').fill('The customer ordered twice.');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await waitForStatus(page, 'Cancelled');
    await page.getByRole('region', { name: 'History' }).getByText('The customer ordered twice.').waitFor();
    // Its stock is released.
    await page.getByText('No stock is reserved for this order now.').waitFor();
    const after = await call('GET', `${ORDERS}/${order.id}`);
    expect(after.json().data.status).toBe('cancelled');
  });

  it('lists the shipments of an order and records a return, restocking one line and not the other', async () => {
    const hammer = await product('Claw hammer', 15, 5);
    const nails = await product('Nails 500 g', 3, 5);
    const res = await call('POST', ORDERS, {
      customer_id: customerId,
      lines: [
        { product_id: hammer.id, quantity: 2, unit_price: 15 },
        { product_id: nails.id, quantity: 3, unit_price: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as { id: string; order_number: string };
    expect((await call('POST', `${ORDERS}/${order.id}/confirm`)).statusCode).toBe(200);
    const shipment = await call('POST', `${ORDERS}/${order.id}/shipments`, {
      warehouse_id: harness.tenant.defaultWarehouseId,
    });
    expect(shipment.statusCode, shipment.body).toBe(201);
    const { id: shipmentId, shipment_number: shipmentNumber } = shipment.json().data as {
      id: string;
      shipment_number: string;
    };
    expect((await call('POST', `/api/v1/sales/shipments/${shipmentId}/ship`, { carrier: 'DHL' })).statusCode).toBe(200);

    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/sales/orders/${order.id}`);
    await waitForStatus(page, 'Shipped');
    const link = page.getByRole('table', { name: 'Shipments' }).getByRole('link', { name: shipmentNumber });
    expect(await link.getAttribute('href')).toBe(`/sales/shipments/${shipmentId}`);

    await page.getByRole('button', { name: 'Record return' }).click();
    const dialog = page.getByRole('dialog', { name: `Record a return of ${order.order_number}` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Damaged in transit');
    await dialog.getByLabel(`Back to stock of ${hammer.name}`).fill('1');
    await dialog.getByLabel(`Not restocked of ${nails.name}`).fill('2');
    await dialog
      .getByRole('textbox', { name: 'Warehouse' })
      .or(dialog.getByRole('combobox', { name: 'Warehouse' }))
      .click();
    await page.getByRole('option', { name: /Main/ }).first().click();
    await dialog.getByRole('button', { name: 'Record return' }).click();
    await page.getByRole('alert').filter({ hasText: '3 back, 1 to stock' }).waitFor();
    const returns = page.getByRole('table', { name: 'Returns' });
    await returns.getByRole('row').filter({ hasText: 'Damaged in transit' }).waitFor();
    const lines = page.getByRole('table', { name: 'Order lines' });
    const nailCells = await lines.getByRole('row').filter({ hasText: nails.name }).getByRole('cell').allInnerTexts();
    expect(nailCells.slice(1, 7)).toEqual(['3', '0', '3', '0', '0', '2']);
  });

  it('filters the backordered orders and confirms in bulk, listing the refused order', async () => {
    const scarce = await product('Angle grinder', 59, 0);
    const plenty = await product('Safety goggles', 7.5, 50);
    const backordered = await confirmed(scarce.id, 3, { requested_ship_date: '2026-11-01', priority: 5 });
    const first = await draft(plenty.id, 4);
    const second = await draft(plenty.id, 6, { external_ref: `SHOP-${Date.now()}`, channel: 'webshop' });

    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto('/sales/orders');
    const table = page.getByRole('table', { name: 'Sales orders' });
    await table.getByRole('link', { name: second.order_number }).waitFor();

    // The filter is a chip: its label is what a person clicks.
    await page.getByText('Backordered', { exact: true }).click();
    await page.waitForURL(/backordered=true/);
    await table.getByRole('link', { name: backordered.order_number }).waitFor();
    await table.getByRole('link', { name: first.order_number }).waitFor({ state: 'detached' });
    expect(await page.getByRole('checkbox', { name: 'Backordered' }).isChecked()).toBe(true);
    await page.getByText('Backordered', { exact: true }).click();
    await table.getByRole('link', { name: first.order_number }).waitFor();

    await table.getByRole('checkbox', { name: `Select ${first.order_number}` }).check();
    await table.getByRole('checkbox', { name: `Select ${second.order_number}` }).check();
    await table.getByRole('checkbox', { name: `Select ${backordered.order_number}` }).check();
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await bar.getByText('3 selected').waitFor();
    await harness.screenshot(page, 'sales-orders');
    await bar.getByRole('button', { name: 'Confirm' }).click();

    const refused = page.getByRole('dialog', { name: 'Orders refused' });
    await refused.getByRole('listitem').filter({ hasText: backordered.order_number }).waitFor();
    expect(await refused.getByRole('listitem').count()).toBe(1);
    await refused.getByText(/Cannot confirm a sales order whose status is confirmed/).waitFor();
    await page.getByRole('alert').filter({ hasText: '2 orders confirmed, 1 refused.' }).waitFor();
    await refused.getByRole('button', { name: 'Close' }).last().click();

    for (const order of [first, second]) {
      const res = await call('GET', `${ORDERS}/${order.id}`);
      expect(res.json().data.status).toBe('confirmed');
    }
    await table.getByRole('row').filter({ hasText: first.order_number }).filter({ hasText: 'Confirmed' }).waitFor();
  });

  it('lets the sales role work on orders but not ship them, and the warehouse role ship but not edit', async () => {
    const tape = await product('Measuring tape', 6, 10);
    const open = await draft(tape.id, 1);
    const ready = await confirmed(tape.id, 2);
    const seller = await makeUser(harness.services, harness.tenant.tenantId, 'sales');
    const page = await harness.newPage();
    await harness.signIn(page, seller.email);
    await page.goto('/sales/orders');
    await page.getByRole('link', { name: 'New sales order' }).waitFor();
    await page
      .getByRole('table', { name: 'Sales orders' })
      .getByRole('checkbox', { name: `Select ${open.order_number}` })
      .waitFor();
    await page.goto(`/sales/orders/${open.id}`);
    await waitForStatus(page, 'Draft');
    for (const name of ['Edit', 'Confirm', 'Submit for approval', 'Put on hold', 'Cancel order', 'Delete draft'])
      await page
        .getByRole('group', { name: 'Order actions' })
        .getByRole(name === 'Edit' ? 'link' : 'button', { name })
        .waitFor();
    await page.goto(`/sales/orders/${ready.id}`);
    await waitForStatus(page, 'Confirmed');
    await page.getByRole('button', { name: 'Put on hold' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create shipment' }).count()).toBe(0);

    const shipper = await makeUser(harness.services, harness.tenant.tenantId, 'warehouse');
    const warehousePage = await harness.newPage();
    await harness.signIn(warehousePage, shipper.email);
    await warehousePage.goto(`/sales/orders/${ready.id}`);
    await waitForStatus(warehousePage, 'Confirmed');
    await warehousePage.getByRole('button', { name: 'Create shipment' }).waitFor();
    for (const name of ['Put on hold', 'Cancel order', 'Close order'])
      expect(await warehousePage.getByRole('button', { name }).count()).toBe(0);
    expect(await warehousePage.getByRole('link', { name: 'Ada Lovelace' }).count()).toBe(0);
  });

  it('shows a viewer the orders but no action', async () => {
    const gloves = await product('Work gloves', 4, 10);
    const order = await draft(gloves.id, 1);
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.goto('/sales/orders');
    await page.getByRole('table', { name: 'Sales orders' }).getByRole('link', { name: order.order_number }).waitFor();
    expect(await page.getByRole('link', { name: 'New sales order' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: `Select ${order.order_number}` }).count()).toBe(0);

    await page.getByRole('link', { name: order.order_number }).click();
    await waitForStatus(page, 'Draft');
    await page.getByRole('table', { name: 'Order lines' }).waitFor();
    expect(await page.getByRole('group', { name: 'Order actions' }).count()).toBe(0);
    for (const name of ['Edit', 'Confirm', 'Put on hold', 'Cancel order', 'Delete draft'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
  });
});
