// Customers in the console, in a real browser: the list with its search and active filter; a customer added with
// a refused country shown at its field; the customer's page with their orders, edited; the deletion of a customer
// with open orders refused with the API's reason, and of one without allowed; and a viewer who reads only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { jsonCaller } from '../helpers/test-app.js';

let harness: ConsoleHarness;
let call: ReturnType<typeof jsonCaller>;

async function customer(body: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const res = await call('POST', '/api/v1/crm/customers', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string };
}

async function orderFor(customerId: string): Promise<{ id: string; order_number: string }> {
  const product = await call('POST', '/api/v1/operations/products', {
    name: `Ladder ${Date.now()}`,
    sku: `CUS-${Date.now().toString(36)}`.toUpperCase(),
    selling_price: 120,
  });
  expect(product.statusCode, product.body).toBe(201);
  const res = await call('POST', '/api/v1/sales/orders', {
    customer_id: customerId,
    currency: 'EUR',
    requested_ship_date: '2026-12-18',
    lines: [{ product_id: product.json().data.id, quantity: 2, unit_price: 120 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; order_number: string };
}

beforeAll(async () => {
  harness = await startConsole();
  call = jsonCaller(harness.app, harness.auth);
});

afterAll(async () => {
  await harness?.close();
});

describe('customers in the console', () => {
  it('lists, searches, filters and adds customers, each refusal at its field', async () => {
    await customer({
      name: 'Grace Hopper',
      company: 'Cobol Works',
      email: 'grace@cobol.example',
      shipping_address: { street: '1 Navy Yard', city: 'Arlington', postal_code: '22202', country: 'US' },
    });
    await customer({ name: 'Charles Babbage', company: 'Difference Engines', external_id: 'shop-2001' });
    await customer({ name: 'Old Account', is_active: false });

    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
    const table = page.getByRole('table', { name: 'Customers' });
    await table.getByRole('link', { name: 'Grace Hopper' }).waitFor();

    await page.getByLabel('Search').fill('shop-2001');
    await page.waitForURL(/search=shop-2001/);
    await table.getByRole('link', { name: 'Grace Hopper' }).waitFor({ state: 'detached' });
    await table.getByRole('link', { name: 'Charles Babbage' }).waitFor();
    await page.getByLabel('Search').fill('');
    await table.getByRole('link', { name: 'Grace Hopper' }).waitFor();

    await page
      .getByRole('textbox', { name: 'Active' })
      .or(page.getByRole('combobox', { name: 'Active' }))
      .click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.waitForURL(/active=inactive/);
    await table.getByRole('link', { name: 'Old Account' }).waitFor();
    await table.getByRole('link', { name: 'Grace Hopper' }).waitFor({ state: 'detached' });
    await page.goto('/customers');
    await table.getByRole('link', { name: 'Old Account' }).waitFor();
    await harness.screenshot(page, 'customers');

    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByLabel('Name').fill('Katherine Johnson');
    await dialog.getByLabel('E-mail').fill('katherine@langley.example');
    await dialog.getByLabel('Shipping address: City').fill('Hampton');
    await dialog.getByLabel('Shipping address: Country').fill('XX');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await dialog
      .getByText(/country/i)
      .filter({ hasNotText: 'Two-letter' })
      .first()
      .waitFor();
    await dialog.getByLabel('Shipping address: Country').fill('us');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await page.waitForURL(/\/customers\/[0-9a-z]{26}$/);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Katherine Johnson' }).waitFor();
    await page.getByText('Hampton, US').waitFor();
  });

  it("shows a customer's orders, edits the customer and refuses to delete one with open orders", async () => {
    const ada = await customer({
      name: 'Ada Lovelace',
      company: 'Analytical Engines Ltd',
      email: 'ada@analytical.example',
      phone: '+44 20 7946 0000',
      shipping_address: { street: '3 Dock Road', city: 'Hull', postal_code: 'HU1 1AA', country: 'GB' },
      notes: 'Deliveries to the loading bay.',
    });
    const order = await orderFor(ada.id);

    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/customers/${ada.id}`);
    const orders = page.getByRole('table', { name: 'Orders of the customer' });
    await orders.getByRole('link', { name: order.order_number }).waitFor();
    await harness.screenshot(page, 'customer-detail');

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Ada Lovelace' });
    await dialog.getByLabel('Phone').fill('+44 20 7946 0001');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('+44 20 7946 0001').waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Ada Lovelace?' })
      .getByRole('button', { name: 'Delete customer' })
      .click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The customer cannot be deleted while 1 open sales order references it.' })
      .waitFor();
    expect(page.url()).toContain(`/customers/${ada.id}`);

    const spare = await customer({ name: 'Spare Account' });
    await page.goto(`/customers/${spare.id}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Spare Account' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Spare Account?' })
      .getByRole('button', { name: 'Delete customer' })
      .click();
    await page.waitForURL(/\/customers$/);
    const gone = await call('GET', `/api/v1/crm/customers/${spare.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('lets a viewer read customers and change nothing', async () => {
    const reader = await customer({ name: 'Read Only Ltd' });
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.goto(`/customers/${reader.id}`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Read Only Ltd' }).waitFor();
    for (const name of ['Edit', 'Delete', 'New order'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New order' }).count()).toBe(0);
    await page.goto('/customers');
    await page.getByRole('table', { name: 'Customers' }).waitFor();
    expect(await page.getByRole('button', { name: 'New customer' }).count()).toBe(0);
  });
});
