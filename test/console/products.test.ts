// The products area in a real browser: creating a product with an attribute value through the form, a 422 at
// its field, lifecycle actions with their confirmation, editing, a document's upload and download, a viewer who
// may only look, tags chosen and changed, the list's filters, page and page size kept in the URL across a reload,
// and the stock on hand over time drawn per warehouse with its figures as a table, or said to be empty.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadWithSession, startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { pdfBytes } from '../helpers/document-fixtures.js';
import { newId } from '../../src/lib/ids.js';
import { makeUser } from '../helpers/factories.js';
import { warehouseBody } from '../helpers/request-bodies.js';

let harness: ConsoleHarness;

async function apiCall(method: 'POST' | 'GET', url: string, payload?: object) {
  const response = await harness.app.inject({ method, url, headers: harness.auth, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<{ data: { id: string } }>().data;
}

const createProduct = (body: object) => apiCall('POST', '/api/v1/operations/products', body);

async function signedInAdmin(): Promise<Page> {
  const page = await harness.newPage();
  await harness.signIn(page, harness.tenant.adminEmail);
  return page;
}

beforeAll(async () => {
  harness = await startConsole();
  await apiCall('POST', '/api/v1/operations/attributes', {
    code: 'voltage',
    name: 'Voltage',
    label: 'Voltage',
    type: 'number',
    unit: 'V',
    is_filterable: true,
    sort_order: 1,
  });
});

afterAll(async () => {
  await harness?.close();
});

describe('products in the console', () => {
  it('creates a product with an attribute value, then shows it in the list and in its detail', async () => {
    const page = await signedInAdmin();
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page
      .getByRole('button', { name: 'New product' })
      .or(page.getByRole('link', { name: 'New product' }))
      .first()
      .click();
    await page.waitForURL(/\/products\/new$/);
    await page.getByLabel('Name').fill('Cordless drill 18V');
    await page.getByLabel('SKU').fill('DRL-18V');
    await page.getByLabel('Selling price').fill('129.90');
    await page.getByLabel('Currency').fill('EUR');
    await page.getByLabel('Voltage (V)').fill('18');
    await page.evaluate('window.scrollTo(0, 0)');
    await harness.screenshot(page, 'product-form');
    await page.getByRole('button', { name: 'Create product' }).click();

    await page.waitForURL(/\/products\/[0-9a-z]{26}$/);
    await page.getByRole('heading', { level: 1, name: /Cordless drill 18V/ }).waitFor();
    await page.getByText('Product created').waitFor();
    await page.getByRole('tab', { name: 'Attributes' }).click();
    const values = page.getByRole('table', { name: 'Attribute values' });
    await values.waitFor();
    expect(await values.textContent()).toContain('18 V');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await harness.screenshot(page, 'product-detail');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Products', exact: true })
      .click();
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name: 'Cordless drill 18V' }).waitFor();
    expect(await table.textContent()).toContain('DRL-18V');
    await harness.screenshot(page, 'products-list');
  });

  it('shows the API’s refusal of a duplicate SKU at the SKU field', async () => {
    await createProduct({ name: 'Existing hammer', sku: 'HAM-1' });
    const page = await signedInAdmin();
    await page.goto('/products/new');
    await page.getByLabel('Name').fill('Second hammer');
    await page.getByLabel('SKU').fill('HAM-1');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('The sku has already been taken.').waitFor();
    expect(await page.getByLabel('SKU').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/products\/new$/);
  });

  it('activates a draft, then deactivates it with a reason, each after its confirmation', async () => {
    const product = await createProduct({ name: 'Workbench lamp', sku: 'LMP-1' });
    const page = await signedInAdmin();
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate: Workbench lamp' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Activate', exact: true }).click();
    await page.getByText('Product activated').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: /Workbench lamp/ }).textContent()).toContain('Active');
    expect(await page.getByRole('button', { name: 'Activate', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    const deactivation = page.getByRole('dialog', { name: 'Deactivate: Workbench lamp' });
    await deactivation.getByLabel('Reason (optional)').fill('Replaced by the LED model.');
    await deactivation.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByText('SKU LMP-1 · Replaced by the LED model.').waitFor();
    await deactivation.waitFor({ state: 'hidden' });
    expect(await page.getByRole('heading', { level: 1, name: /Workbench lamp/ }).textContent()).toContain('Inactive');
  });

  it('gives a product tags on creation, then changes them on edit', async () => {
    const tag = (name: string) => apiCall('POST', '/api/v1/operations/tags', { name });
    const [bestseller, clearance] = [await tag('Bestseller'), await tag('Clearance')];
    await tag('Seasonal');
    const page = await signedInAdmin();
    await page.goto('/products/new');
    await page.getByLabel('Name').fill('Tagged torch');
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.click();
    await page.getByRole('option', { name: 'Bestseller' }).click();
    await tags.fill('Seas');
    await page.getByRole('option', { name: 'Seasonal' }).click();
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/products\/[0-9a-z]{26}$/);
    await page.getByText('Product created').waitFor();
    const id = page.url().split('/').pop()!;
    const created = (await apiCall('GET', `/api/v1/operations/products/${id}`)) as unknown as {
      tags: { id: string; name: string }[];
    };
    expect(created.tags.map((t) => t.name).sort()).toEqual(['Bestseller', 'Seasonal']);

    await page.goto(`/products/${id}/edit`);
    // A chosen tag's chip, and its ×, which Mantine hides from screen readers (Backspace removes a tag there).
    const seasonal = page.getByRole('main').locator('.mantine-Pill-root', { hasText: 'Seasonal' });
    await seasonal.waitFor();
    await seasonal.locator('.mantine-Pill-remove').click();
    await seasonal.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Clearance' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/products/${id}$`));
    await page.getByText('Product saved').waitFor();
    const edited = (await apiCall('GET', `/api/v1/operations/products/${id}`)) as unknown as { tags: { id: string }[] };
    expect(edited.tags.map((t) => t.id).sort()).toEqual([bestseller.id, clearance.id].sort());
  });

  it('edits a product’s price and attribute value', async () => {
    const product = await createProduct({
      name: 'Angle grinder',
      sku: 'GRD-1',
      selling_price: 80,
      currency: 'EUR',
      attributes: { voltage: 12 },
    });
    const page = await signedInAdmin();
    await page.goto(`/products/${product.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/edit$/);
    expect(await page.getByLabel('Voltage (V)').inputValue()).toBe('12');
    await page.getByLabel('Selling price').fill('84.50');
    await page.getByLabel('Voltage (V)').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/products/${product.id}$`));
    await page.getByText('Product saved').waitFor();
    expect(await page.getByLabel('Prices and stock').textContent()).toContain('84.50');
    await page.getByRole('tab', { name: 'Attributes' }).click();
    await page.getByText('This product has no attribute values.').waitFor();
  });

  it('uploads a document and lists it with its download link', async () => {
    const product = await createProduct({ name: 'Manualled saw', sku: 'SAW-1' });
    const page = await signedInAdmin();
    await page.goto(`/products/${product.id}?tab=documents`);
    await page.getByText('No documents yet.').waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'saw-manual.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
    await page.getByLabel('Display name').fill('Saw manual');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Document uploaded').waitFor();
    const documents = page.getByRole('table', { name: 'Documents' });
    await documents.getByText('Saw manual').waitFor();
    const href = await documents.getByRole('link', { name: 'Download Saw manual' }).getAttribute('href');
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 4).toString()).toBe('%PDF');
  });

  it('prints a product’s labels on the chosen stock, for whoever may see the product', async () => {
    const product = await createProduct({ name: 'Label clamp', sku: 'CLP-1', barcode: '4006381333931' });
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Print labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Labels of Label clamp' });
    await dialog
      .getByRole('textbox', { name: 'Label stock' })
      .or(dialog.getByRole('combobox', { name: 'Label stock' }))
      .click();
    await page.getByRole('option', { name: 'Label printer, 57 × 32 mm' }).click();
    const labels = dialog.getByLabel('Labels', { exact: true });
    await labels.fill('0');
    await dialog.getByText('From 1 to 1000 labels.').waitFor();
    expect(await dialog.getByRole('link', { name: 'Download labels' }).count()).toBe(0);
    await labels.fill('3');
    // As tall as the page, so that the full-page picture shows the dialog's backdrop over all of it.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await harness.screenshot(page, 'product-labels');
    await dialog.getByRole('checkbox', { name: 'Print the price' }).uncheck();
    const download = dialog.getByRole('link', { name: 'Download labels' });
    const href = await download.getAttribute('href');
    expect(href).toBe(
      `/api/v1/operations/products/${product.id}/labels.pdf?layout=roll-57x32&copies=3&show_price=false`,
    );
    const answer = await downloadWithSession(page, href);
    expect(answer).toEqual({ status: 200, type: expect.stringContaining('application/pdf'), magic: '%PDF-' });
  });

  it('opens the product whose barcode a scanner types into the search, and searches anything else', async () => {
    const product = await createProduct({ name: 'Scanned hinge', sku: 'HNG-7', barcode: '5901234123457' });
    const page = await signedInAdmin();
    await page.goto('/products');
    const search = page.getByRole('textbox', { name: 'Search' });
    // A scanner types the digits a few milliseconds apart, then Enter.
    await search.pressSequentially('5901234123457', { delay: 5 });
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/products/${product.id}$`));
    await page.getByRole('heading', { name: /Scanned hinge/ }).waitFor();

    // A word is no code: Enter leaves it a search of the list.
    await page.goto('/products');
    await search.fill('hinge');
    await search.press('Enter');
    await page.waitForURL(/search=hinge/);
    await page.getByRole('table', { name: 'Products' }).getByRole('link', { name: 'Scanned hinge' }).waitFor();
    expect(page.url()).toMatch(/\/products\?/);
  });

  it('draws a product’s stock on hand over time per warehouse, with its figures as a table', async () => {
    const product = await createProduct({ name: 'Charted hammer', sku: 'HAM-CHART' });
    const east = await apiCall(
      'POST',
      '/api/v1/operations/warehouses',
      warehouseBody({ name: 'East depot', code: 'EAST' }),
    );
    const adjust = (warehouse_id: string, quantity: number) =>
      apiCall('POST', '/api/v1/operations/inventory/adjust', {
        product_id: product.id,
        warehouse_id,
        quantity,
        reason: 'Chart set-up',
      });
    // Five days ago the main warehouse held 10: a movement of then, written as the ledger keeps it (set-up only:
    // the ledger dates what it writes now). Today 10 in and 3 out there, and 4 into east.
    await harness.database.db
      .insertInto('stock_movements')
      .values({
        id: newId(),
        tenant_id: harness.tenant.tenantId,
        product_id: product.id,
        warehouse_id: harness.tenant.defaultWarehouseId,
        type: 'adjustment',
        quantity: 10,
        quantity_before: 0,
        quantity_after: 10,
        reason: 'Chart set-up',
        notes: null,
        reference_type: null,
        reference_id: null,
        created_by: null,
        created_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
      })
      .execute();
    await adjust(harness.tenant.defaultWarehouseId, 10);
    await adjust(harness.tenant.defaultWarehouseId, -3);
    await adjust(east.id, 4);

    const page = await signedInAdmin();
    await page.goto(`/products/${product.id}`);
    await page.getByRole('tab', { name: 'Stock' }).click();
    const chart = page.getByRole('region', { name: 'Stock on hand over time' });
    await chart.locator('svg.recharts-surface').waitFor();
    await chart.getByText(/^On hand now: 11 \(EAST 4, MAIN 7\); on .+: 0\.$/).waitFor();
    const table = chart.getByRole('table', { name: 'Stock on hand over time' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Day', 'EAST', 'MAIN', 'Total']);
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(91);
    expect(await rows.last().getByRole('cell').allTextContents()).toEqual(['4', '7', '11']);
    expect(
      await rows
        .nth(90 - 5)
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['0', '10', '10']);
    await harness.screenshot(page, 'product-stock-chart');

    await chart.getByText('30 days', { exact: true }).click();
    expect(await chart.getByRole('radio', { name: '30 days' }).isChecked()).toBe(true);
    await expect.poll(() => rows.count()).toBe(31);

    // A product whose stock never moved has nothing to draw, and says so.
    const still = await createProduct({ name: 'Unmoved hammer', sku: 'HAM-STILL' });
    await page.goto(`/products/${still.id}`);
    await page.getByRole('tab', { name: 'Stock' }).click();
    await page
      .getByRole('region', { name: 'Stock on hand over time' })
      .getByText('No stock of this product has moved yet.')
      .waitFor();
  });

  it('lets a viewer see the list and a detail, without any button that changes a product', async () => {
    const product = await createProduct({ name: 'Viewer spanner', sku: 'SPN-1' });
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.goto('/products');
    await page.getByRole('table', { name: 'Products' }).getByRole('link', { name: 'Viewer spanner' }).click();
    await page.waitForURL(new RegExp(`/products/${product.id}$`));
    await page.getByRole('heading', { name: /Viewer spanner/ }).waitFor();
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByText('No documents yet.').waitFor();
    for (const name of ['Edit', 'Delete', 'Activate', 'Submit for review', 'Decline', 'Upload']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await page.goto('/products');
    await page.getByRole('table', { name: 'Products' }).waitFor();
    expect(await page.getByRole('link', { name: 'New product' }).count()).toBe(0);
  });

  it(
    'keeps the list’s search, status filter, page and page size in the URL across a reload',
    { timeout: 90_000 },
    async () => {
      for (let index = 1; index <= 27; index += 1)
        await createProduct({ name: `Bulk bolt ${String(index).padStart(2, '0')}`, sku: `BLT-${index}` });
      const page = await signedInAdmin();
      await page.goto('/products');
      await page.getByLabel('Search').fill('Bulk bolt');
      await page.waitForURL(/search=Bulk\+bolt/);
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Draft' }).click();
      await page.waitForURL(/status=draft/);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(/page=2/);
      await page.getByText('Page 2 of 2').waitFor();

      await page.reload();
      await page.getByText('Page 2 of 2').waitFor();
      expect(await page.getByLabel('Search').inputValue()).toBe('Bulk bolt');
      expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Draft');
      const rows = page.getByRole('table', { name: 'Products' }).getByRole('row');
      expect(await rows.count()).toBe(1 + 2);

      // A larger page starts again at page 1, and the URL keeps it across a reload.
      await page.getByRole('combobox', { name: 'Rows per page' }).click();
      await page.getByRole('option', { name: '50' }).click();
      await page.waitForURL((url) => url.searchParams.get('per_page') === '50' && !url.searchParams.has('page'));
      await page.getByText('Page 1 of 1').waitFor();
      expect(await rows.count()).toBe(1 + 27);
      await page.reload();
      await page.getByText('Page 1 of 1').waitFor();
      expect(await rows.count()).toBe(1 + 27);
      expect(await page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('50');

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL(/\/products\?per_page=50$/);
      await page.getByRole('button', { name: 'Clear filters' }).waitFor({ state: 'detached' });
      expect(await page.getByLabel('Search').inputValue()).toBe('');
    },
  );
});
