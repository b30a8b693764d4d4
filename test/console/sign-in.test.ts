// Signing in and out of the console in a real browser: two-factor with a code and with a recovery code, a wrong
// password shown on the form, an expired session sent to sign-in and back to where the user was.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startConsole, totpCode, type ConsoleHarness } from '../helpers/browser.js';

let harness: ConsoleHarness;
let twoFactor: { email: string; secret: string; recoveryCodes: string[] };

beforeAll(async () => {
  harness = await startConsole();
  const { services, tenant } = harness;
  const users = services.repositories.users;
  const user = await users.findById(harness.database.db, tenant.tenantId, tenant.adminId);
  const { secret } = await services.twoFactor.enable(user!);
  const enrolled = await users.findById(harness.database.db, tenant.tenantId, tenant.adminId);
  const recoveryCodes = await services.twoFactor.confirm(enrolled!, totpCode(secret, -1));
  twoFactor = { email: tenant.adminEmail, secret, recoveryCodes };
});

afterAll(async () => {
  await harness?.close();
});

describe('signing in to the console', () => {
  it('refuses a wrong password with the API message on the form', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await page.waitForURL(/\/sign-in$/);
    await page.getByLabel('E-mail').fill(twoFactor.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }).waitFor();
    await harness.screenshot(page, 'sign-in');
  });

  it('signs in with a two-factor code, returns to the page asked for, and signs out', async () => {
    const page = await harness.newPage();
    await page.goto('/settings/account');
    await page.waitForURL(/\/sign-in\?next=%2Fsettings%2Faccount$/);
    await page.getByLabel('E-mail').fill(twoFactor.email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').fill(totpCode(twoFactor.secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/settings\/account$/);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.goto('/');
    await page.waitForURL(/\/sign-in$/);
  });

  it('signs in with a recovery code, which then works no more', async () => {
    const page = await harness.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(twoFactor.email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(twoFactor.recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  });

  it('sends an expired session to sign-in, then back to the page', async () => {
    const page = await harness.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(twoFactor.email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').fill(totpCode(twoFactor.secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    // The server forgets every session (as when it expires); the next request answers 401.
    await harness.database.db.deleteFrom('sessions').execute();
    await page.goto('/settings/account');
    await page.waitForURL(/\/sign-in\?next=%2Fsettings%2Faccount$/);
  });
});
