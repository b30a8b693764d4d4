// The Settings area in a real browser: API tokens (the plain text shown once, revoked), two-factor turned on
// through the page, users invited, changed and deactivated, the roles offered, what a viewer and a warehouse user
// see, and the audit log of a change.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, totpCode, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';

let harness: ConsoleHarness;

/** A screenshot from the top of the page, once dialogs and notifications have finished moving in. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.waitForTimeout(400);
  await harness.screenshot(page, name);
}

beforeAll(async () => {
  harness = await startConsole();
});

afterAll(async () => {
  await harness?.close();
});

// Each test walks several screens; on a busy machine that outlasts the default 30 s.
describe('the Settings area', { timeout: 60_000 }, () => {
  /** An administrator on the users page with the invitation dialog open, its name and e-mail filled in. */
  async function openInvite(name: string, email: string) {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto('/settings/users');
    await page.getByRole('table', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite user' });
    await invite.getByLabel('Name').fill(name);
    await invite.getByLabel('E-mail').fill(email);
    return { page, invite };
  }

  it('creates an API token, shows its plain text once, and revokes it', async () => {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'API tokens' }).click();
    await page.waitForURL(/\/settings\/api-tokens$/);
    await page.getByRole('table', { name: 'API tokens' }).waitFor();

    await page.getByRole('button', { name: 'Create token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await dialog.getByLabel('Name').fill('Warehouse scanner');
    await dialog.getByRole('button', { name: /operations/ }).click();
    await dialog.getByLabel('operations:view-products', { exact: true }).check();
    await dialog.getByLabel('operations:adjust-stock', { exact: true }).check();
    // Only what the service checks: no module it does not have (finance, reporting), no coupons.
    const modules = (await dialog.locator('.mantine-Accordion-control').allTextContents()).map((text) =>
      text.replace(/\d+ chosen$/, '').trim(),
    );
    expect(modules).toEqual(['system', 'crm', 'sales', 'operations']);
    expect(await dialog.getByLabel('operations:manage-coupons', { exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const created = page.getByRole('dialog', { name: 'Token created' });
    const plainText = ((await created.getByLabel('Token', { exact: true }).textContent()) ?? '').trim();
    expect(plainText.length).toBeGreaterThan(20);
    expect(await created.textContent()).toContain('This is the only time the token is shown');
    await screenshot(page, 'settings-token-created');
    // The plain text works as a bearer token.
    const me = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${plainText}` },
    });
    expect(me.statusCode).toBe(200);

    await created.getByRole('button', { name: 'I have copied it' }).click();
    await created.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Warehouse scanner' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Active');
    expect(await page.content()).not.toContain(plainText);
    await screenshot(page, 'settings-tokens');

    await row.getByRole('button', { name: 'Revoke Warehouse scanner' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this token?' })
      .getByRole('button', { name: 'Revoke token' })
      .click();
    await row.getByText('Revoked').waitFor();
    const after = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${plainText}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it("leaves out of API tokens the console's own token, which the bearer-only screens use", async () => {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    const issued = page.waitForResponse(
      (res) => res.url().endsWith('/api/v1/auth/console-token') && res.status() === 201,
    );
    await page.goto('/webhooks');
    await issued;
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'API tokens' }).click();
    const tokens = page.getByRole('table', { name: 'API tokens' });
    // The tenant's own all-abilities token is listed; the console's, holding every ability too, is not.
    await tokens.getByRole('row').filter({ hasText: 'Every ability' }).first().waitFor();
    expect(await tokens.textContent()).not.toContain('Console session');
  });

  it('lets an administrator approve a token pending approval', async () => {
    const manager = await makeUser(harness.services, harness.tenant.tenantId, 'manager');
    await harness.services.tokens.issue({
      tenantId: harness.tenant.tenantId,
      userId: manager.id,
      name: 'Purchase approvals',
      type: 'integration',
      abilities: ['operations:approve-purchase-orders'],
      expirationDays: null,
      ipWhitelist: null,
      preApproved: false,
    });
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto('/settings/api-tokens?status=pending_approval');
    const row = page.getByRole('row').filter({ hasText: 'Purchase approvals' });
    await row.getByText('Pending approval').waitFor();
    await row.getByRole('button', { name: 'Approve Purchase approvals' }).click();
    await page.getByText('No tokens match these filters.').waitFor();
    await page.goto('/settings/api-tokens?status=active');
    await page.getByRole('row').filter({ hasText: 'Purchase approvals' }).getByText('Active').waitFor();
  });

  it('turns two-factor on through the page and shows the recovery codes', async () => {
    const user = await makeUser(harness.services, harness.tenant.tenantId, 'manager');
    const page = await harness.newPage();
    await harness.signIn(page, user.email);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL(/\/settings\/account$/);

    // The password: the API's refusal at its field, then the change, which signs out the other sessions.
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password').fill('staple-orbit-lantern-42');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('The provided password does not match your current password.').waitFor();
    await password.getByLabel('Current password').fill('correct-horse-battery');
    await password.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Your other sessions have been signed out.').waitFor();

    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Turn on' }).click();
    const secret = ((await card.getByLabel('Secret', { exact: true }).textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await card.getByLabel('Authentication code').fill(totpCode(secret));
    await card.getByRole('button', { name: 'Confirm' }).click();

    const codes = card.getByRole('region', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
    await card.getByText('On', { exact: true }).waitFor();
    await screenshot(page, 'settings-account');
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByRole('button', { name: 'Regenerate recovery codes' }).waitFor();
  });

  it('invites a user, shows the link, changes their role and deactivates them', async () => {
    const { page, invite } = await openInvite('Bea Buyer', 'bea.buyer@example.test');
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await invite.getByRole('button', { name: 'Invite' }).click();

    const linkDialog = page.getByRole('dialog', { name: 'Invitation link' });
    expect(await linkDialog.getByLabel('Invitation link', { exact: true }).textContent()).toContain(
      '/set-password?token=',
    );
    await linkDialog.getByRole('button', { name: 'Done' }).click();

    await page.getByLabel('Search').fill('bea.buyer');
    await page.waitForURL(/search=bea.buyer/);
    const row = page.getByRole('row').filter({ hasText: 'Bea Buyer' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Manager');
    expect(await row.textContent()).toContain('Invited');

    await row.getByRole('button', { name: 'Actions for Bea Buyer' }).click();
    await page.getByRole('menuitem', { name: 'Edit name or role' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Bea Buyer' });
    await edit.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('Viewer').waitFor();

    await row.getByRole('button', { name: 'Actions for Bea Buyer' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate Bea Buyer?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await row.getByText('Deactivated').waitFor();

    await page.getByLabel('Search').fill('');
    await page.waitForURL(/\/settings\/users$/);
    await page.getByRole('row').filter({ hasText: harness.tenant.adminEmail }).waitFor();
    await screenshot(page, 'settings-users');
  });

  it('offers the sales and warehouse roles when inviting, each with what it does', async () => {
    const { page, invite } = await openInvite('Wes Warehouse', 'wes.warehouse@example.test');
    await invite.getByRole('combobox', { name: 'Role' }).click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Admin', 'Manager', 'Sales', 'Warehouse', 'Viewer']);
    await page.getByRole('option', { name: 'Sales' }).click();
    await invite.getByText('Customers and sales orders, from creation to completion').waitFor();
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Warehouse' }).click();
    await invite.getByText('Ships orders, adjusts, counts and transfers stock').waitFor();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('dialog', { name: 'Invitation link' }).getByRole('button', { name: 'Done' }).click();

    await page.getByLabel('Search').fill('wes.warehouse');
    await page.waitForURL(/search=wes.warehouse/);
    const row = page.getByRole('row').filter({ hasText: 'Wes Warehouse' });
    await row.getByText('Warehouse', { exact: true }).waitFor();
  });

  it('shows a warehouse user purchase orders and products, with nothing to create, and no users', async () => {
    const warehouse = await makeUser(harness.services, harness.tenant.tenantId, 'warehouse');
    const page = await harness.newPage();
    await harness.signIn(page, warehouse.email);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Purchase orders' }).waitFor();
    await navigation.getByRole('link', { name: 'Stock' }).waitFor();
    expect(await navigation.getByRole('link', { name: 'Users' }).count()).toBe(0);
    expect(await navigation.getByRole('link', { name: 'Suppliers' }).count()).toBe(0);

    await navigation.getByRole('link', { name: 'Purchase orders' }).click();
    await page.getByRole('table', { name: 'Purchase orders' }).or(page.getByText('No purchase orders yet.')).waitFor();
    expect(await page.getByRole('link', { name: 'New purchase order' }).count()).toBe(0);

    await navigation.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('table', { name: 'Products' }).or(page.getByText('There are no products yet.')).waitFor();
    expect(await page.getByRole('link', { name: /New product|Create the first product/ }).count()).toBe(0);

    await page.goto('/settings/account');
    await page.getByText(`${warehouse.email} · Warehouse`).waitFor();
  });

  it('shows a viewer their account and tokens but not the users or the audit log, and the organisation read-only', async () => {
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    // At tablet width, where the navigation folds behind its button.
    const page = await harness.newPage({ width: 768, height: 1024 });
    await harness.signIn(page, viewer.email);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'My account' }).waitFor();
    await navigation.getByRole('link', { name: 'API tokens' }).waitFor();
    expect(await navigation.getByRole('link', { name: 'Users' }).count()).toBe(0);
    // The users and the audit log are admin-only views (docs/abilities.md).
    expect(await navigation.getByRole('link', { name: 'Audit log' }).count()).toBe(0);

    await navigation.getByRole('link', { name: 'Organisation' }).click();
    const name = page.getByLabel('Name');
    await name.waitFor();
    expect(await name.isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    await page.getByText('You can view these settings.').waitFor();
  });

  it('shows in the audit log the organisation change made before, with its fields', async () => {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    await page.goto('/settings/organisation');
    await page.getByLabel('City').fill('Hamburg');
    await page.getByLabel('Tax id').fill('DE123456789');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The organisation’s settings are saved.').waitFor();
    await screenshot(page, 'settings-organisation');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('table', { name: 'Audit log' }).waitFor();
    const entityType = page.getByRole('combobox', { name: 'Entity type' });
    await entityType.fill('tenant');
    await entityType.press('Enter');
    await page.waitForURL(/entity_type=tenant/);
    const toggle = page.getByRole('button', { name: /Show details of tenant\.updated/ }).first();
    await toggle.click();
    const changes = page.getByRole('table', { name: 'Changes of tenant.updated' }).first();
    const text = (await changes.textContent()) ?? '';
    expect(text).toContain('city');
    expect(text).toContain('Hamburg');
    expect(text).toContain('DE123456789');
    await screenshot(page, 'settings-audit-log');
  });
});
