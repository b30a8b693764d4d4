// A refused sign-in takes as long for an e-mail that names a user (a wrong password, an invited user, a deactivated
// one) as for an e-mail that names nobody, so that timing does not tell which e-mails exist. Attempts alternate
// between the two e-mails, first one then the other, and the medians are compared: a busy machine slows both alike.
// A comparison that misses is measured again, up to MEASUREMENTS times: load from elsewhere can slow one side for a
// while, but a difference the server makes shows in every measurement.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATOR } from '../../src/modules/tenancy/user-authority.js';
import { makeUser } from '../helpers/factories.js';
import { LOGIN, SessionClient } from '../helpers/session-client.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { auditOf } from '../tenancy/tenancy-helpers.js';

const ROUNDS = 30;
const WARM_UP_ROUNDS = 3;
const MEASUREMENTS = 3;
const TOLERANCE = 0.2;
const WRONG = 'not-the-password-at-all';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

describe('refused sign-ins take as long for known e-mails as for unknown ones', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Every attempt of a test comes from one address: the throttle must let all of them through.
    t = await buildTestApp({ config: { loginMaxAttempts: 1000 } });
  });
  afterAll(() => t.close());

  /** Milliseconds a refused sign-in of `email` takes, asserting the refusal. */
  async function refusal(client: SessionClient, email: string): Promise<number> {
    const start = performance.now();
    const res = await client.post(LOGIN, { email, password: WRONG });
    const elapsed = performance.now() - start;
    expect(res.statusCode, res.body).toBe(401);
    return elapsed;
  }

  async function medians(knownEmail: string): Promise<{ known: number; unknown: number }> {
    const client = new SessionClient(t.app);
    await client.csrfCookie();
    const unknownEmail = `nobody-${knownEmail}`;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
      // Alternating which goes first evens out whatever one attempt leaves to slow the next.
      const order = round % 2 === 0 ? [knownEmail, unknownEmail] : [unknownEmail, knownEmail];
      for (const email of order) {
        const elapsed = await refusal(client, email);
        if (round >= WARM_UP_ROUNDS) (email === knownEmail ? known : unknown).push(elapsed);
      }
    }
    return { known: median(known), unknown: median(unknown) };
  }

  /** Asserts that the two medians differ by less than TOLERANCE in one of up to MEASUREMENTS measurements. */
  async function expectAlike(knownEmail: string): Promise<void> {
    let seen = '';
    for (let measurement = 0; measurement < MEASUREMENTS; measurement++) {
      const { known, unknown } = await medians(knownEmail);
      const difference = Math.abs(known - unknown) / unknown;
      if (difference < TOLERANCE) return;
      seen += ` ${known.toFixed(1)} ms against ${unknown.toFixed(1)} ms;`;
    }
    expect.fail(
      `The medians of the known and the unknown e-mail differed by ${TOLERANCE * 100}% or more each time:${seen}`,
    );
  }

  it('a wrong password for an active user', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    await expectAlike(user.email);
  });

  it('an invited user, who has no password yet', async () => {
    const { user } = await t.services.userAdministration.service.invite(
      t.tenant.tenantId,
      { name: 'Invited', email: `invited-${Date.now()}@example.test`, role: 'viewer' },
      OPERATOR,
      null,
    );
    await expectAlike(user.email);
  });

  it('a deactivated user', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    await t.services.userAdministration.service.deactivate(t.tenant.tenantId, user.id, OPERATOR);
    await expectAlike(user.email);
  });

  it('answers a known e-mail without waiting for its audit entry, which is written once the answer is sent', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const audit = t.services.audit.service;
    const record = audit.record.bind(audit);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = vi.spyOn(audit, 'record').mockImplementation(async (db, entry) => {
      await gate;
      return record(db, entry);
    });
    try {
      const client = new SessionClient(t.app);
      await client.csrfCookie();
      // The entry is held until the gate opens: an answer that waits for it does not come in time.
      const answer = await Promise.race([
        client.post(LOGIN, { email: user.email, password: WRONG }),
        sleep(5_000, 'no answer' as const),
      ]);
      expect(answer === 'no answer' ? answer : answer.statusCode).toBe(401);
      open();
      await vi.waitFor(async () =>
        expect((await auditOf(t.app, t.auth, user.id)).map((e) => e.action)).toContain('auth.sign_in_failed'),
      );
    } finally {
      open();
      held.mockRestore();
    }
  });
});
