// Webhook subscriptions over HTTP: creation rules (url policy, patterns, secret, headers), reads without the secret,
// partial updates, soft delete, activate and disable, secret rotation, the active limit (also under parallel
// creates), bearer-only access and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import type { WebhookSettings } from '../../../src/config.js';
import { ValidationError } from '../../../src/core/errors.js';
import { FixedClock } from '../../../src/lib/clock.js';
import type { AuthContext } from '../../../src/modules/auth/auth-context.js';
import type { Resolver } from '../../../src/modules/webhooks/transport/address-guard.js';
import { SubscriptionRepository } from '../../../src/modules/webhooks/subscriptions/subscription.repository.js';
import {
  DISABLED_BY_REQUEST,
  MAX_ACTIVE_SUBSCRIPTIONS,
  SubscriptionService,
} from '../../../src/modules/webhooks/subscriptions/subscription.service.js';
import { bearer, makeTenant, makeToken, type TenantFixture } from '../../helpers/factories.js';
import { signedInClient } from '../../helpers/session-client.js';
import { buildTestApp, type HttpMethod, type TestApp } from '../../helpers/test-app.js';

const SUBSCRIPTIONS = '/api/v1/webhooks/subscriptions';
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
const GENERATED_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const NOT_FOUND = {
  success: false,
  code: 'not_found',
  message: 'Webhook subscription not found.',
  data: null,
  meta: {},
};

const defaultWebhooks: WebhookSettings = loadConfig({}).webhooks;
const devWebhooks: WebhookSettings = { ...defaultWebhooks, allowHttp: true, allowPrivateTargets: true };

/** Names the strict-policy app may resolve; anything else does not exist. */
const DNS: Record<string, Array<{ address: string; family: 4 | 6 }>> = {
  localhost: [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ],
  'hooks.example.com': [{ address: '93.184.215.14', family: 4 }],
  'intranet.example.com': [{ address: '10.1.2.3', family: 4 }],
};
const fakeResolver: Resolver = async (hostname) => {
  const found = DNS[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

type Headers = Record<string, string>;
interface Resource {
  id: string;
  url: string;
  event_types: string[];
  payload_mode: string;
  headers: Record<string, string>;
  description: string | null;
  status: string;
  disabled_reason: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
  secret?: string;
}

/** The real app on the given webhook policy (and, for the SSRF tests, a fake DNS). */
function buildWebhookApp(webhooks: WebhookSettings, clock?: FixedClock, resolve?: Resolver): Promise<TestApp> {
  return buildTestApp({ clock, config: { webhooks }, webhookResolver: resolve });
}

const minimal = (extra: object = {}) => ({
  url: 'http://127.0.0.1:9/hook',
  event_types: ['product.created'],
  ...extra,
});

describe('webhook subscriptions', () => {
  let t: TestApp;
  let clock: FixedClock;

  beforeAll(async () => {
    clock = new FixedClock(new Date('2026-03-10T12:00:00.000Z'));
    t = await buildWebhookApp(devWebhooks, clock);
  });
  afterAll(() => t.close());

  /** The tenant whose token calls go out with: each describe block gets its own, so none nears the active limit. */
  let current: TenantFixture & { auth: Headers };
  const useFreshTenant = () =>
    beforeAll(async () => {
      current = await freshTenant();
    });

  const call = (method: HttpMethod, url: string, payload?: object, headers: Headers = current.auth) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const create = (payload: object, headers: Headers = current.auth) => call('POST', SUBSCRIPTIONS, payload, headers);
  const makeSubscription = async (extra: object = {}, headers: Headers = current.auth): Promise<Resource> => {
    const res = await create(minimal(extra), headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Resource;
  };
  const errorsOf = async (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('The given data was invalid.');
    return res.json().errors as Record<string, string[]>;
  };
  const row = (id: string) =>
    t.database.db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** A tenant of its own, so that its active count and lists hold only what the test made. */
  const freshTenant = async (): Promise<TenantFixture & { auth: Headers }> => {
    const tenant = await makeTenant(t.services);
    return { ...tenant, auth: bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId)) };
  };

  describe('create', () => {
    useFreshTenant();

    it('creates an active subscription with every field and answers the secret once', async () => {
      const res = await create({
        url: 'https://hooks.example.com/quartermaster',
        event_types: ['product.created', 'inventory.*', '*'],
        payload_mode: 'thin',
        secret: 'my-own-secret-0123456789',
        headers: { 'X-Api-Key': 'abc 123', Authorization: 'Bearer downstream' },
        description: 'Sync to the shop',
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Webhook subscription created successfully' });
      expect(body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-z]{26}$/),
        url: 'https://hooks.example.com/quartermaster',
        event_types: ['product.created', 'inventory.*', '*'],
        payload_mode: 'thin',
        headers: { 'X-Api-Key': '••••', Authorization: '••••' },
        description: 'Sync to the shop',
        status: 'active',
        disabled_reason: null,
        disabled_at: null,
        created_at: '2026-03-10T12:00:00.000Z',
        updated_at: '2026-03-10T12:00:00.000Z',
        secret: 'my-own-secret-0123456789',
      });
      const stored = await row(body.data.id);
      expect(stored.secret).toBe('my-own-secret-0123456789');
      expect(stored.headers).toEqual({ 'X-Api-Key': 'abc 123', Authorization: 'Bearer downstream' });
    });

    it('defaults payload_mode to full, headers to none, description to null, and generates a whsec_ secret', async () => {
      const first = await makeSubscription();
      const second = await makeSubscription();
      expect(first).toMatchObject({ payload_mode: 'full', headers: {}, description: null, status: 'active' });
      expect(first.secret).toMatch(GENERATED_SECRET);
      expect(second.secret).toMatch(GENERATED_SECRET);
      expect(second.secret).not.toBe(first.secret);
      expect((await row(first.id)).secret).toBe(first.secret);
    });

    it('remembers the creator, the token and the entity types the token may view', async () => {
      const tenant = await freshTenant();
      const token = await makeToken(t.services, tenant.tenantId, tenant.adminId, {
        type: 'integration',
        abilities: ['system:manage-webhooks', 'operations:view-products', 'operations:view-inventory'],
      });
      const made = await makeSubscription({ event_types: ['*'] }, bearer(token));
      const stored = await row(made.id);
      expect(stored.tenant_id).toBe(tenant.tenantId);
      expect(stored.created_by).toBe(tenant.adminId);
      expect([...stored.visible_entity_types].sort()).toEqual(['inventory', 'product', 'stock_movement']);
      const tokenRow = await t.database.db
        .selectFrom('api_tokens')
        .select(['user_id', 'type'])
        .where('id', '=', stored.token_id!)
        .executeTakeFirstOrThrow();
      expect(tokenRow).toEqual({ user_id: tenant.adminId, type: 'integration' });
    });

    it('stores each pattern once, in the order given', async () => {
      const made = await makeSubscription({ event_types: ['product.*', 'product.created', 'product.*'] });
      expect(made.event_types).toEqual(['product.*', 'product.created']);
    });

    it('requires url and event_types', async () => {
      const errors = await errorsOf(await create({}));
      expect(errors.url).toEqual(['The url field is required.']);
      expect(errors.event_types).toEqual(['The event types field is required.']);
    });

    it('takes 1 to 50 patterns and names each malformed one, or one of an unknown entity, by its index', async () => {
      expect((await errorsOf(await create(minimal({ event_types: [] })))).event_types).toEqual([
        'The event types field must have at least 1 items.',
      ]);
      const many = Array.from({ length: 51 }, () => 'product.created');
      expect((await errorsOf(await create(minimal({ event_types: many })))).event_types).toEqual([
        'The event types field must not have more than 50 items.',
      ]);
      expect((await create(minimal({ event_types: many.slice(1) }))).statusCode).toBe(201);

      const malformed = [
        'product',
        'Product.Created',
        'product.',
        '.created',
        'product.*.x',
        '**',
        'product*',
        '*.created',
        'product created',
      ];
      const errors = await errorsOf(
        await create(minimal({ event_types: ['product.created', 'spaceship.*', 'purchase_order.*', ...malformed] })),
      );
      expect(Object.keys(errors).sort()).toEqual(
        ['event_types.1', ...malformed.map((_, i) => `event_types.${i + 3}`)].sort(),
      );
      expect(errors['event_types.1']![0]).toContain('Unknown entity "spaceship"');
      malformed.forEach((pattern, i) =>
        expect(errors[`event_types.${i + 3}`]).toEqual([
          expect.stringContaining(`The pattern "${pattern}" is malformed`),
        ]),
      );
    });

    it('accepts well-formed patterns of every entity of the platform or the service emits', async () => {
      // Event names of the platform's other modules, whose entities this service does not emit (yet), and their
      // entity wildcards.
      const platformNamed = [
        'customer.*',
        'customer.created',
        'order.created',
        'order.status_changed',
        'invoice.*',
        'product.*',
      ];
      const res = await create(minimal({ event_types: platformNamed }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.event_types).toEqual(platformNamed);
      const emitted = [
        'inventory.*',
        'stock_movement.recorded',
        'purchase_order.*',
        'product.discontinued',
        'product.deleted',
        '*',
      ];
      const other = await create(minimal({ event_types: emitted }));
      expect(other.statusCode, other.body).toBe(201);
      expect(other.json().data.event_types).toEqual(emitted);
    });

    it('refuses control characters in the url, which the URL parser would drop silently', async () => {
      for (const url of [
        'http://127.0.0.1:9/a\r\nb',
        'http://127.0.0.1:9/a\nb',
        'http://127.0.0.1:9/a\tb',
        'http://127.0.0.1:9/a\u0000b',
        'http://127.0.0.1:9/a\u007fb',
      ]) {
        const errors = await errorsOf(await create(minimal({ url })));
        expect(errors.url, JSON.stringify(url)).toHaveLength(1);
      }
      expect((await errorsOf(await create(minimal({ url: 'http://127.0.0.1:9/a\r\nb' })))).url).toEqual([
        'The url must not contain control characters such as line breaks, tabs or NUL.',
      ]);
    });

    it('reports a refused header name under its own key, line breaks included', async () => {
      const errors = await errorsOf(await create(minimal({ headers: { 'X\nY': 'z', 'Bad Name': 'x' } })));
      expect(Object.keys(errors).sort()).toEqual(['headers.Bad Name', 'headers.X\nY']);
      expect(errors['headers.X\nY']).toEqual([
        'The header name "X\\nY" must be an RFC 7230 token of at most 100 characters.',
      ]);
    });

    it('limits url to 2048 characters, description to 1000, payload_mode to full or thin', async () => {
      const longUrl = `https://hooks.example.com/${'a'.repeat(2049 - 'https://hooks.example.com/'.length)}`;
      expect((await errorsOf(await create(minimal({ url: longUrl })))).url).toEqual([
        'The url field must not be greater than 2048 characters.',
      ]);
      expect((await errorsOf(await create(minimal({ description: 'x'.repeat(1001) })))).description).toEqual([
        'The description field must not be greater than 1000 characters.',
      ]);
      expect((await create(minimal({ description: 'x'.repeat(1000) }))).statusCode).toBe(201);
      expect((await errorsOf(await create(minimal({ payload_mode: 'fat' })))).payload_mode).toEqual([
        'The selected payload mode is invalid. Allowed: full, thin.',
      ]);
    });

    it('accepts a secret of 16 to 255 visible ASCII characters only', async () => {
      expect((await errorsOf(await create(minimal({ secret: 'x'.repeat(15) })))).secret).toEqual([
        'The secret field must be at least 16 characters.',
      ]);
      expect((await errorsOf(await create(minimal({ secret: 'x'.repeat(256) })))).secret).toEqual([
        'The secret field must not be greater than 255 characters.',
      ]);
      expect((await errorsOf(await create(minimal({ secret: 'sixteen chars ok' })))).secret).toEqual([
        'The secret field format is invalid.',
      ]);
      expect((await errorsOf(await create(minimal({ secret: 'geheimnis-für-alle' })))).secret).toEqual([
        'The secret field format is invalid.',
      ]);
      expect((await makeSubscription({ secret: '!~'.repeat(8) })).secret).toBe('!~!~!~!~!~!~!~!~');
      expect((await makeSubscription({ secret: 's'.repeat(255) })).secret).toHaveLength(255);
    });

    it('refuses standard, hop-by-hop and signature headers, each under its own key', async () => {
      const refused = [
        'Content-Type',
        'content-length',
        'User-Agent',
        'Host',
        'Connection',
        'Transfer-Encoding',
        'Keep-Alive',
        'Upgrade',
        'X-Webhook-Signature',
        'x-webhook-custom',
        'Webhook-Id',
        'webhook-signature',
      ];
      const headers = Object.fromEntries([...refused.map((name) => [name, 'value']), ['X-Allowed', 'fine']]);
      const errors = await errorsOf(await create(minimal({ headers })));
      expect(Object.keys(errors).sort()).toEqual(refused.map((name) => `headers.${name}`).sort());
      expect(errors['headers.Content-Type']).toEqual([
        'The header Content-Type cannot be set: the webhook sender sets it.',
      ]);
      expect(errors['headers.Connection']).toEqual(['The header Connection cannot be set: it is a hop-by-hop header.']);
      expect(errors['headers.X-Webhook-Signature']![0]).toContain('X-Webhook-* and Webhook-* headers');
    });

    it('checks header names as RFC 7230 tokens and values for length and line breaks', async () => {
      const errors = await errorsOf(
        await create(
          minimal({
            headers: {
              'Bad Name': 'v',
              'X-Ünicode': 'v',
              ['X-' + 'n'.repeat(99)]: 'v',
              'X-Long': 'v'.repeat(1001),
              'X-Split': 'one\r\nInjected: two',
              'X-Newline': 'one\ntwo',
              'X-Bell': 'ding\u0007',
              'X-Max': 'v'.repeat(1000),
            },
          }),
        ),
      );
      expect(errors['headers.Bad Name']).toEqual([
        'The header name "Bad Name" must be an RFC 7230 token of at most 100 characters.',
      ]);
      expect(errors['headers.X-Ünicode']).toHaveLength(1);
      expect(errors[`headers.X-${'n'.repeat(99)}`]).toHaveLength(1);
      expect(errors['headers.X-Long']).toEqual(['The header X-Long value must not be greater than 1000 characters.']);
      expect(errors['headers.X-Split']).toEqual(['The header X-Split value must not contain line breaks.']);
      expect(errors['headers.X-Newline']).toEqual(['The header X-Newline value must not contain line breaks.']);
      expect(errors['headers.X-Bell']).toEqual([
        'The header X-Bell value may contain only visible characters, spaces and tabs.',
      ]);
      expect(errors['headers.X-Max']).toBeUndefined();

      const fine = await makeSubscription({
        headers: { ['X-' + 'n'.repeat(98)]: 'v'.repeat(1000), "X-Token!#$%&'*+.^_`|~": 'tab\tand space' },
      });
      expect(Object.keys(fine.headers)).toHaveLength(2);
    });

    it('takes at most 20 headers, each name once whatever its case, and string values only', async () => {
      const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`X-Header-${i}`, String(i)]));
      expect(Object.keys((await makeSubscription({ headers: twenty })).headers)).toHaveLength(20);
      const errors = await errorsOf(await create(minimal({ headers: { ...twenty, 'X-Header-20': '20' } })));
      expect(errors.headers).toEqual(['The headers field must not have more than 20 headers.']);

      const twice = await errorsOf(await create(minimal({ headers: { 'X-Tenant': 'a', 'x-tenant': 'b' } })));
      expect(twice['headers.x-tenant']).toEqual([
        'The header x-tenant is given more than once (header names are case-insensitive).',
      ]);

      const typed = await errorsOf(await create(minimal({ headers: { 'X-Count': 3 } })));
      expect(typed['headers.X-Count']).toEqual(['The X-Count field must be a string.']);
      expect((await errorsOf(await create(minimal({ headers: ['X-A'] })))).headers).toEqual([
        'The headers field must be an object.',
      ]);
    });
  });

  describe('address policy (https only, no private targets)', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await buildWebhookApp(defaultWebhooks, undefined, fakeResolver);
    });
    afterAll(() => strict.close());

    const strictCreate = (payload: object) =>
      strict.app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: strict.auth, payload });
    const urlErrors = async (url: string) => (await errorsOf(await strictCreate(minimal({ url })))).url;

    it('refuses loopback, private and metadata targets, plain http, credentials and unresolvable names', async () => {
      expect(await urlErrors('https://127.0.0.1/x')).toEqual(['The url resolves to a loopback address (127.0.0.1).']);
      expect(await urlErrors('http://example.com')).toEqual(['The url must use https.']);
      expect(await urlErrors('https://localhost/x')).toEqual([
        'The url resolves to a loopback address (127.0.0.1).',
        'The url resolves to a loopback address (::1).',
      ]);
      expect(await urlErrors('https://intranet.example.com/x')).toEqual([
        'The url resolves to a private address (10.1.2.3).',
      ]);
      expect(await urlErrors('https://169.254.169.254/latest/meta-data')).toEqual([
        'The url resolves to a metadata address (169.254.169.254).',
      ]);
      expect(await urlErrors('https://[::1]/x')).toEqual(['The url resolves to a loopback address (::1).']);
      expect(await urlErrors('https://user:pass@hooks.example.com/x')).toEqual([
        'The url must not contain a user name or password.',
      ]);
      expect(await urlErrors('https://nowhere.invalid/x')).toEqual(['The url host could not be resolved.']);
      expect(await urlErrors('not a url')).toEqual(['The url is not a valid URL.']);
      expect(await strict.database.db.selectFrom('webhook_subscriptions').select('id').execute()).toEqual([]);
    });

    it('reports the url and the other fields together', async () => {
      const errors = await errorsOf(
        await strictCreate({ url: 'http://example.com', event_types: ['nope'], headers: { Host: 'x' } }),
      );
      expect(Object.keys(errors).sort()).toEqual(['event_types.0', 'headers.Host', 'url']);
    });

    it('accepts an https url whose name resolves only to public addresses', async () => {
      const res = await strictCreate(minimal({ url: 'https://hooks.example.com/x' }));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('checks a changed url again', async () => {
      const made = (await strictCreate(minimal({ url: 'https://hooks.example.com/y' }))).json().data as Resource;
      const payload = { url: 'https://localhost/x' };
      const res = await strict.app.inject({
        method: 'PATCH',
        url: `${SUBSCRIPTIONS}/${made.id}`,
        headers: strict.auth,
        payload,
      });
      expect((await errorsOf(res)).url).toContain('The url resolves to a loopback address (127.0.0.1).');
      const stored = await strict.database.db
        .selectFrom('webhook_subscriptions')
        .select('url')
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      expect(stored.url).toBe('https://hooks.example.com/y');
    });

    it('refuses localhost through the system resolver when no resolver is given', async () => {
      const { db, clock: appClock, newId } = strict.services;
      const service = new SubscriptionService({
        db,
        subscriptions: new SubscriptionRepository(),
        audit: strict.services.audit.service,
        clock: appClock,
        newId,
        policy: defaultWebhooks,
      });
      const { tenantId, adminId, adminEmail } = strict.tenant;
      const auth: AuthContext = {
        tenantId,
        user: { id: adminId, name: 'Admin', email: adminEmail, role: 'admin' },
        via: 'token',
        tokenAbilities: ['*'],
        tokenId: null,
        tokenType: 'application',
      };
      const attempt = service.create(auth, minimal({ url: 'https://localhost/x' }));
      await expect(attempt).rejects.toBeInstanceOf(ValidationError);
      await expect(attempt).rejects.toMatchObject({ errors: { url: [expect.stringContaining('loopback')] } });
    });
  });

  describe('reads', () => {
    useFreshTenant();

    it('answers one subscription without its secret, and 404 for unknown ids', async () => {
      const made = await makeSubscription({ description: 'readable' });
      const res = await call('GET', `${SUBSCRIPTIONS}/${made.id}`);
      expect(res.statusCode).toBe(200);
      const { secret, ...withoutSecret } = made;
      expect(secret).toBeDefined();
      expect(res.json()).toEqual({ success: true, data: withoutSecret });
      expect(res.body).not.toContain(secret!);

      for (const id of [MISSING_ID, 'not-a-ulid']) {
        const missing = await call('GET', `${SUBSCRIPTIONS}/${id}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual(NOT_FOUND);
      }
    });

    it('lists newest first, 25 a page by default, with links, filters by status and never shows secrets', async () => {
      const tenant = await freshTenant();
      const made: Resource[] = [];
      for (let i = 0; i < 4; i++) {
        clock.advance(1000);
        made.push(await makeSubscription({ description: `n${i}` }, tenant.auth));
      }
      await call('POST', `${SUBSCRIPTIONS}/${made[1]!.id}/disable`, undefined, tenant.auth);

      const all = await call('GET', SUBSCRIPTIONS, undefined, tenant.auth);
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body.data.map((s: Resource) => s.description)).toEqual(['n3', 'n2', 'n1', 'n0']);
      expect(body.meta).toEqual({ current_page: 1, per_page: 25, total: 4, last_page: 1 });
      expect(body.links).toMatchObject({ prev: null, next: null });
      expect(body.links.first).toContain('/api/v1/webhooks/subscriptions?page=1');
      expect(body.data.every((s: object) => !('secret' in s))).toBe(true);

      const disabled = (await call('GET', `${SUBSCRIPTIONS}?status=disabled`, undefined, tenant.auth)).json();
      expect(disabled.data.map((s: Resource) => s.id)).toEqual([made[1]!.id]);
      const active = (await call('GET', `${SUBSCRIPTIONS}?status=active`, undefined, tenant.auth)).json();
      expect(active.meta.total).toBe(3);

      const paged = (await call('GET', `${SUBSCRIPTIONS}?per_page=3&page=2`, undefined, tenant.auth)).json();
      expect(paged.data.map((s: Resource) => s.description)).toEqual(['n0']);
      expect(paged.meta).toEqual({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
      expect(paged.links.prev).toContain('page=1');

      expect((await call('GET', `${SUBSCRIPTIONS}?per_page=101`, undefined, tenant.auth)).statusCode).toBe(422);
      expect((await call('GET', `${SUBSCRIPTIONS}?status=paused`, undefined, tenant.auth)).statusCode).toBe(422);
    });
  });

  describe('update', () => {
    useFreshTenant();

    it('changes only the fields sent and moves updated_at', async () => {
      const made = await makeSubscription({ headers: { 'X-One': '1' }, description: 'before', payload_mode: 'thin' });
      clock.advance(60_000);
      const res = await call('PATCH', `${SUBSCRIPTIONS}/${made.id}`, { description: 'after' });
      expect(res.statusCode, res.body).toBe(200);
      const { secret: _secret, ...expected } = made;
      expect(res.json()).toEqual({
        success: true,
        message: 'Webhook subscription updated successfully',
        data: { ...expected, description: 'after', updated_at: clock.now().toISOString() },
      });
    });

    it('replaces url, event_types, payload_mode and the whole header set; clears the description with null', async () => {
      const made = await makeSubscription({ headers: { 'X-One': '1', 'X-Two': '2' }, description: 'd' });
      const res = await call('PATCH', `${SUBSCRIPTIONS}/${made.id}`, {
        url: 'http://127.0.0.1:9/other',
        event_types: ['purchase_order.*'],
        payload_mode: 'thin',
        headers: { 'X-Three': '3' },
        description: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        url: 'http://127.0.0.1:9/other',
        event_types: ['purchase_order.*'],
        payload_mode: 'thin',
        headers: { 'X-Three': '••••' },
        description: null,
      });
      expect((await row(made.id)).headers).toEqual({ 'X-Three': '3' });
    });

    it('validates changed patterns and headers like creation', async () => {
      const made = await makeSubscription();
      const errors = await errorsOf(
        await call('PATCH', `${SUBSCRIPTIONS}/${made.id}`, {
          event_types: ['product.Nope'],
          headers: { 'Webhook-Id': 'x' },
        }),
      );
      expect(Object.keys(errors).sort()).toEqual(['event_types.0', 'headers.Webhook-Id']);
      expect(
        (await errorsOf(await call('PATCH', `${SUBSCRIPTIONS}/${made.id}`, { event_types: [] }))).event_types,
      ).toHaveLength(1);
    });

    it('refuses a secret, pointing to rotate-secret, and changes nothing', async () => {
      const made = await makeSubscription({ description: 'keep' });
      const errors = await errorsOf(
        await call('PATCH', `${SUBSCRIPTIONS}/${made.id}`, {
          secret: 'a-brand-new-secret-value',
          description: 'changed',
        }),
      );
      expect(errors).toEqual({
        secret: ['The secret cannot be changed here; use POST /api/v1/webhooks/subscriptions/{id}/rotate-secret.'],
      });
      const stored = await row(made.id);
      expect(stored.secret).toBe(made.secret);
      expect(stored.description).toBe('keep');
    });

    it('ignores a status sent in the body', async () => {
      const made = await makeSubscription();
      const res = await call('PATCH', `${SUBSCRIPTIONS}/${made.id}`, { status: 'disabled' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('active');
    });
  });

  describe('delete', () => {
    it('soft-deletes: 200 with a message, then 404 everywhere and gone from the list', async () => {
      const tenant = await freshTenant();
      const made = await makeSubscription({}, tenant.auth);
      const res = await call('DELETE', `${SUBSCRIPTIONS}/${made.id}`, undefined, tenant.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Webhook subscription deleted successfully' });
      expect((await row(made.id)).deleted_at).not.toBeNull();

      for (const [method, url] of [
        ['GET', `${SUBSCRIPTIONS}/${made.id}`],
        ['PATCH', `${SUBSCRIPTIONS}/${made.id}`],
        ['DELETE', `${SUBSCRIPTIONS}/${made.id}`],
        ['POST', `${SUBSCRIPTIONS}/${made.id}/disable`],
        ['POST', `${SUBSCRIPTIONS}/${made.id}/activate`],
        ['POST', `${SUBSCRIPTIONS}/${made.id}/rotate-secret`],
      ] as const) {
        const after = await call(method, url, method === 'PATCH' ? { description: 'x' } : undefined, tenant.auth);
        expect(after.statusCode, `${method} ${url}`).toBe(404);
        expect(after.json()).toEqual(NOT_FOUND);
      }
      expect((await call('GET', SUBSCRIPTIONS, undefined, tenant.auth)).json().meta.total).toBe(0);
    });
  });

  describe('activate and disable', () => {
    useFreshTenant();

    it('disables with a reason and time, and activates again clearing both', async () => {
      const made = await makeSubscription();
      clock.advance(1000);
      const disabledAt = clock.now().toISOString();
      const disabled = await call('POST', `${SUBSCRIPTIONS}/${made.id}/disable`);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toEqual({
        success: true,
        message: 'Webhook subscription disabled successfully',
        data: { id: made.id, status: 'disabled', updated_at: disabledAt },
      });
      expect((await call('GET', `${SUBSCRIPTIONS}/${made.id}`)).json().data).toMatchObject({
        status: 'disabled',
        disabled_reason: DISABLED_BY_REQUEST,
        disabled_at: disabledAt,
      });

      clock.advance(1000);
      const activated = await call('POST', `${SUBSCRIPTIONS}/${made.id}/activate`);
      expect(activated.statusCode).toBe(200);
      expect(activated.json()).toEqual({
        success: true,
        message: 'Webhook subscription activated successfully',
        data: { id: made.id, status: 'active', updated_at: clock.now().toISOString() },
      });
      expect((await call('GET', `${SUBSCRIPTIONS}/${made.id}`)).json().data).toMatchObject({
        status: 'active',
        disabled_reason: null,
        disabled_at: null,
      });
    });

    it('answers 200 unchanged when the subscription already has the status asked for', async () => {
      const made = await makeSubscription();
      clock.advance(1000);
      const again = await call('POST', `${SUBSCRIPTIONS}/${made.id}/activate`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        success: true,
        message: 'Webhook subscription is already active; nothing changed',
        data: { id: made.id, status: 'active', updated_at: made.updated_at },
      });

      const first = (await call('POST', `${SUBSCRIPTIONS}/${made.id}/disable`)).json().data;
      clock.advance(1000);
      const twice = await call('POST', `${SUBSCRIPTIONS}/${made.id}/disable`);
      expect(twice.statusCode).toBe(200);
      expect(twice.json()).toEqual({
        success: true,
        message: 'Webhook subscription is already disabled; nothing changed',
        data: first,
      });
      expect((await row(made.id)).disabled_at).toBe(first.updated_at);
    });

    it('keeps the reason of an automatic disabling when disabled again by request', async () => {
      const made = await makeSubscription();
      await t.database.db
        .updateTable('webhook_subscriptions')
        .set({
          status: 'disabled',
          disabled_reason: 'Too many failed deliveries.',
          disabled_at: clock.now().toISOString(),
        })
        .where('id', '=', made.id)
        .execute();
      expect((await call('POST', `${SUBSCRIPTIONS}/${made.id}/disable`)).statusCode).toBe(200);
      expect((await row(made.id)).disabled_reason).toBe('Too many failed deliveries.');
    });
  });

  describe('rotate-secret', () => {
    useFreshTenant();

    it('replaces the secret at once and shows the new one only in its answer', async () => {
      const made = await makeSubscription({ secret: 'the-first-secret-value' });
      clock.advance(1000);
      const res = await call('POST', `${SUBSCRIPTIONS}/${made.id}/rotate-secret`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Webhook subscription secret rotated successfully',
        data: { id: made.id, secret: expect.stringMatching(GENERATED_SECRET), updated_at: clock.now().toISOString() },
      });
      expect((await row(made.id)).secret).toBe(body.data.secret);
      const again = (await call('POST', `${SUBSCRIPTIONS}/${made.id}/rotate-secret`)).json().data.secret;
      expect(again).not.toBe(body.data.secret);
      expect((await call('GET', `${SUBSCRIPTIONS}/${made.id}`)).body).not.toContain(again);
    });
  });

  describe('active limit', () => {
    const limitMessage = (verb: string) =>
      `Cannot ${verb} the webhook subscription: a tenant may have at most 25 active subscriptions. Disable or delete one first.`;

    it(`refuses the ${MAX_ACTIVE_SUBSCRIPTIONS + 1}th active subscription; disabled and deleted ones do not count`, async () => {
      const tenant = await freshTenant();
      const made: Resource[] = [];
      for (let i = 0; i < MAX_ACTIVE_SUBSCRIPTIONS; i++) made.push(await makeSubscription({}, tenant.auth));
      const refused = await create(minimal(), tenant.auth);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        success: false,
        code: 'subscription_limit_reached',
        message: limitMessage('create'),
      });

      await call('POST', `${SUBSCRIPTIONS}/${made[0]!.id}/disable`, undefined, tenant.auth);
      const replacement = await makeSubscription({}, tenant.auth);
      const reactivate = await call('POST', `${SUBSCRIPTIONS}/${made[0]!.id}/activate`, undefined, tenant.auth);
      expect(reactivate.statusCode).toBe(422);
      expect(reactivate.json()).toEqual({
        success: false,
        code: 'subscription_limit_reached',
        message: limitMessage('activate'),
      });
      expect((await row(made[0]!.id)).status).toBe('disabled');

      expect((await call('DELETE', `${SUBSCRIPTIONS}/${replacement.id}`, undefined, tenant.auth)).statusCode).toBe(200);
      expect((await call('POST', `${SUBSCRIPTIONS}/${made[0]!.id}/activate`, undefined, tenant.auth)).statusCode).toBe(
        200,
      );
      expect((await create(minimal(), tenant.auth)).statusCode).toBe(422);
    });

    it('lets exactly 25 of 30 parallel creates through', async () => {
      const tenant = await freshTenant();
      const answers = await Promise.all(Array.from({ length: 30 }, () => create(minimal(), tenant.auth)));
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(MAX_ACTIVE_SUBSCRIPTIONS);
      expect(codes.filter((code) => code === 422)).toHaveLength(30 - MAX_ACTIVE_SUBSCRIPTIONS);
      const active = await t.database.db
        .selectFrom('webhook_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenant.tenantId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      expect(Number(active.n)).toBe(MAX_ACTIVE_SUBSCRIPTIONS);
    });
  });

  describe('access', () => {
    useFreshTenant();

    it("answers 404 for another tenant's subscription on every endpoint and leaves it alone", async () => {
      const other = await freshTenant();
      const theirs = await makeSubscription({ description: 'theirs' }, other.auth);
      for (const [method, path] of [
        ['GET', ''],
        ['PATCH', ''],
        ['DELETE', ''],
        ['POST', '/activate'],
        ['POST', '/disable'],
        ['POST', '/rotate-secret'],
      ] as const) {
        const res = await call(
          method,
          `${SUBSCRIPTIONS}/${theirs.id}${path}`,
          method === 'PATCH' ? { description: 'mine' } : undefined,
        );
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      const stored = await row(theirs.id);
      expect(stored).toMatchObject({
        description: 'theirs',
        status: 'active',
        deleted_at: null,
        secret: theirs.secret,
      });
      expect((await call('GET', SUBSCRIPTIONS)).json().data.map((s: Resource) => s.id)).not.toContain(theirs.id);
    });

    it('refuses personal tokens with 403 and takes application and integration tokens', async () => {
      const { tenantId, adminId } = current;
      const personal = bearer(await makeToken(t.services, tenantId, adminId, { type: 'personal' }));
      const made = await makeSubscription();
      for (const [method, url] of [
        ['GET', SUBSCRIPTIONS],
        ['POST', SUBSCRIPTIONS],
        ['GET', `${SUBSCRIPTIONS}/${made.id}`],
        ['POST', `${SUBSCRIPTIONS}/${made.id}/rotate-secret`],
      ] as const) {
        const res = await call(
          method,
          url,
          method === 'POST' && url === SUBSCRIPTIONS ? minimal() : undefined,
          personal,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe('personal tokens cannot be used here; use one of: application, integration.');
      }
      const integration = bearer(
        await makeToken(t.services, tenantId, adminId, {
          type: 'integration',
          abilities: ['system:manage-webhooks', 'operations:view-products'],
        }),
      );
      expect((await create(minimal(), integration)).statusCode).toBe(201);
      const reader = bearer(
        await makeToken(t.services, tenantId, adminId, { type: 'application', abilities: ['system:view-webhooks'] }),
      );
      expect((await call('GET', `${SUBSCRIPTIONS}/${made.id}`, undefined, reader)).statusCode).toBe(200);
    });

    it('answers 401 without a token and for a signed-in session', async () => {
      expect((await t.app.inject({ method: 'GET', url: SUBSCRIPTIONS })).statusCode).toBe(401);
      const client = await signedInClient(t.app, current.adminEmail);
      for (const [method, url, payload] of [
        ['GET', SUBSCRIPTIONS, undefined],
        ['POST', SUBSCRIPTIONS, minimal()],
      ] as const) {
        const res = await client.request({ method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
      }
    });
  });
});
