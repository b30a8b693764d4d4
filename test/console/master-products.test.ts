// Master products in a real browser, through the console session token (the endpoints take bearer tokens
// only): create a master, configure its attributes and values with the combination count in view, generate
// the variants, change the prices of selected variants; a configuration above 1000 combinations never leaves
// the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../helpers/factories.js';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { jsonCaller } from '../helpers/test-app.js';

let harness: ConsoleHarness;

beforeAll(async () => {
  harness = await startConsole();
  const call = jsonCaller(harness.app, harness.auth);
  for (const [name, sku] of [
    ['Rain jacket', 'JACKET'],
    ['Safety boots', 'BOOTS'],
  ]) {
    const res = await call('POST', '/api/v1/operations/master-products', {
      name,
      sku,
      base_price: 89,
      status: 'active',
      variant_attributes: { attributes: { Size: ['S', 'M', 'L', 'XL'] } },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});

afterAll(async () => {
  await harness?.close();
});

async function addAttribute(page: Page, index: number, name: string, values: string[]) {
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await page.getByLabel(`Attribute ${index}`, { exact: true }).fill(name);
  const input = page.getByRole('combobox', { name: `Values of attribute ${index}` });
  // A comma ends a value, as Enter does.
  await input.pressSequentially(`${values.join(',')},`);
}

const rowOf = (page: Page, sku: string) =>
  page.getByRole('table', { name: 'Variant matrix' }).getByRole('row').filter({ hasText: sku });

describe('master products', () => {
  it('creates a master, configures and generates its variants, and changes the prices of selected ones', async () => {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Master products' })
      .click();
    await page.getByRole('table', { name: 'Master products' }).getByRole('link', { name: 'Rain jacket' }).waitFor();
    await harness.screenshot(page, 'master-products-list');

    await page.getByLabel('Search').fill('boots');
    await page.waitForURL(/\/master-products\?search=boots$/);
    await page.getByRole('table', { name: 'Master products' }).getByRole('link', { name: 'Safety boots' }).waitFor();
    await page.getByRole('link', { name: 'Rain jacket' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New master product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New master product' });
    await dialog.getByLabel('Name').fill('Work shirt');
    await dialog.getByLabel('Base SKU').fill('SHIRT');
    await dialog.getByLabel('Base price', { exact: true }).fill('24.90');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Work shirt' }).waitFor();
    await page.waitForURL(/\/master-products\/[0-9a-z]{26}$/);

    await addAttribute(page, 1, 'Size', ['S', 'M', 'L']);
    await page.getByText('3 combinations', { exact: true }).waitFor();
    await addAttribute(page, 2, 'Colour', ['Navy', 'Grey']);
    await page.getByText('6 combinations', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await page.getByText('Variant configuration saved.').waitFor();

    await page.getByRole('button', { name: 'Generate variants' }).click();
    await page.getByRole('dialog', { name: 'Generate variants' }).getByLabel('Initial stock').fill('5');
    await page.getByRole('button', { name: 'Generate 6 variants' }).click();
    await page.getByText('6 variants of Work shirt generated.').waitFor();
    const matrix = page.getByRole('table', { name: 'Variant matrix' });
    await rowOf(page, 'SHIRT-L-GREY').waitFor();
    expect(await matrix.getByRole('row').count()).toBe(7);
    expect(await rowOf(page, 'SHIRT-S-NAVY').textContent()).toContain('$24.90');

    await page.getByLabel('Select SHIRT-S-NAVY').check();
    await page.getByLabel('Select SHIRT-M-GREY').check();
    await page.getByRole('button', { name: 'Change prices' }).click();
    const prices = page.getByRole('dialog', { name: 'Change prices' });
    await prices.getByLabel('New price').fill('30');
    await prices.getByRole('button', { name: 'Update 2 variants' }).click();
    await page.getByText('Prices of 2 variants updated.').waitFor();
    await rowOf(page, 'SHIRT-S-NAVY').filter({ hasText: '$30.00' }).waitFor();
    await rowOf(page, 'SHIRT-M-GREY').filter({ hasText: '$30.00' }).waitFor();
    expect(await rowOf(page, 'SHIRT-S-GREY').textContent()).toContain('$24.90');
    expect(await rowOf(page, 'SHIRT-L-NAVY').textContent()).toContain('$24.90');

    // The selection stays for a stock change: on hand set to 12 for the two.
    await page.getByRole('button', { name: 'Set stock' }).click();
    const stock = page.getByRole('dialog', { name: 'Set stock' });
    await stock.getByLabel('Quantity on hand').fill('12');
    await stock.getByRole('button', { name: 'Update 2 variants' }).click();
    await page.getByText('Stock of 2 variants set.').waitFor();
    await rowOf(page, 'SHIRT-S-NAVY').getByRole('cell', { name: '12', exact: true }).first().waitFor();
    await rowOf(page, 'SHIRT-M-GREY').getByRole('cell', { name: '12', exact: true }).first().waitFor();
    expect(await rowOf(page, 'SHIRT-S-GREY').getByRole('cell', { name: '5', exact: true }).count()).toBe(2);
    // A fresh view for the screenshot: top of the page, no notifications, two rows selected.
    await page.reload();
    await page.getByLabel('Select SHIRT-S-NAVY').check();
    await page.getByLabel('Select SHIRT-M-GREY').check();
    await page.evaluate('window.scrollTo(0, 0)');
    await harness.screenshot(page, 'master-product-detail');

    // The API's refusal shows at the field: a decrease above 100 %.
    await page.getByLabel('Select SHIRT-L-NAVY').check();
    await page.getByRole('button', { name: 'Change prices' }).click();
    await prices.getByRole('combobox', { name: 'Change' }).click();
    await page.getByRole('option', { name: 'Decrease by a percentage' }).click();
    await prices.getByLabel('Percentage').fill('150');
    await prices.getByRole('button', { name: /^Update/ }).click();
    await prices.getByText(/100/).first().waitFor();
    expect(await prices.getByLabel('Percentage').getAttribute('aria-invalid')).toBe('true');
  }, 90_000);

  it('refuses a configuration above 1000 combinations before sending it', async () => {
    const call = jsonCaller(harness.app, harness.auth);
    const created = await call('POST', '/api/v1/operations/master-products', { name: 'Gloves', sku: 'GLOVES' });
    const id = created.json().data.id as string;

    const page = await harness.newPage();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/master-products/'))
        writes.push(`${request.method()} ${request.url()}`);
    });
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto(`/master-products/${id}`);
    await addAttribute(
      page,
      1,
      'Size',
      Array.from({ length: 10 }, (_, i) => `S${i}`),
    );
    await addAttribute(
      page,
      2,
      'Colour',
      Array.from({ length: 10 }, (_, i) => `C${i}`),
    );
    await page.getByText('100 combinations', { exact: true }).waitFor();
    await addAttribute(
      page,
      3,
      'Fit',
      Array.from({ length: 11 }, (_, i) => `F${i}`),
    );
    await page.getByText('1,100 combinations', { exact: true }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many variants: 1,100 combinations; at most 1,000 are allowed.' })
      .waitFor();
    const save = page.getByRole('button', { name: 'Save configuration' });
    expect(await save.isDisabled()).toBe(true);

    // One value fewer is within the limit again.
    await page.getByRole('combobox', { name: 'Values of attribute 3' }).press('Backspace');
    await page.getByText('1,000 combinations', { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(false);
    expect(writes).toEqual([]);
    const stored = await call('GET', `/api/v1/operations/master-products/${id}`);
    expect(stored.json().data.variant_attributes).toBeNull();
  }, 60_000);

  it('shows a viewer the masters and their configuration, without the actions their role does not allow', async () => {
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage({ width: 768, height: 1024 });
    await harness.signIn(page, viewer.email);
    await page.goto('/master-products');
    await page.getByRole('table', { name: 'Master products' }).getByRole('link', { name: 'Rain jacket' }).click();
    await page.getByText('4 combinations', { exact: true }).waitFor();
    for (const name of [
      'New master product',
      'Edit',
      'Delete',
      'Add attribute',
      'Save configuration',
      'Generate variants',
    ]) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
  });
});
