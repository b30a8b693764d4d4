// The catalog area in a real browser: the category tree (a refused cycle, then a move), brands, merging tags,
// a supplier's life (suspend, rate), and a viewer who sees the lists but none of the write actions.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { jsonCaller } from '../helpers/test-app.js';
import { makeUser } from '../helpers/factories.js';

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
    await page.getByRole('dialog').getByText('A category cannot be moved into itself or one of its descendants.').waitFor();
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
    const tools = (await call('GET', '/api/v1/operations/product-categories?page=1&per_page=10&search=Tools')).json().data[0].id;
    const power = (await call('POST', '/api/v1/operations/product-categories', { name: 'Power tools', parent_id: tools })).json().data.id;
    await call('POST', '/api/v1/operations/product-categories', { name: 'Cordless', parent_id: power, is_active: false });
    await page.reload();
    await page.getByRole('list', { name: 'Subcategories of Power tools' }).waitFor();
    await harness.screenshot(page, 'catalog-categories');
  });
});
