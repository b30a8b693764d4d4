// Purchase orders drafted from the reorder report, as a buyer does it: the report filtered by supplier, lines
// ticked across the filter, a suggested quantity changed, a line that cannot be ordered refused at its row with
// nothing drafted, then one draft per supplier, linked from the report. A viewer sees the report without any of it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { stockOps } from '../inventory/stock-ops-helpers.js';
import { purchaseOps } from '../purchasing/purchase-order-helpers.js';

let harness: ConsoleHarness;
const names: Record<'bolts' | 'nuts' | 'orphan', string> = { bolts: '', nuts: '', orphan: '' };
let alphaName: string;

beforeAll(async () => {
  harness = await startConsole();
  const ops = stockOps(harness);
  const purchasing = purchaseOps(harness);
  const alpha = await purchasing.supplier('active', 'alpha@s.test');
  const beta = await purchasing.supplier('active', 'beta@s.test');
  const nameOf = async (table: 'products' | 'suppliers', id: string) =>
    (await ops.db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
  alphaName = await nameOf('suppliers', alpha);
  /** A product of `supplierId`, 2 on hand against a reorder point of 10. */
  const low = async (supplierId: string | null) => {
    const id = await ops.product({ supplier_id: supplierId });
    await ops.db.updateTable('products').set({ reorder_point: 10 }).where('id', '=', id).execute();
    await ops.stock(id, 2);
    return nameOf('products', id);
  };
  names.bolts = await low(alpha);
  names.nuts = await low(beta);
  names.orphan = await low(null);
});

afterAll(async () => {
  await harness?.close();
});

/** The supplier filter: a searchable select, which Chromium names a textbox or a combobox by version. */
const supplierField = (page: Page) =>
  page.getByRole('textbox', { name: 'Supplier' }).or(page.getByRole('combobox', { name: 'Supplier' }));

const inMain = (name: string) => `${name} in Main Warehouse`;

async function openReport(email: string): Promise<Page> {
  const page = await harness.newPage();
  await harness.signIn(page, email);
  await page.goto('/inventory/reorder');
  await page.getByRole('table', { name: 'Reorder suggestions' }).locator('tbody tr').first().waitFor();
  return page;
}

describe('purchase orders from the reorder report', () => {
  it('drafts one order per supplier from the lines a buyer ticks, at the quantities set', async () => {
    const page = await openReport(harness.tenant.adminEmail);
    const table = page.getByRole('table', { name: 'Reorder suggestions' });
    const create = page.getByRole('button', { name: 'Draft purchase orders' });
    expect(await create.isDisabled()).toBe(true);

    // Filtered to one supplier: only its product's line.
    await supplierField(page).fill(alphaName);
    await page.getByRole('option', { name: alphaName }).click();
    await table.getByRole('row').filter({ hasText: names.nuts }).waitFor({ state: 'detached' });
    expect(await table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('checkbox', { name: `Choose ${inMain(names.bolts)}` }).check();
    const bolts = table.getByLabel(`Quantity to order of ${inMain(names.bolts)}`);
    expect(await bolts.inputValue()).toBe('8');
    await bolts.fill('30');

    // Back to every supplier: the choice is kept, and more lines join it.
    await page.getByRole('button', { name: 'Clear the supplier filter' }).click();
    await table.getByRole('row').filter({ hasText: names.nuts }).waitFor();
    expect(await table.getByLabel(`Quantity to order of ${inMain(names.bolts)}`).inputValue()).toBe('30');
    await table.getByRole('checkbox', { name: `Choose ${inMain(names.nuts)}` }).check();
    await table.getByRole('checkbox', { name: `Choose ${inMain(names.orphan)}` }).check();
    await page.getByText('3 lines chosen.').waitFor();

    // A product without a supplier cannot be ordered: refused at its row, and nothing is drafted.
    await create.click();
    const refusal = page.getByRole('alert').filter({ hasText: 'No purchase order was drafted' });
    await refusal.getByText(new RegExp(`${names.orphan} in Main Warehouse: .*no preferred supplier`)).waitFor();
    const orphan = table.getByLabel(`Quantity to order of ${inMain(names.orphan)}`);
    expect(await orphan.getAttribute('aria-invalid')).toBe('true');
    // Under the field, in the narrow column, only a short pointer to the alert's reason.
    const message = await orphan.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${message}"]`).textContent()).toBe('Refused');
    expect((await harness.database.db.selectFrom('purchase_orders').select('id').execute()).length).toBe(0);
    await page.evaluate('window.scrollTo(0, 0)');
    await harness.screenshot(page, 'reorder-report-refused');

    await table.getByRole('checkbox', { name: `Choose ${inMain(names.orphan)}` }).uncheck();
    await create.click();
    // The notification says it; the report keeps the drafts' links until dismissed.
    const drafted = page
      .getByRole('alert')
      .filter({ hasText: '2 draft purchase orders created' })
      .filter({ has: page.getByRole('link') });
    await drafted.waitFor();
    await page.getByText('Tick the lines to order; one draft is made per supplier.').waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    await harness.screenshot(page, 'reorder-report-drafted');
    const links = drafted.getByRole('link');
    expect(await links.count()).toBe(2);
    const alphaOrder = drafted.getByRole('listitem').filter({ hasText: alphaName }).getByRole('link');
    await alphaOrder.click();
    await page.waitForURL(/\/purchase-orders\/[0-9a-z]{26}$/);
    const line = page.getByRole('table', { name: 'Order lines' }).getByRole('row').filter({ hasText: names.bolts });
    await line.waitFor();
    expect((await line.getByRole('cell').allTextContents())[1]).toBe('30');
  });

  it('shows a viewer the report and its filters, without choosing or drafting', async () => {
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await openReport(viewer.email);
    await supplierField(page).waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Draft purchase orders' }).count()).toBe(0);
  });
});
