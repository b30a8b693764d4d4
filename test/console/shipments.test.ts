// Shipments in the console, in a real browser: a warehouse worker picks a shipment by scans typed as a scanner
// types them (a product not on the list refused, in red), packs it short, ships it with carrier
// and tracking numbers; the packing slip answered with the session; a viewer who sees shipments but no action;
// the pick on a phone (360 px, nothing wider than the screen); the list's warehouse remembered and one pick list of
// the ticked shipments; a return recorded against the shipment's order.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadWithSession, startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { shipmentSetup, type StockedProduct } from '../helpers/shipment-setup.js';

let harness: ConsoleHarness;
let setup: ReturnType<typeof shipmentSetup>;
let call: ReturnType<typeof shipmentSetup>['call'];
let warehouseId: string;

const stockedProduct = (name: string) => setup.stockedProduct(name);
const draftShipment = (lines: { product: StockedProduct; quantity: number }[]) => setup.shipment(lines);

async function shipmentNow(id: string) {
  const res = await call('GET', `/api/v1/sales/shipments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    status: string;
    notes: string | null;
    lines: { quantity: number }[];
    carrier: string | null;
    tracking_numbers: string[];
  };
}

/** What a barcode scanner does: the code typed fast into the focused field, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** The page's title holds the shipment's number and its status badge. */
async function waitForStatus(page: Page, label: string) {
  await page.getByRole('heading', { level: 1 }).filter({ hasText: label }).waitFor();
}

beforeAll(async () => {
  harness = await startConsole();
  setup = shipmentSetup(harness);
  ({ call, warehouseId } = setup);
});

afterAll(async () => {
  await harness?.close();
});

describe('shipments in the console', () => {
  // The longest walk of the console's tests: from the first scan to delivered.
  it('picks by scans (refusing a product not on the list), packs short and ships', { timeout: 120_000 }, async () => {
    const drill = await stockedProduct('Cordless drill');
    const bits = await stockedProduct('Drill bit set');
    const hammer = await stockedProduct('Claw hammer');
    const shipment = await draftShipment([
      { product: drill, quantity: 2 },
      { product: bits, quantity: 3 },
    ]);
    const worker = await makeUser(harness.services, harness.tenant.tenantId, 'warehouse');

    const page = await harness.newPage();
    await harness.signIn(page, worker.email);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Shipments' }).click();
    await page.getByRole('table', { name: 'Shipments' }).waitFor();
    await page.getByRole('link', { name: shipment.shipment_number }).click();
    await waitForStatus(page, 'To pick');

    // The scan field has the focus: the worker scans without touching the screen.
    const scanField = page.getByLabel('Scan a barcode or SKU');
    const scanId = await scanField.getAttribute('id');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(scanId);
    const lines = page.getByRole('table', { name: 'Lines to pick' });
    const row = (product: StockedProduct) => lines.getByRole('row').filter({ hasText: product.name });
    await scan(page, drill.barcode);
    await scan(page, drill.sku);
    await row(drill).filter({ hasText: '2 of 2' }).waitFor();
    await scan(page, hammer.sku);
    const refusal = page.getByRole('alert').filter({ hasText: hammer.sku });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('is not on this pick list');
    // One more drill than the line ships is refused too; the count stays.
    await scan(page, drill.barcode);
    await page.getByRole('alert').filter({ hasText: 'are picked already' }).waitFor();
    await scan(page, bits.barcode);
    await scan(page, bits.barcode);
    await row(bits).filter({ hasText: '2 of 3' }).waitFor();
    expect(await row(drill).textContent()).toContain('2 of 2');
    // A manual step down and up again.
    await row(bits)
      .getByRole('button', { name: `One less ${bits.name}` })
      .click();
    await row(bits).filter({ hasText: '1 of 3' }).waitFor();
    await row(bits)
      .getByRole('button', { name: `One more ${bits.name}` })
      .click();
    await row(bits).filter({ hasText: '2 of 3' }).waitFor();
    await scanField.focus();
    await scan(page, hammer.sku);
    await page.getByRole('alert').filter({ hasText: hammer.sku }).waitFor();
    await harness.screenshot(page, 'shipment-pick');

    // Finishing with the bits one short: the line is flagged, and the confirmation lists it before packing short.
    await page.getByRole('button', { name: 'Pick', exact: true }).click();
    const short = page.getByRole('alert').filter({ hasText: 'Short pick' });
    const shortList = short.getByRole('list', { name: 'Lines picked short' });
    await shortList.getByText(`${bits.sku}: 2 of 3 picked, 1 back to the order`).waitFor();
    expect(await shortList.getByRole('listitem').count()).toBe(1);
    await row(bits).getByText('Short', { exact: true }).waitFor();
    expect(await row(drill).getByText('Short', { exact: true }).count()).toBe(0);
    await harness.screenshot(page, 'shipment-pack-short');
    // Keep picking hides it; the worker does not find the third set and packs short.
    await short.getByRole('button', { name: 'Keep picking' }).click();
    await short.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Pick', exact: true }).click();
    await short.getByRole('button', { name: 'Pack short' }).click();
    await waitForStatus(page, 'Packed');
    const packed = await shipmentNow(shipment.id);
    expect(packed.status).toBe('packed');
    expect(packed.notes).toBe(`Short pick: ${bits.sku} 2 of 3.`);
    expect(packed.lines.map((l) => l.quantity)).toEqual([2, 2]);
    await page.getByText(`Short pick: ${bits.sku} 2 of 3.`).first().waitFor();
    // The missing set is the order's again: backordered, no longer reserved.
    const orderLines = (await call('GET', `/api/v1/sales/orders/${shipment.order_id}`)).json().data.lines;
    expect(orderLines.map((l: { quantity_backordered: number }) => l.quantity_backordered)).toEqual([0, 1]);

    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    const ship = page.getByRole('dialog', { name: `Ship ${shipment.shipment_number}` });
    // Without a carrier: refused at its field, nothing sent.
    await ship.getByRole('button', { name: 'Ship', exact: true }).click();
    await ship.getByText('Enter the carrier taking the parcel.').waitFor();
    expect(await ship.getByLabel('Carrier').getAttribute('aria-invalid')).toBe('true');
    await ship.getByLabel('Carrier').fill('DHL');
    await ship.getByLabel('Service').fill('Express');
    await ship.getByLabel('Tracking numbers').fill('JD0146000062812\nJD0146000062813');
    await ship.getByRole('button', { name: 'Ship', exact: true }).click();
    await waitForStatus(page, 'Shipped');
    const shipped = await shipmentNow(shipment.id);
    expect(shipped).toMatchObject({
      status: 'shipped',
      carrier: 'DHL',
      tracking_numbers: ['JD0146000062812', 'JD0146000062813'],
      notes: `Short pick: ${bits.sku} 2 of 3.`,
    });
    await page.getByText('JD0146000062812, JD0146000062813').waitFor();
    // The warehouse may deliver, not record a return (a decision about the order, the sales role's).
    await page.getByRole('button', { name: 'Mark delivered' }).waitFor();
    await page.getByRole('heading', { name: `Returns of ${shipment.order_number}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Record return' }).count()).toBe(0);

    // The packing slip, as the browser downloads it with the session.
    const slip = await page.getByRole('link', { name: 'Packing slip' }).getAttribute('href');
    expect(await downloadWithSession(page, slip)).toEqual({
      status: 200,
      type: expect.stringContaining('application/pdf'),
      magic: '%PDF-',
    });

    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await page
      .getByRole('dialog', { name: /delivered/ })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await waitForStatus(page, 'Delivered');
    expect((await shipmentNow(shipment.id)).status).toBe('delivered');
  });

  it('shows a viewer the shipment and its documents but no action', async () => {
    const tape = await stockedProduct('Packing tape');
    const shipment = await draftShipment([{ product: tape, quantity: 1 }]);
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.goto(`/sales/shipments/${shipment.id}`);
    await waitForStatus(page, 'To pick');
    await page.getByRole('table', { name: 'Shipment lines' }).getByText(tape.name).waitFor();
    await page.getByRole('link', { name: 'Pick list' }).waitFor();
    expect(await page.getByLabel('Scan a barcode or SKU').count()).toBe(0);
    const buttons = await page.getByRole('main').getByRole('button').allTextContents();
    expect(buttons.filter((text) => /Pick|Pack|Ship|Deliver|Cancel|return/i.test(text))).toEqual([]);
  });

  it('picks on a phone: cards with large buttons, nothing wider than 360 px', async () => {
    const gloves = await stockedProduct('Work gloves with a rather long product name, size L');
    const boots = await stockedProduct('Safety boots');
    const shipment = await draftShipment([
      { product: gloves, quantity: 4 },
      { product: boots, quantity: 1 },
    ]);
    const worker = await makeUser(harness.services, harness.tenant.tenantId, 'warehouse');
    const page = await harness.newPage({ width: 360, height: 740 });
    await harness.signIn(page, worker.email);
    await page.goto(`/sales/shipments/${shipment.id}`);
    await waitForStatus(page, 'To pick');
    const cards = page.getByRole('list', { name: 'Lines to pick' });
    const card = cards.getByRole('listitem', { name: gloves.name });
    await card.waitFor();
    expect(await page.getByRole('table', { name: 'Lines to pick' }).count()).toBe(0);
    await scan(page, gloves.barcode);
    await card.getByText('1 of 4').waitFor();
    const more = card.getByRole('button', { name: `One more ${gloves.name}` });
    // Large enough for a thumb.
    expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await more.click();
    await card.getByText('2 of 4').waitFor();
    await page.getByLabel('Scan a barcode or SKU').focus();
    await scan(page, boots.sku);
    await cards.getByRole('listitem', { name: boots.name }).getByText('Picked', { exact: true }).waitFor();
    const overflow = () => page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(Number(await overflow())).toBeLessThanOrEqual(0);
    await harness.screenshot(page, 'shipment-pick-phone');
    // Packing short on the phone: the confirmation lists the gloves, and fits the screen too.
    await page.getByRole('button', { name: 'Pick', exact: true }).click();
    const short = page.getByRole('alert').filter({ hasText: 'Short pick' });
    await short.getByRole('list', { name: 'Lines picked short' }).getByText(`${gloves.sku}: 2 of 4 picked`).waitFor();
    await card.getByText('Short', { exact: true }).waitFor();
    expect(Number(await overflow())).toBeLessThanOrEqual(0);
    await short.getByRole('button', { name: 'Pack short' }).click();
    await waitForStatus(page, 'Packed');
    expect((await shipmentNow(shipment.id)).lines.map((l) => l.quantity)).toEqual([2, 1]);
    expect(Number(await overflow())).toBeLessThanOrEqual(0);
  });

  it('picks in full, then packs with the package details for the slip', async () => {
    const tape = await stockedProduct('Duct tape');
    const shipment = await draftShipment([{ product: tape, quantity: 2 }]);
    const worker = await makeUser(harness.services, harness.tenant.tenantId, 'warehouse');
    const page = await harness.newPage();
    await harness.signIn(page, worker.email);
    await page.goto(`/sales/shipments/${shipment.id}`);
    await waitForStatus(page, 'To pick');
    await scan(page, tape.barcode);
    await scan(page, tape.barcode);
    await page.getByRole('table', { name: 'Lines to pick' }).getByText('2 of 2').waitFor();
    await page.getByRole('button', { name: 'Pick', exact: true }).click();
    await waitForStatus(page, 'Picked');
    expect(await page.getByRole('alert').filter({ hasText: 'Short pick' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Pack', exact: true }).click();
    const pack = page.getByRole('dialog', { name: `Pack ${shipment.shipment_number}` });
    await pack.getByLabel('Notes').fill('One carton, 2 kg.');
    await pack.getByRole('button', { name: 'Mark packed' }).click();
    await waitForStatus(page, 'Packed');
    expect(await shipmentNow(shipment.id)).toMatchObject({ status: 'packed', notes: 'One carton, 2 kg.' });
  });

  it("remembers the worker's warehouse and downloads one pick list of the ticked shipments", async () => {
    const cable = await stockedProduct('Cable ties');
    const first = await draftShipment([{ product: cable, quantity: 5 }]);
    const second = await draftShipment([{ product: cable, quantity: 3 }]);
    const warehouse = (await call('GET', `/api/v1/operations/warehouses/${warehouseId}`)).json().data as {
      name: string;
      code: string;
    };
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto('/sales/shipments');
    await page.getByRole('table', { name: 'Shipments' }).waitFor();
    await page
      .getByRole('textbox', { name: 'Warehouse' })
      .or(page.getByRole('combobox', { name: 'Warehouse' }))
      .click();
    await page.getByRole('option', { name: `${warehouse.name} (${warehouse.code})` }).click();
    await page.waitForURL(new RegExp(`warehouse=${warehouseId}`));

    // Next visit, without the filter in the link: the list opens on that warehouse again.
    await page.goto('/sales/shipments');
    await page.waitForURL(new RegExp(`warehouse=${warehouseId}`));
    const table = page.getByRole('table', { name: 'Shipments' });
    await table.getByRole('row').filter({ hasText: first.shipment_number }).waitFor();
    // Each row links to its order.
    expect(await table.getByRole('link', { name: first.order_number }).getAttribute('href')).toBe(
      `/sales/orders/${first.order_id}`,
    );
    await page.getByRole('checkbox', { name: `Add ${first.shipment_number} to the pick list` }).check();
    await page.getByRole('checkbox', { name: `Add ${second.shipment_number} to the pick list` }).check();
    const wave = page.getByRole('link', { name: 'Download pick list (2 ticked)' });
    const href = await wave.getAttribute('href');
    expect(href).toContain(`warehouse_id=${warehouseId}`);
    expect(decodeURIComponent(href!)).toContain(`shipment_ids=${first.id},${second.id}`);
    expect(await downloadWithSession(page, href)).toEqual({
      status: 200,
      type: expect.stringContaining('application/pdf'),
      magic: '%PDF-',
    });

    await harness.screenshot(page, 'shipments');

    // The tabs filter by status, in the URL too.
    await page.getByRole('tab', { name: 'Delivered' }).click();
    await page.waitForURL(/status=delivered/);
    await table.getByRole('row').filter({ hasText: second.shipment_number }).waitFor({ state: 'detached' });
  });

  it("records a return of the shipment's order, back to stock", async () => {
    const lamp = await stockedProduct('Desk lamp');
    const shipment = await setup.shipment([{ product: lamp, quantity: 3 }], ['ship']);
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/sales/shipments/${shipment.id}`);
    await waitForStatus(page, 'Shipped');
    await page.getByText('Nothing of this order has come back.').waitFor();
    await page.getByRole('button', { name: 'Record return' }).click();
    const dialog = page.getByRole('dialog', { name: `Record a return of ${shipment.order_number}` });
    // More than shipped: the API's refusal lands at the line's field.
    await dialog.getByLabel(`Back to stock of ${lamp.name}`).fill('2');
    await dialog.getByLabel(`Not restocked of ${lamp.name}`).fill('2');
    await dialog.getByLabel('Reason').fill('Wrong colour');
    await dialog.getByRole('button', { name: 'Record return' }).click();
    await dialog.locator('[aria-invalid="true"]').first().waitFor();
    await dialog.getByLabel(`Not restocked of ${lamp.name}`).fill('1');
    await dialog.getByRole('button', { name: 'Record return' }).click();
    await dialog.waitFor({ state: 'detached' });
    const returns = page.getByRole('table', { name: 'Returns' });
    await returns.getByText(`2 × ${lamp.name} · back to stock`).waitFor();
    await returns.getByText(`1 × ${lamp.name} · not restocked`).waitFor();
    const recorded = await call('GET', `/api/v1/sales/orders/${shipment.order_id}/returns`);
    expect(recorded.json().data[0]).toMatchObject({ reason: 'Wrong colour', total_quantity: 3, restocked_quantity: 2 });
  });
});
