// The API reference at /docs in a real browser: everything it loads comes from this server (no typefaces or
// scripts of the vendor's), and it offers only the reference, none of the vendor's own buttons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';

let h: ConsoleHarness;

beforeAll(async () => {
  h = await startConsole();
});
afterAll(async () => {
  await h.close();
});

describe('the API reference page', () => {
  it('loads from its own origin only and shows no vendor buttons', async () => {
    const page = await h.newPage();
    const origin = new URL(h.baseUrl).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (['http:', 'https:'].includes(url.protocol) && url.origin !== origin) elsewhere.push(request.url());
    });

    await page.goto('/docs');
    await page.getByRole('heading', { name: 'Quartermaster API', exact: false }).first().waitFor();
    await page.waitForLoadState('networkidle');

    expect(elsewhere).toEqual([]);
    for (const vendorButton of [/Deploy/i, /Ask AI/i, /Developer Tools/i, /Generate (MCP|SDK)/i]) {
      await expect(page.getByRole('button', { name: vendorButton }).count(), String(vendorButton)).resolves.toBe(0);
      await expect(page.getByRole('link', { name: vendorButton }).count(), String(vendorButton)).resolves.toBe(0);
    }
  });
});
