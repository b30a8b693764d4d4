// Product lifecycle over HTTP: every allowed and refused transition, reasons, events, abilities, races.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductStatus } from '../../../src/db/schema.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { ProductRepository } from '../../../src/modules/catalog/products/product.repository.js';
import { bearer, makeProduct, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const PRODUCTS = '/api/v1/operations/products';
const STATUSES: ProductStatus[] = [
  'draft',
  'pending_approval',
  'active',
  'inactive',
  'out_of_stock',
  'rejected',
  'discontinued',
];

type Action =
  | 'activate'
  | 'deactivate'
  | 'discontinue'
  | 'submit-for-review'
  | 'approve'
  | 'decline'
  | 'return-for-revisions'
  | 'revise';

/** The table of docs/decisions/products.md (Product lifecycle), written out so that the code is checked against it, not itself. */
const SPEC: Record<
  Action,
  { from: ProductStatus[]; to: ProductStatus; takesReason: boolean; event: string | null; refused: string }
> = {
  activate: {
    from: ['draft', 'inactive'],
    to: 'active',
    takesReason: false,
    event: 'product.activated',
    refused: 'activate {p}',
  },
  deactivate: {
    from: ['active'],
    to: 'inactive',
    takesReason: true,
    event: 'product.deactivated',
    refused: 'deactivate {p}',
  },
  discontinue: {
    from: ['active', 'inactive', 'out_of_stock'],
    to: 'discontinued',
    takesReason: true,
    event: 'product.discontinued',
    refused: 'discontinue {p}',
  },
  'submit-for-review': {
    from: ['draft'],
    to: 'pending_approval',
    takesReason: false,
    event: null,
    refused: 'submit {p} for review',
  },
  approve: {
    from: ['pending_approval'],
    to: 'active',
    takesReason: false,
    event: 'product.activated',
    refused: 'approve {p}',
  },
  decline: {
    from: ['draft', 'pending_approval'],
    to: 'rejected',
    takesReason: true,
    event: null,
    refused: 'decline {p}',
  },
  'return-for-revisions': {
    from: ['pending_approval'],
    to: 'draft',
    takesReason: true,
    event: null,
    refused: 'return {p} for revisions',
  },
  revise: { from: ['rejected'], to: 'draft', takesReason: false, event: null, refused: 'revise {p}' },
};
const ACTIONS = Object.keys(SPEC) as Action[];

const ALLOWED = ACTIONS.flatMap((action) => SPEC[action].from.map((from) => ({ action, from, to: SPEC[action].to })));
const REFUSED = ACTIONS.flatMap((action) =>
  STATUSES.filter((s) => !SPEC[action].from.includes(s)).map((from) => ({ action, from })),
);

const NOTES: Partial<Record<ProductStatus, string>> = {
  discontinued: ' Discontinued is a final status.',
  out_of_stock: ' An out_of_stock product becomes active again when its stock is replenished.',
};
const refusal = (action: Action, status: ProductStatus) =>
  `Cannot ${SPEC[action].refused.replace('{p}', `a product with status ${status}`)}. Allowed from: ${SPEC[action].from.join(', ')}.${NOTES[status] ?? ''}`;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('product lifecycle', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-06-01T08:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const act = (id: string, action: string, payload?: unknown, headers: Record<string, string> = t.auth) =>
    t.app.inject({
      method: 'POST',
      url: `${PRODUCTS}/${id}/${action}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const productWith = async (status: ProductStatus, statusReason: string | null = null) => {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    await t.database.db
      .updateTable('products')
      .set({ status, status_reason: statusReason })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const row = (id: string) =>
    t.database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = (id: string) =>
    t.database.db.selectFrom('event_outbox').selectAll().where('entity_id', '=', id).orderBy('id').execute();
  const eventTypes = async (id: string) => (await events(id)).map((e) => e.event_type);

  describe('allowed actions', () => {
    it.each(STATUSES)('a %s product answers the actions its status allows, each of them accepted', async (status) => {
      const id = await productWith(status);
      const res = await t.app.inject({ url: `${PRODUCTS}/${id}`, headers: t.auth });
      const allowed = ACTIONS.filter((action) => SPEC[action].from.includes(status));
      expect([...res.json().data.allowed_actions].sort()).toEqual([...allowed].sort());
      for (const action of allowed) {
        const other = await productWith(status);
        expect((await act(other, action)).statusCode, action).toBe(200);
      }
    });

    it("answers the new status's actions after a transition", async () => {
      const id = await productWith('draft');
      const res = await act(id, 'activate');
      expect(res.json().data.allowed_actions).toEqual(['deactivate', 'discontinue']);
    });
  });

  describe('allowed transitions', () => {
    it.each(ALLOWED)('$action: $from -> $to', async ({ action, from, to }) => {
      const id = await productWith(from, 'earlier reason');
      const res = await act(id, action);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.message).toEqual(expect.any(String));
      expect(body.data).toMatchObject({
        id,
        status: to,
        status_reason: null,
        status_changed_at: expect.stringMatching(ISO),
      });
      expect(body.data.updated_at).toBe(body.data.status_changed_at);
      expect((await row(id)).status).toBe(to);
      expect(await eventTypes(id)).toEqual(SPEC[action].event ? [SPEC[action].event] : []);
    });

    it('walks one product through review, rejection, revision, activation and discontinuation', async () => {
      const id = await makeProduct(t.database.db, t.tenant.tenantId);
      const steps: Array<[Action, ProductStatus]> = [
        ['submit-for-review', 'pending_approval'],
        ['return-for-revisions', 'draft'],
        ['submit-for-review', 'pending_approval'],
        ['decline', 'rejected'],
        ['revise', 'draft'],
        ['decline', 'rejected'],
        ['revise', 'draft'],
        ['submit-for-review', 'pending_approval'],
        ['approve', 'active'],
        ['deactivate', 'inactive'],
        ['activate', 'active'],
        ['discontinue', 'discontinued'],
      ];
      for (const [action, status] of steps) {
        const res = await act(id, action);
        expect(res.statusCode, action).toBe(200);
        expect(res.json().data.status).toBe(status);
      }
      expect(await eventTypes(id)).toEqual([
        'product.activated',
        'product.deactivated',
        'product.activated',
        'product.discontinued',
      ]);
      expect((await act(id, 'activate')).statusCode).toBe(422);
    });

    it('answers the action message', async () => {
      const messages: Array<[Action, ProductStatus, string]> = [
        ['activate', 'draft', 'Product activated successfully'],
        ['deactivate', 'active', 'Product deactivated successfully'],
        ['discontinue', 'active', 'Product discontinued successfully'],
        ['approve', 'pending_approval', 'Product approved successfully'],
      ];
      for (const [action, from, message] of messages) {
        expect((await act(await productWith(from), action)).json().message).toBe(message);
      }
    });
  });

  describe('refused transitions', () => {
    it('covers 8 actions x 7 statuses between the two tables', () => {
      expect(ALLOWED.length + REFUSED.length).toBe(56);
      expect(ALLOWED).toHaveLength(12);
      expect(REFUSED).toHaveLength(44);
    });

    it.each(REFUSED)('$action from $from: 422 naming the current status, nothing changes', async ({ action, from }) => {
      const id = await productWith(from, 'kept reason');
      const before = await row(id);
      const res = await act(id, action, SPEC[action].takesReason ? { reason: 'ignored' } : undefined);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ success: false, code: 'invalid_transition', message: refusal(action, from) });
      const after = await row(id);
      expect(after).toEqual(before);
      expect(after.status_reason).toBe('kept reason');
      expect(await events(id)).toEqual([]);
    });

    it('discontinued is terminal: activate names it and says why', async () => {
      const res = await act(await productWith('discontinued'), 'activate');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'Cannot activate a product with status discontinued. Allowed from: draft, inactive. Discontinued is a final status.',
      );
    });

    it('out_of_stock cannot be activated by hand: only replenishment makes it active', async () => {
      const res = await act(await productWith('out_of_stock'), 'activate');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'Cannot activate a product with status out_of_stock. Allowed from: draft, inactive. An out_of_stock product becomes active again when its stock is replenished.',
      );
    });

    it('a second identical action is refused (not idempotent)', async () => {
      const id = await productWith('draft');
      expect((await act(id, 'activate')).statusCode).toBe(200);
      const again = await act(id, 'activate');
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toBe('Cannot activate a product with status active. Allowed from: draft, inactive.');
      expect(await eventTypes(id)).toEqual(['product.activated']);
    });
  });

  describe('events', () => {
    it.each([
      ['activate', 'draft', 'product.activated'],
      ['approve', 'pending_approval', 'product.activated'],
      ['deactivate', 'active', 'product.deactivated'],
      ['discontinue', 'out_of_stock', 'product.discontinued'],
    ] as Array<[Action, ProductStatus, string]>)(
      '%s from %s records %s with the product after the change',
      async (action, from, type) => {
        const id = await productWith(from);
        const res = await act(id, action, SPEC[action].takesReason ? { reason: 'Seasonal' } : undefined);
        expect(res.statusCode).toBe(200);
        const [event, ...rest] = await events(id);
        expect(rest).toEqual([]);
        expect(event).toMatchObject({
          tenant_id: t.tenant.tenantId,
          event_type: type,
          entity_type: 'product',
          entity_id: id,
        });
        expect(event!.payload).toEqual(res.json().data);
        expect(event!.payload).toMatchObject({
          status: SPEC[action].to,
          status_reason: SPEC[action].takesReason ? 'Seasonal' : null,
        });
      },
    );

    it('submit, decline, return and revise record no event', async () => {
      const id = await makeProduct(t.database.db, t.tenant.tenantId);
      for (const action of [
        'submit-for-review',
        'return-for-revisions',
        'submit-for-review',
        'decline',
        'revise',
        'decline',
      ] as Action[]) {
        expect((await act(id, action)).statusCode, action).toBe(200);
      }
      expect(await events(id)).toEqual([]);
    });
  });

  describe('reason and status timestamps', () => {
    it.each(ACTIONS.filter((a) => SPEC[a].takesReason))('%s records the trimmed reason', async (action) => {
      const id = await productWith(SPEC[action].from[0]!);
      const res = await act(id, action, { reason: '  Supplier stopped the line  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status_reason).toBe('Supplier stopped the line');
      expect((await row(id)).status_reason).toBe('Supplier stopped the line');
    });

    it.each(ACTIONS.filter((a) => SPEC[a].takesReason))(
      '%s takes no body, an empty body, a null or a blank reason as no reason',
      async (action) => {
        const from = SPEC[action].from[0]!;
        const variants: Array<{ payload?: unknown; headers?: Record<string, string> }> = [
          {},
          { payload: '', headers: { 'content-type': 'application/json' } },
          { payload: {} },
          { payload: { reason: null } },
          { payload: { reason: '   ' } },
        ];
        for (const variant of variants) {
          const id = await productWith(from, 'earlier reason');
          const res = await t.app.inject({
            method: 'POST',
            url: `${PRODUCTS}/${id}/${action}`,
            headers: { ...t.auth, ...variant.headers },
            ...(variant.payload === undefined ? {} : { payload: variant.payload as string }),
          });
          expect(res.statusCode, JSON.stringify(variant)).toBe(200);
          expect(res.json().data).toMatchObject({ status: SPEC[action].to, status_reason: null });
        }
      },
    );

    it('actions without a reason clear the previous one and ignore a reason sent', async () => {
      const id = await productWith('active');
      expect((await act(id, 'deactivate', { reason: 'Recall' })).json().data.status_reason).toBe('Recall');
      const res = await act(id, 'activate', { reason: 'not kept' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'active', status_reason: null });
      expect((await row(id)).status_reason).toBeNull();
    });

    it('a reason of 1000 characters is kept; 1001 is a 422 on reason and changes nothing', async () => {
      const id = await productWith('active');
      const long = await act(id, 'discontinue', { reason: 'r'.repeat(1001) });
      expect(long.statusCode).toBe(422);
      expect(long.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: 'The given data was invalid.',
        errors: { reason: ['The reason field must not be greater than 1000 characters.'] },
      });
      expect((await row(id)).status).toBe('active');
      expect(await events(id)).toEqual([]);
      const exact = await act(id, 'discontinue', { reason: 'r'.repeat(1000) });
      expect(exact.statusCode).toBe(200);
      expect(exact.json().data.status_reason).toHaveLength(1000);
    });

    it('a reason that is not text, or a body that is not an object, is a 422', async () => {
      const id = await productWith('active');
      const number = await act(id, 'deactivate', { reason: 42 });
      expect(number.statusCode).toBe(422);
      expect(number.json().errors).toEqual({ reason: ['The reason field must be a string or null.'] });
      const list = await act(id, 'deactivate', ['Recall']);
      expect(list.statusCode).toBe(422);
      expect(list.json().errors).toEqual({ body: ['The request body must be a JSON object.'] });
      expect((await row(id)).status).toBe('active');
    });

    it('unknown body keys are dropped, as everywhere in the API (docs/decisions/requests-and-responses.md, Requests)', async () => {
      const id = await productWith('active');
      const res = await act(id, 'deactivate', {
        reason: 'Recall',
        status: 'discontinued',
        status_changed_at: '2000-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'inactive', status_reason: 'Recall' });
      expect(res.json().data.status_changed_at).not.toBe('2000-01-01T00:00:00.000Z');
    });

    it('status_changed_at moves with each change and not on a refusal', async () => {
      const id = await productWith('draft');
      expect((await row(id)).status_changed_at).toBeNull();
      const first = (await act(id, 'activate')).json().data.status_changed_at as string;
      expect(first).toBe(clock.now().toISOString());
      clock.advance(1000);
      expect((await act(id, 'activate')).statusCode).toBe(422);
      expect((await t.app.inject({ url: `${PRODUCTS}/${id}`, headers: t.auth })).json().data.status_changed_at).toBe(
        first,
      );
      const second = (await act(id, 'deactivate')).json().data.status_changed_at as string;
      expect(second).toBe(clock.now().toISOString());
      expect(Date.parse(second)).toBeGreaterThan(Date.parse(first));
    });
  });

  describe('abilities and scoping', () => {
    const tokenWith = async (...abilities: string[]) =>
      bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities }));

    it('discontinue needs operations:discontinue-products; edit-products is not enough', async () => {
      const edit = await tokenWith('operations:edit-products');
      const id = await productWith('active');
      const res = await act(id, 'discontinue', undefined, edit);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'forbidden',
        message: 'This action requires the ability operations:discontinue-products.',
      });
      expect((await row(id)).status).toBe('active');
      expect(await events(id)).toEqual([]);
      const discontinue = await tokenWith('operations:discontinue-products');
      expect((await act(id, 'discontinue', undefined, discontinue)).statusCode).toBe(200);
    });

    it.each(ACTIONS.filter((a) => a !== 'discontinue'))('%s needs operations:edit-products', async (action) => {
      const id = await productWith(SPEC[action].from[0]!);
      for (const headers of [
        await tokenWith('operations:discontinue-products'),
        await tokenWith('operations:view-products'),
      ]) {
        const refused = await act(id, action, undefined, headers);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('This action requires the ability operations:edit-products.');
      }
      expect((await row(id)).status).toBe(SPEC[action].from[0]);
      expect((await act(id, action, undefined, await tokenWith('operations:edit-products'))).statusCode).toBe(200);
    });

    it('no credentials: 401', async () => {
      const id = await productWith('draft');
      const res = await act(id, 'activate', undefined, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
    });

    it.each(ACTIONS)("%s: 404 for another tenant's, a deleted, an unknown or a malformed id", async (action) => {
      const other = await makeTenant(t.services);
      const foreign = await makeProduct(t.database.db, other.tenantId);
      await t.database.db
        .updateTable('products')
        .set({ status: SPEC[action].from[0]! })
        .where('id', '=', foreign)
        .execute();
      const deleted = await productWith(SPEC[action].from[0]!);
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', deleted)
        .execute();
      for (const id of [
        foreign,
        deleted,
        '01arz3ndektsv4rrffq69g5fav',
        'not-a-ulid',
        '01ARZ3NDEKTSV4RRFFQ69G5FAV%27',
      ]) {
        const res = await act(id, action);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 'not_found',
          message: 'Product not found.',
          data: null,
          meta: {},
        });
      }
      expect((await row(foreign)).status).toBe(SPEC[action].from[0]);
      expect((await row(deleted)).status).toBe(SPEC[action].from[0]);
      expect(await events(foreign)).toEqual([]);
    });

    it('the other tenant can still act on its own product', async () => {
      const other = await makeTenant(t.services);
      const id = await makeProduct(t.database.db, other.tenantId);
      const res = await act(
        id,
        'activate',
        undefined,
        bearer(await makeToken(t.services, other.tenantId, other.adminId)),
      );
      expect(res.statusCode).toBe(200);
      expect((await events(id))[0]).toMatchObject({ tenant_id: other.tenantId, event_type: 'product.activated' });
    });
  });

  describe('concurrency', () => {
    it('10 parallel activations of one draft: one 200, nine 422, one event', async () => {
      const id = await productWith('draft');
      const responses = await Promise.all(Array.from({ length: 10 }, () => act(id, 'activate')));
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, ...Array<number>(9).fill(422)]);
      for (const refused of responses.filter((r) => r.statusCode === 422)) {
        expect(refused.json().message).toBe(
          'Cannot activate a product with status active. Allowed from: draft, inactive.',
        );
      }
      expect(await eventTypes(id)).toEqual(['product.activated']);
      expect((await row(id)).status).toBe('active');
    });

    it('competing actions on one product: exactly one wins', async () => {
      const id = await productWith('active');
      const responses = await Promise.all([
        ...Array.from({ length: 4 }, () => act(id, 'deactivate', { reason: 'deactivate' })),
        ...Array.from({ length: 4 }, () => act(id, 'discontinue', { reason: 'discontinue' })),
      ]);
      expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
      const winners = responses.filter((r) => r.statusCode === 200).map((r) => r.json().data.status as string);
      // Deactivate then discontinue is a legal sequence, so one or two requests win, never two of one kind.
      const types = await eventTypes(id);
      expect(types.length).toBe(winners.length);
      expect(new Set(types).size).toBe(types.length);
      expect(winners.filter((s) => s === 'inactive').length).toBeLessThanOrEqual(1);
      expect(winners.filter((s) => s === 'discontinued').length).toBeLessThanOrEqual(1);
      expect((await row(id)).status).toBe(types.includes('product.discontinued') ? 'discontinued' : 'inactive');
    });
    it('a refusal that meets an allowed status (moved back meanwhile by another request) tries again', async () => {
      const id = await productWith('draft');
      // The conditional update misses as if another request had held the product in another status.
      const spy = vi.spyOn(ProductRepository.prototype, 'transition').mockResolvedValueOnce(undefined);
      try {
        const res = await act(id, 'activate');
        expect(res.statusCode).toBe(200);
        expect(res.json().data.status).toBe('active');
        expect(spy).toHaveBeenCalledTimes(2);
        expect(await eventTypes(id)).toEqual(['product.activated']);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('routes', () => {
    it.each(ACTIONS)('GET %s: 405 with Allow POST', async (action) => {
      const id = await productWith('draft');
      const res = await t.app.inject({ method: 'GET', url: `${PRODUCTS}/${id}/${action}`, headers: t.auth });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.json().success).toBe(false);
    });

    it('OpenAPI lists every action path with its body where it takes a reason', async () => {
      const res = await t.app.inject({ url: '/api/v1/openapi.json' });
      expect(res.statusCode).toBe(200);
      const paths = res.json().paths as Record<
        string,
        Record<
          string,
          {
            summary?: string;
            description?: string;
            requestBody?: { content: Record<string, { schema: { properties: object } }> };
          }
        >
      >;
      for (const action of ACTIONS) {
        const operation = paths[`/api/v1/operations/products/{id}/${action}`]?.post;
        expect(operation, action).toBeDefined();
        expect(operation!.summary).toEqual(expect.any(String));
        expect(operation!.description).toContain(`to ${SPEC[action].to}`);
        if (SPEC[action].takesReason) {
          expect(Object.keys(operation!.requestBody!.content['application/json']!.schema.properties)).toEqual([
            'reason',
          ]);
        } else {
          expect(operation!.requestBody).toBeUndefined();
        }
      }
      expect(paths[`/api/v1/operations/products/{id}/discontinue`]!.post!.description).toContain(
        'operations:discontinue-products',
      );
    });
  });
});
