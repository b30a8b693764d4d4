// The catalog area in a real browser: the category tree (a refused cycle, then a move), brands, merging tags,
// a supplier's life (suspend, rate, a document), and a viewer who sees the lists but none of the write actions.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { jsonCaller } from '../helpers/test-app.js';
import { makeProduct, makeUser } from '../helpers/factories.js';

let harness: ConsoleHarness;
let call: ReturnType<typeof jsonCaller>;

beforeAll(async () => {
  harness = await startConsole();
  call = jsonCaller(harness.app, harness.auth);
});

afterAll(async () => {
  await harness?.close();
});

async function adminPage(): Promise<Page> {
  const page = await harness.newPage();
  await harness.signIn(page, harness.tenant.adminEmail);
  return page;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the catalog area', () => {
  it('builds a category tree, refuses a cycle with the API message, and moves a category', async () => {
    const page = await adminPage();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Categories' }).click();
    await page.waitForURL(/\/catalog\/categories$/);

    await page.getByRole('button', { name: 'New category' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Tools');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByRole('list', { name: 'Category tree' }).getByText('Tools').waitFor();

    await page.getByRole('button', { name: 'Actions for Tools' }).click();
    await page.getByRole('menuitem', { name: 'Add subcategory' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Drills');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByRole('list', { name: 'Subcategories of Tools' }).getByText('Drills').waitFor();

    await page.getByRole('button', { name: 'Actions for Tools' }).click();
    await page.getByRole('menuitem', { name: 'Move…' }).click();
    await pick(page, 'New parent', 'Tools › Drills');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByText('A category cannot be moved into itself or one of its descendants.')
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Actions for Drills' }).click();
    await page.getByRole('menuitem', { name: 'Move…' }).click();
    await pick(page, 'New parent', 'Top level (no parent)');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('list', { name: 'Subcategories of Tools' }).waitFor({ state: 'detached' });
    const roots = page.getByRole('list', { name: 'Category tree' }).locator(':scope > li');
    expect(await roots.count()).toBe(2);

    await page.getByRole('button', { name: 'Actions for Tools' }).click();
    await page.getByRole('menuitem', { name: 'Mark as featured' }).click();
    await page.getByRole('list', { name: 'Category tree' }).getByText('Featured').waitFor();

    // A fuller tree for the picture, drawn afresh (no notifications over it).
    const tools = (await call('GET', '/api/v1/operations/product-categories?page=1&per_page=10&search=Tools')).json()
      .data[0].id;
    const power = (
      await call('POST', '/api/v1/operations/product-categories', { name: 'Power tools', parent_id: tools })
    ).json().data.id;
    await call('POST', '/api/v1/operations/product-categories', {
      name: 'Cordless',
      parent_id: power,
      is_active: false,
    });
    await page.reload();
    await page.getByRole('list', { name: 'Subcategories of Power tools' }).waitFor();
    await harness.screenshot(page, 'catalog-categories');
  });

  it('creates a brand, refuses to delete one with products (the API message), and deletes another after confirming', async () => {
    const { tenantId } = harness.tenant;
    const bosch = (
      await call('POST', '/api/v1/operations/brands', { name: 'Bosch', website_url: 'https://www.bosch.example' })
    ).json().data.id;
    await makeProduct(harness.database.db, tenantId, { brand_id: bosch });
    await call('POST', '/api/v1/operations/brands', { name: 'DeWalt', is_active: false });

    const page = await adminPage();
    await page.goto('/catalog/brands');
    const table = page.getByRole('table', { name: 'Brands' });
    await table.getByText('Bosch', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'New brand' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Makita');
    await page.getByRole('dialog').getByLabel('Slug').fill('bosch');
    await page.getByRole('dialog').getByLabel('Website').fill('https://www.makita.example');
    await page.getByRole('button', { name: 'Create brand' }).click();
    await page.getByRole('dialog').getByText('The slug has already been taken.').waitFor();
    await page.getByRole('dialog').getByLabel('Slug').fill('');
    await page.getByRole('button', { name: 'Create brand' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await table.getByText('makita', { exact: true }).waitFor();
    await page.reload();
    await table.getByText('makita', { exact: true }).waitFor();
    await harness.screenshot(page, 'catalog-brands');

    await page.getByLabel('Search').fill('mak');
    await page.waitForURL(/\/catalog\/brands\?search=mak$/);
    await table.getByText('Bosch', { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByText('No brands match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await table.getByText('Bosch', { exact: true }).waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Actions for Bosch' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Bosch?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The brand cannot be deleted while 1 product is linked to it.').waitFor();

    await page.getByRole('button', { name: 'Actions for Makita' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Makita?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Makita deleted.').waitFor();
    await table.getByText('Makita', { exact: true }).waitFor({ state: 'detached' });
    expect(await table.getByText('Bosch', { exact: true }).count()).toBe(1);
  });

  it('merges two tags into a third and shows the outcome', async () => {
    const { tenantId } = harness.tenant;
    const tag = async (name: string, color: string) =>
      (await call('POST', '/api/v1/operations/tags', { name, color })).json().data.id as string;
    const red = await tag('Red', '#DC2626');
    const crimson = await tag('Crimson', '#991B1B');
    const colour = await tag('Colour', '#2563EB');
    await makeProduct(harness.database.db, tenantId, { tag_ids: [red] });
    await makeProduct(harness.database.db, tenantId, { tag_ids: [crimson, colour] });

    const page = await adminPage();
    await page.goto('/catalog/tags');
    const table = page.getByRole('table', { name: 'Tags' });
    await table.getByText('Crimson', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Red' }).check();
    await page.getByRole('checkbox', { name: 'Select Crimson' }).check();
    await page.getByRole('button', { name: 'Merge 2 selected' }).click();

    const dialog = page.getByRole('dialog', { name: 'Merge tags' });
    await dialog.getByLabel('Merge into').fill('Colo');
    await page.getByRole('option', { name: 'Colour', exact: true }).click();
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('dialog', { name: 'Merge into Colour?' }).getByRole('button', { name: 'Merge' }).click();

    const outcome = page.getByRole('alert').filter({ hasText: 'Tags merged' });
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('Red, Crimson merged into Colour; 1 product link moved.');
    await table.getByText('Crimson', { exact: true }).waitFor({ state: 'detached' });
    expect(await table.getByRole('row').filter({ hasText: 'Colour' }).getByRole('cell').nth(2).textContent()).toBe('2');
    expect(await table.getByText('Red', { exact: true }).count()).toBe(0);
  });

  it('creates a supplier (a taken code refused at its field), suspends it after confirming, and rates it', async () => {
    await call('POST', '/api/v1/operations/suppliers', {
      name: 'Acme Fasteners',
      code: 'ACME',
      email: 'orders@acme.example',
      type: 'distributor',
      lead_time_days: 5,
    });
    await call('POST', '/api/v1/operations/suppliers', {
      name: 'Nordic Steel',
      code: 'NSTEEL',
      email: 'sales@nordic.example',
      type: 'manufacturer',
    });

    const page = await adminPage();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Suppliers' }).click();
    await page.getByRole('table', { name: 'Suppliers' }).getByText('Acme Fasteners').waitFor();
    await harness.screenshot(page, 'catalog-suppliers');

    await page.getByRole('button', { name: 'New supplier' }).click();
    const form = page.getByRole('dialog', { name: 'New supplier' });
    await form.getByLabel('Name').fill('Fastener Supply Co');
    await form.getByLabel(/^Code/).fill('acme');
    await form.getByLabel('E-mail').fill('orders@fastener.example');
    await form.getByLabel('Phone').fill('+44 113 496 0000');
    await form.getByLabel('City').fill('Leeds');
    await form.getByLabel('Lead time (days)').fill('7');
    await form.getByRole('button', { name: 'Create supplier' }).click();
    await form.getByText('The code has already been taken.').waitFor();
    await form.getByLabel(/^Code/).fill('FSC');
    await form.getByRole('button', { name: 'Create supplier' }).click();
    await page.waitForURL(/\/catalog\/suppliers\/[0-9a-z]{26}$/);
    await page
      .getByRole('heading', { name: /Fastener Supply Co/ })
      .getByText('Inactive')
      .waitFor();

    await page.getByRole('button', { name: 'Suspend…' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend Fastener Supply Co?' });
    await suspend.getByLabel('Reason').fill('Two late deliveries in a row.');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await page
      .getByRole('heading', { name: /Fastener Supply Co/ })
      .getByText('Suspended')
      .waitFor();
    // The closing dialog still shows the reason typed in it for a moment.
    await suspend.waitFor({ state: 'hidden' });
    await page.getByText('Two late deliveries in a row.').waitFor();
    expect(await page.getByRole('button', { name: 'Activate' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Suspend…' }).count()).toBe(0);

    const rating = page.getByRole('region', { name: 'Rating' });
    await rating.getByLabel('Your rating').fill('4.5');
    await rating.getByRole('button', { name: 'Submit rating' }).click();
    await page.getByText('The average is now 4.50 from 1 rating.').waitFor();
    await rating.getByText('out of 5, from 1 rating').waitFor();
    expect(await rating.getByLabel('Average rating').textContent()).toBe('4.50');
    await page.getByRole('region', { name: 'Performance' }).getByText('On-time rate').waitFor();

    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.locator('input[type="file"]').setInputFiles({
      name: 'contract.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Net 30, delivery within 7 days.'),
    });
    await documents.getByLabel('Type').fill('contract');
    await documents.getByLabel('Type').press('Escape');
    await documents.getByRole('button', { name: 'Upload' }).click();
    const download = documents.getByRole('table', { name: 'Documents' }).getByRole('link', { name: 'contract.txt' });
    await download.waitFor();
    expect(await (await page.request.get((await download.getAttribute('href'))!)).text()).toBe(
      'Net 30, delivery within 7 days.',
    );
    await page.reload();
    await page.getByRole('region', { name: 'Performance' }).getByText('On-time rate').waitFor();
    await page.getByRole('table', { name: 'Documents' }).waitFor();
    await harness.screenshot(page, 'catalog-supplier-detail');

    await page.goto('/catalog/suppliers?status=suspended');
    const table = page.getByRole('table', { name: 'Suppliers' });
    await table.getByText('Fastener Supply Co', { exact: true }).waitFor();
    expect(await table.getByText('Acme Fasteners', { exact: true }).count()).toBe(0);
  });

  it('shows a viewer the lists and the supplier, without any write action', async () => {
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    await call('POST', '/api/v1/operations/product-categories', { name: 'Viewer category' });
    await call('POST', '/api/v1/operations/brands', { name: 'Viewer brand' });
    await call('POST', '/api/v1/operations/tags', { name: 'Viewer tag' });
    const supplier = (
      await call('POST', '/api/v1/operations/suppliers', {
        name: 'Viewer supplier',
        code: 'VIEW',
        email: 'view@example.test',
      })
    ).json().data.id;

    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    for (const entry of ['Categories', 'Brands', 'Tags', 'Suppliers'])
      await navigation.getByRole('link', { name: entry }).waitFor();

    await page.goto('/catalog/categories');
    await page.getByRole('list', { name: 'Category tree' }).getByText('Viewer category').waitFor();
    expect(await page.getByRole('button', { name: 'New category' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);

    await page.goto('/catalog/brands');
    await page.getByRole('table', { name: 'Brands' }).getByText('Viewer brand').waitFor();
    expect(await page.getByRole('button', { name: 'New brand' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);

    await page.goto('/catalog/tags');
    await page.getByRole('table', { name: 'Tags' }).getByText('Viewer tag').waitFor();
    expect(await page.getByRole('button', { name: /New tag|Merge/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);

    await page.goto(`/catalog/suppliers/${supplier}`);
    await page.getByRole('heading', { name: /Viewer supplier/ }).waitFor();
    await page.getByRole('region', { name: 'Performance' }).getByText('Total spend').waitFor();
    expect(
      await page.getByRole('button', { name: /Activate|Deactivate|Suspend|Edit|Delete|Submit rating|Upload/ }).count(),
    ).toBe(0);
    expect(await page.getByLabel('Your rating').count()).toBe(0);
  });
});
