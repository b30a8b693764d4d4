// The console's Integrations area in a real browser: subscribing a local receiver through the page and seeing
// the secret once, a delivery and its attempt; retrying a failed delivery; the navigation of a user without
// system:view-webhooks; the event feed. Deliveries are sent by the worker's dispatcher, run in-process here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig, type WebhookSettings } from '../../src/config.js';
import type { WebhookDispatcher } from '../../src/modules/webhooks/dispatch/webhook-dispatcher.js';
import { startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { makeUser } from '../helpers/factories.js';
import { always, ok, runUntilIdle, WebhookReceiver } from '../webhooks/webhook-receiver.js';

const API = '/api/v1';
// The receiver listens on 127.0.0.1 over http; retries follow at once, so five failures take one worker run.
const webhooks: WebhookSettings = {
  ...loadConfig({}).webhooks,
  allowHttp: true,
  allowPrivateTargets: true,
  retryDelaysSeconds: [0, 0, 0, 0],
};

let harness: ConsoleHarness;
let receiver: WebhookReceiver;
let dispatcher: WebhookDispatcher;
const dispatchErrors: unknown[] = [];

beforeAll(async () => {
  harness = await startConsole({ config: { webhooks } });
  receiver = await WebhookReceiver.start((request) =>
    request.url === '/failing' ? { status: 500, body: 'down' } : ok,
  );
  dispatcher = harness.services.webhooks.createDispatcher({ error: (object) => void dispatchErrors.push(object) });
});

afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.close();
  await harness?.close();
  expect(dispatchErrors).toEqual([]);
});

async function createProduct(name: string): Promise<string> {
  const res = await harness.app.inject({
    method: 'POST',
    url: `${API}/operations/products`,
    headers: harness.auth,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { id: string }).id;
}

async function createSubscription(url: string, eventTypes: string[]): Promise<string> {
  const res = await harness.app.inject({
    method: 'POST',
    url: `${API}/webhooks/subscriptions`,
    headers: harness.auth,
    payload: { url, event_types: eventTypes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { id: string }).id;
}

async function signInAsAdmin(page: Page): Promise<void> {
  await harness.signIn(page, harness.tenant.adminEmail);
}

describe('the webhooks screens', () => {
  it('subscribes a receiver through the page, shows the secret once, and shows a delivery with its attempt', async () => {
    const page = await harness.newPage();
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/webhooks$/);
    await page.getByRole('button', { name: 'New subscription' }).click();

    const dialog = page.getByRole('dialog', { name: 'New webhook subscription' });
    await dialog.getByRole('checkbox', { name: 'Every product event' }).check();
    // The API's refusal lands at the field it names.
    await dialog.getByLabel('URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Create subscription' }).click();
    await dialog.locator('input[aria-invalid="true"]').waitFor();
    expect(await dialog.locator('input[aria-invalid="true"]').getAttribute('placeholder')).toContain('https://');
    await dialog.getByLabel('URL').fill(receiver.url('/hook'));
    expect(await dialog.getByRole('checkbox', { name: 'product.created' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'product.created' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Description').fill('ERP mirror');
    await dialog.getByRole('button', { name: 'Create subscription' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Subscription created' });
    await secretDialog.waitFor();
    const secret = (await secretDialog.getByLabel('Signing secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await harness.screenshot(page, 'webhook-secret');
    await secretDialog.getByRole('button', { name: 'I have stored the secret' }).click();
    await secretDialog.waitFor({ state: 'hidden' });
    // Once: nowhere on the page any more.
    expect(await page.getByText(secret).count()).toBe(0);

    const table = page.getByRole('table', { name: 'Webhook subscriptions' });
    const row = table.getByRole('row').filter({ hasText: receiver.url('/hook') });
    await row.waitFor();
    expect(await row.textContent()).toContain('Every product event');
    expect(await row.textContent()).toContain('Active');
    await harness.screenshot(page, 'webhooks-list');

    const productId = await createProduct('Console webhook widget');
    await runUntilIdle(dispatcher);
    expect(receiver.received('/hook').length).toBeGreaterThan(0);

    await row.getByRole('link', { name: receiver.url('/hook') }).click();
    await page.waitForURL(/\/webhooks\/[0-9a-z]{26}$/);
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    const delivery = deliveries.getByRole('row').filter({ hasText: 'product.created' });
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain('Delivered');
    expect(await delivery.textContent()).toContain('HTTP 200');
    await harness.screenshot(page, 'webhook-detail');

    await delivery.getByRole('button', { name: /Open delivery of product.created/ }).click();
    const detail = page.getByRole('dialog', { name: 'Delivery of product.created' });
    const attempt = detail.getByRole('table', { name: 'Attempts' }).getByRole('row').nth(1);
    await attempt.waitFor();
    expect(await attempt.textContent()).toContain('200');
    expect(await detail.getByLabel('Body sent').textContent()).toContain(productId);
  });

  it('sends a test event and shows its outcome', async () => {
    const id = await createSubscription(receiver.url('/test-hook'), ['product.*']);
    const page = await harness.newPage();
    await signInAsAdmin(page);
    await page.goto(`/webhooks/${id}`);
    await page.getByRole('button', { name: `Actions for ${receiver.url('/test-hook')}` }).click();
    await page.getByRole('menuitem', { name: 'Send a test event' }).click();
    const detail = page.getByRole('dialog', { name: 'Delivery of webhook.test' });
    await detail.waitFor();
    await runUntilIdle(dispatcher);
    // The dialog keeps asking while the delivery is on its way.
    await detail.getByText('Delivered', { exact: true }).waitFor();
    expect(await detail.textContent()).toContain('HTTP 200');
    expect(receiver.received('/test-hook')).toHaveLength(1);
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Actions for ${receiver.url('/test-hook')}` }).click();
    await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    const secretDialog = page.getByRole('dialog', { name: 'New signing secret' });
    expect(await secretDialog.getByLabel('Signing secret').textContent()).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'I have stored the secret' }).click();
    await secretDialog.waitFor({ state: 'hidden' });
  });

  it('edits a subscription and replays past events to it', async () => {
    const id = await createSubscription(receiver.url('/replayed'), ['product.created']);
    const page = await harness.newPage();
    await signInAsAdmin(page);
    await page.goto(`/webhooks/${id}`);
    const actions = page.getByRole('button', { name: `Actions for ${receiver.url('/replayed')}` });

    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit webhook subscription' });
    await form.getByLabel('Description').fill('Warehouse display');
    await form.getByRole('radio', { name: /^Thin/ }).check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByText('Warehouse display').waitFor();
    await page.getByText('Thin: ids only').waitFor();

    await actions.click();
    await page.getByRole('menuitem', { name: 'Replay events' }).click();
    const replay = page.getByRole('dialog', { name: 'Replay events' });
    await replay.getByLabel('From').fill('2020-01-01T00:00');
    await replay.getByRole('button', { name: 'Replay', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Replay these events?' })
      .getByRole('button', { name: 'Replay events' })
      .click();
    await page.getByText(/deliver(y|ies) queued/).waitFor();
    await replay.waitFor({ state: 'hidden' });
  });

  it('retries a failed delivery', async () => {
    const id = await createSubscription(receiver.url('/failing'), ['product.*']);
    await createProduct('Console failing widget');
    // Each failure is due again at once; a worker run may end before the next is due by the clock.
    for (let run = 0; run < 10 && receiver.received('/failing').length < 5; run++) {
      await runUntilIdle(dispatcher);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(receiver.received('/failing')).toHaveLength(5);

    const page = await harness.newPage();
    await signInAsAdmin(page);
    await page.goto(`/webhooks/${id}`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.waitForURL(/status=failed/);
    const failed = page
      .getByRole('table', { name: 'Deliveries' })
      .getByRole('row')
      .filter({ hasText: 'product.created' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('HTTP 500');

    receiver.respondWith(always(ok));
    await failed.getByRole('button', { name: /Retry delivery of product.created/ }).click();
    await page.getByText('Attempt 6 will be made shortly.').waitFor();
    await runUntilIdle(dispatcher);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Delivered' }).click();
    await page.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: 'HTTP 200' }).waitFor();
    expect(receiver.received('/failing')).toHaveLength(6);
  });

  it('leaves Webhooks out of the navigation of a user without system:view-webhooks, who still reads the event feed', async () => {
    const manager = await makeUser(harness.services, harness.tenant.tenantId, 'manager');
    const page = await harness.newPage();
    await harness.signIn(page, manager.email);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Event feed' }).waitFor();
    expect(await navigation.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
  });

  it('shows a viewer the subscriptions without any way to change them', async () => {
    await createSubscription(receiver.url('/viewed'), ['product.created']);
    const viewer = await makeUser(harness.services, harness.tenant.tenantId, 'viewer');
    const page = await harness.newPage();
    await harness.signIn(page, viewer.email);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Webhooks' }).click();
    await page
      .getByRole('table', { name: 'Webhook subscriptions' })
      .getByRole('row')
      .filter({ hasText: receiver.url('/viewed') })
      .waitFor();
    expect(await page.getByRole('button', { name: 'New subscription' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
  });

  it('lists events in the feed, filtered by type, each opening to its payload, and reads newer ones after its cursor', async () => {
    const productId = await createProduct('Console feed widget');
    await runUntilIdle(dispatcher); // publishes the event to the feed
    const page = await harness.newPage();
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Event feed' }).click();
    await page.waitForURL(/\/events$/);
    await page.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'product.created' }).click();
    await page.waitForURL(/event_type=product.created/);
    await page.getByRole('button', { name: `product.created of product ${productId}` }).click();
    await page
      .getByLabel(/Payload of event/)
      .filter({ hasText: 'Console feed widget' })
      .waitFor();
    await harness.screenshot(page, 'event-feed');

    const newerId = await createProduct('Console newer widget');
    await runUntilIdle(dispatcher);
    await page.getByRole('button', { name: 'Check for newer events' }).click();
    await page.getByRole('button', { name: `product.created of product ${newerId}` }).waitFor();
  });
});
