// The console in a real browser: the app of buildTestApp listening on a free port, and Debian's Chromium driven
// by Playwright (never a downloaded browser). `.ci/run` installs the `chromium` package when it is missing;
// CHROMIUM_PATH names another binary.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { PASSWORD } from './session-client.js';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../docs/console');

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'The browser tests need Chromium: `apt-get install chromium` (.ci/run does it), or set CHROMIUM_PATH.',
    );
  }
}

export interface ConsoleHarness extends TestApp {
  baseUrl: string;
  browser: Browser;
  /**
   * A fresh browser profile (no cookies) at 1280 x 800. The test fails, at `close`, on any uncaught page error and
   * on any error or warning in the browser's log, except an expected refusal (see `isExpectedRefusal`).
   */
  /** A page in a context of its own; `colorScheme` is what the system reports (`prefers-color-scheme`), light by default. */
  newPage(options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark' }): Promise<Page>;
  /** Signs `email` in through the sign-in form (no two-factor) and waits for the signed-in frame (any width). */
  signIn(page: Page, email: string, password?: string): Promise<void>;
  /** docs/console/<name>.png, from the SQLite run (both engines draw the same screens). */
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

const LOGGED_TYPES = new Set(['error', 'warning']);
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/**
 * Reads whose 404 is the answer the console asks for: the exact-code product lookup of a purchase order's line
 * search says "no product has this code" by a 404, and no other read answers that question.
 */
const EXPECTED_REFUSED_READS = [/\/api\/v1\/operations\/products\/lookup\?/];

/**
 * Chromium logs every answer of 400 or more as "Failed to load resource", which no page can silence. A form whose
 * submission the API refuses (a wrong password, a 422 shown at its fields) is the screen working as meant, so that
 * one line is let through for a request that was not a GET, and for the reads above; any other refused GET (a
 * read the console should not make) still fails the test.
 */
function isExpectedRefusal(message: ConsoleMessage, refusedSubmissions: Set<string>): boolean {
  const url = message.location().url;
  return (
    message.type() === 'error' &&
    FAILED_RESOURCE.test(message.text()) &&
    (refusedSubmissions.has(url) || EXPECTED_REFUSED_READS.some((read) => read.test(url)))
  );
}

/** The browser tests' organisation: a name a person would give, so that screens and screenshots read as they would. */
export const CONSOLE_TENANT_NAME = 'Northwind Trading';

export async function startConsole(options: TestAppOptions = {}): Promise<ConsoleHarness> {
  const testApp = await buildTestApp(options);
  await testApp.database.db
    .updateTable('tenants')
    .set({ name: CONSOLE_TENANT_NAME })
    .where('id', '=', testApp.tenant.tenantId)
    .execute();
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];
  const logEntries: string[] = [];

  return {
    ...testApp,
    baseUrl: address,
    browser,
    async newPage({ width = 1280, height = 800, colorScheme = 'light' } = {}) {
      const context = await browser.newContext({ baseURL: address, viewport: { width, height }, colorScheme });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error));
      const refusedSubmissions = new Set<string>();
      page.on('response', (response) => {
        if (response.request().method() !== 'GET' && response.status() >= 400 && response.status() < 500)
          refusedSubmissions.add(response.url());
      });
      page.on('console', (message) => {
        if (!LOGGED_TYPES.has(message.type()) || isExpectedRefusal(message, refusedSubmissions)) return;
        logEntries.push(`${message.type()}: ${message.text()} (${message.location().url})`);
      });
      page.setDefaultTimeout(10_000);
      return page;
    },
    async signIn(page, email, password = PASSWORD) {
      await page.goto('/sign-in');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    },
    async screenshot(page, name) {
      if (process.env.TEST_ENGINE !== 'sqlite') return;
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await testApp.close();
      if (pageErrors.length > 0)
        throw new Error(`Uncaught errors in the console: ${pageErrors.map((error) => error.message).join('; ')}`);
      if (logEntries.length > 0) throw new Error(`The browser's log is not clean:\n${logEntries.join('\n')}`);
    },
  };
}

/**
 * The code of an authenticator app holding `secret`, `steps` periods of 30 s from now. The server accepts one step
 * of drift and each step's code once, so a test that signs in twice within 30 s uses the next step the second time.
 */
export function totpCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/** What a link's file answers when the page fetches it with the session: status, type and its first 5 bytes. */
export async function downloadWithSession(
  page: Page,
  href: string | null,
): Promise<{ status: number; type: string | null; magic: string }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url!, { credentials: 'same-origin' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      magic: String.fromCharCode(...bytes.slice(0, 5)),
    };
  }, href);
}
