// The imports screen in a real browser: an administrator uploads a suppliers file (an empty one refused at its
// field first) and follows it until a worker has run it, with one row created, one refused and the report of
// the refused row; cancels another before a worker takes it; and a viewer sees the list and an import's
// progress, but no upload form and no cancel; an import stopped on too many refused rows says so, and how many
// refused rows its report does not list. The test app runs no worker: the test runs the queued jobs with a
// runner of the app's services, as a worker's loop would, when it chooses.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';

let harness: ConsoleHarness;

beforeAll(async () => {
  harness = await startConsole();
});

afterAll(async () => {
  await harness?.close();
});

const quiet = { info: () => {}, warn: () => {}, error: (obj: unknown) => console.error(obj) };

/** Runs every queued import to its end. */
async function runQueuedImports(): Promise<void> {
  await harness.services.imports.createRunner(quiet).drain();
}

async function adminPage(): Promise<Page> {
  const page = await harness.newPage();
  await harness.signIn(page, harness.tenant.adminEmail);
  return page;
}

function csvFile(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('the imports screen', () => {
  it('imports a suppliers file and shows its progress, outcome and error report', async () => {
    const page = await adminPage();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Imports' }).click();
    await page.waitForURL(/\/imports$/);
    const form = page.getByRole('region', { name: 'New import' });
    await page
      .getByRole('region', { name: 'Current import' })
      .getByText('Start an import, or open one from the list below')
      .waitFor();
    await page.getByText('No imports yet.').waitFor();

    await choose(page, form, 'Type', 'Suppliers');
    await form.getByRole('combobox', { name: 'Mode' }).click();
    await page
      .getByRole('option', { name: /^Create or update/ })
      .getByText('Adds new suppliers and changes existing ones, matched by supplier code.')
      .waitFor();
    await page.getByRole('option', { name: /^Create\s*Adds new suppliers/ }).click();
    await form.getByText('Adds new suppliers; a row whose supplier code exists already is refused.').waitFor();

    const template = form.getByRole('link', { name: 'Download the suppliers template' });
    const header = (await (await page.request.get((await template.getAttribute('href'))!)).text()).split(/\r?\n/)[0];
    expect(header).toMatch(/^code,name,email,/);

    await form.getByRole('button', { name: 'Start the import' }).click();
    await form.getByText('Choose the CSV file to import.').waitFor();
    await form.locator('input[type="file"]').setInputFiles(csvFile('empty.csv', ''));
    await form.getByRole('button', { name: 'Start the import' }).click();
    await form.getByText('The file is empty: its first line must be the header row.').waitFor();

    await form
      .locator('input[type="file"]')
      .setInputFiles(
        csvFile(
          'suppliers.csv',
          'code,name,email\nIMP-GOOD,Good Parts,good@example.com\nIMP-BAD,Bad Parts,not-an-email\n',
        ),
      );
    await form.getByRole('button', { name: 'Start the import' }).click();
    await page.waitForURL(/\/imports\?job=[0-9a-z]{26}$/i);
    const current = page.getByRole('region', { name: 'Current import' });
    await current.getByRole('heading', { name: 'suppliers.csv' }).waitFor();
    await current.getByText('Queued', { exact: true }).waitFor();
    await current.getByText('Waiting for a worker to start it.').waitFor();
    await current.getByRole('button', { name: 'Cancel import' }).waitFor();
    const table = page.getByRole('table', { name: 'Imports' });
    await table
      .getByRole('row', { name: /suppliers\.csv/ })
      .getByText('Queued', { exact: true })
      .waitFor();

    await runQueuedImports();
    await current.getByText('Completed', { exact: true }).waitFor();
    await current.getByText('2 rows: 1 created, 0 updated, 0 unchanged, 1 failed.').waitFor();
    expect(await current.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(await current.getByText('2 of 2 rows').count()).toBe(1);
    const counts = current.getByLabel('Counts');
    expect(await counts.textContent()).toMatch(/Created1Updated0Unchanged0Failed1/);
    expect(await current.getByRole('button', { name: 'Cancel import' }).count()).toBe(0);

    const report = current.getByRole('link', { name: 'Download the error report' });
    const lines = (await (await page.request.get((await report.getAttribute('href'))!)).text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('row,column,value,message');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^3,email,not-an-email,/);
    // The list follows the job to its end.
    await table
      .getByRole('row', { name: /suppliers\.csv/ })
      .getByText('Completed', { exact: true })
      .waitFor();

    // The new supplier is there in the catalog.
    await page.goto('/catalog/suppliers');
    await page.getByRole('table', { name: 'Suppliers' }).getByText('Good Parts').waitFor();

    // Drawn afresh (no notification over it), the same import followed from the URL.
    await page.goBack();
    await current.getByText('2 rows: 1 created, 0 updated, 0 unchanged, 1 failed.').waitFor();
    await table.getByRole('row', { name: /suppliers\.csv/ }).waitFor();
    await harness.screenshot(page, 'imports');
  });

  it('cancels an import that no worker has taken yet, after confirming', async () => {
    const page = await adminPage();
    await page.goto('/imports');
    const form = page.getByRole('region', { name: 'New import' });
    await choose(page, form, 'Type', 'Suppliers');
    await form.getByRole('checkbox', { name: /^Dry run/ }).check();
    await form
      .locator('input[type="file"]')
      .setInputFiles(csvFile('late.csv', 'code,name,email\nIMP-LATE,Late Ltd,late@example.com\n'));
    await form.getByRole('button', { name: 'Start the dry run' }).click();

    const current = page.getByRole('region', { name: 'Current import' });
    await current.getByRole('heading', { name: 'late.csv' }).waitFor();
    await current.getByText('Suppliers · Create · dry run').waitFor();
    await current.getByRole('button', { name: 'Cancel import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the import of late.csv?' });
    await dialog.getByRole('button', { name: 'Let it run' }).click();
    await dialog.waitFor({ state: 'detached' });
    await current.getByText('Queued', { exact: true }).waitFor();

    await current.getByRole('button', { name: 'Cancel import' }).click();
    await dialog.getByRole('button', { name: 'Cancel the import' }).click();
    await page.getByRole('alert').filter({ hasText: 'Import cancelled' }).waitFor();
    await current.getByText('Cancelled', { exact: true }).waitFor();
    await current.getByText('Nothing was written.').waitFor();
    expect(await current.getByRole('button', { name: 'Cancel import' }).count()).toBe(0);
    await page
      .getByRole('table', { name: 'Imports' })
      .getByRole('row', { name: /late\.csv/ })
      .getByText('Cancelled')
      .waitFor();

    // Another import opened from the list.
    await page.getByRole('table', { name: 'Imports' }).getByRole('button', { name: 'suppliers.csv' }).click();
    await current.getByRole('heading', { name: 'suppliers.csv' }).waitFor();
    await current.getByText('Completed', { exact: true }).waitFor();

    // The list's filters.
    await choose(page, page.getByRole('region', { name: 'Recent imports' }), 'Status', 'Cancelled');
    await page.waitForURL(/status=cancelled/);
    const table = page.getByRole('table', { name: 'Imports' });
    await table.getByRole('button', { name: 'suppliers.csv' }).waitFor({ state: 'detached' });
    expect(await table.getByRole('button', { name: 'late.csv' }).count()).toBe(1);
  });

  it('shows a viewer the imports and their progress, without the upload form or cancel', async () => {
    const form = new FormData();
    form.append('type', 'suppliers');
    form.append('file', new Blob(['code,name\nIMP-WAIT,Waiting\n'], { type: 'text/csv' }), 'waiting.csv');
    const queued = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/operations/imports',
      headers: harness.auth,
      payload: form,
    });
    expect(queued.statusCode, queued.body).toBe(202);

    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Imports' }).click();
    const table = page.getByRole('table', { name: 'Imports' });
    await table.getByRole('button', { name: 'suppliers.csv' }).waitFor();
    expect(await page.getByRole('region', { name: 'New import' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Current import' }).count()).toBe(0);

    await table.getByRole('button', { name: 'waiting.csv' }).click();
    const current = page.getByRole('region', { name: 'Current import' });
    await current.getByText('Waiting for a worker to start it.').waitFor();
    expect(await current.getByRole('button', { name: 'Cancel import' }).count()).toBe(0);

    await table.getByRole('button', { name: 'suppliers.csv' }).click();
    await current.getByRole('link', { name: 'Download the error report' }).waitFor();
    expect(await page.getByRole('button', { name: /Start the|Cancel import/ }).count()).toBe(0);
  });
  it('shows an import stopped on too many refused rows, and how many its report does not list', async () => {
    const form = new FormData();
    form.append('type', 'products');
    // Past the 10,000 rows after which an import whose rows are mostly refused stops.
    form.append(
      'file',
      new Blob([`sku,name,selling_price,currency\n${',,,\n'.repeat(12_000)}`], { type: 'text/csv' }),
      'empty-rows.csv',
    );
    const queued = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/operations/imports',
      headers: harness.auth,
      payload: form,
    });
    expect(queued.statusCode, queued.body).toBe(202);
    await runQueuedImports();

    const page = await adminPage();
    await page.goto(`/imports?job=${queued.json().data.id}`);
    const current = page.getByRole('region', { name: 'Current import' });
    await current.getByRole('heading', { name: 'empty-rows.csv' }).waitFor();
    await current.getByText('Too many errors', { exact: true }).waitFor();
    await current.getByText('Import stopped: too many rows refused').waitFor();
    await current.getByText(/^Stopped after [\d,]+ rows, [\d,]+ of them refused \(100%\)/).waitFor();
    await current.getByText(/^The report lists the first 1,000 refused rows; [\d,]+ more were refused\.$/).waitFor();
    await current.getByRole('link', { name: 'Download the error report' }).waitFor();
    await page
      .getByRole('table', { name: 'Imports' })
      .getByRole('row', { name: /empty-rows\.csv/ })
      .getByText('Too many errors', { exact: true })
      .waitFor();
    await harness.screenshot(page, 'imports-too-many-errors');
  });
});
