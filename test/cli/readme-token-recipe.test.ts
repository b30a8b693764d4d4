// The README's Start section creates an API token with the CLI: that token must do what the README shows a
// token doing, webhooks and the event feed included (which refuse a `personal` token).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { bearer } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/**
 * The arguments of the Start section's `npm run -s cli -- token:create …`, its line continuations joined; a
 * quoted argument or a `<placeholder>` is one argument.
 */
function startRecipeArguments(): string[] {
  const start = README.slice(README.indexOf('\n## Start\n'), README.indexOf('\n## Tests\n'));
  const command = /npm run -s cli -- (token:create(?:[^\n\\]|\\\n)*)/.exec(start)?.[1];
  expect(command, 'the Start section creates a token with the CLI').toBeDefined();
  return [...command!.replace(/\\\n/g, ' ').matchAll(/'([^']*)'|(<[^>]*>|\S+)/g)].map((match) => match[1] ?? match[2]!);
}

describe("the README's token recipe", () => {
  let t: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const args = startRecipeArguments().map((arg) =>
      arg === '<tenant id>' ? t.tenant.tenantId : arg === 'admin@example.com' ? t.tenant.adminEmail : arg,
    );
    let stdout = '';
    const io = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => expect.fail(text) };
    expect(await runCli(args, io, t.config)).toBe(0);
    auth = bearer((JSON.parse(stdout) as { plain_text_token: string }).plain_text_token);
  });
  afterAll(() => t?.close());

  it.each([
    '/api/v1/auth/me',
    '/api/v1/operations/warehouses',
    '/api/v1/operations/products',
    '/api/v1/operations/purchase-orders',
    '/api/v1/webhooks/event-types',
    '/api/v1/webhooks/events',
    '/api/v1/webhooks/subscriptions',
  ])('reads %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(response.json()).toMatchObject({ success: true });
    expect(response.statusCode).toBe(200);
  });
});
