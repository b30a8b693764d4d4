// An import survives its worker: a worker process killed with SIGKILL in the middle of a product import leaves
// the job at its last committed batch; the next worker takes the job over once the lease runs out and finishes
// it, and every row is imported exactly once (no row twice, none lost, one product.created each). A worker
// stopped with SIGTERM (a deploy) lets the job go at once: the next one need not wait for the lease.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { runInContext, SYSTEM_ACTOR } from '../../src/lib/work-context.js';
import { createServices } from '../../src/services.js';
import { testConfig } from '../helpers/test-app.js';
import { processEnv, startCli } from '../process/processes.js';
import { useTestbed } from './testbed.js';

// Enough rows that a worker is still under way when the test stops it, on either engine.
const ROWS = 12_000;
const LEASE_MS = 2000;
const TIMEOUT_MS = 120_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an import whose worker is killed', () => {
  const bed = useTestbed();

  async function job(id: string) {
    return bed.database.db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function waitFor(id: string, done: (j: Awaited<ReturnType<typeof job>>) => boolean, what: string) {
    const deadline = Date.now() + TIMEOUT_MS / 2;
    for (;;) {
      const current = await job(id);
      if (done(current)) return current;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(current)}`);
      await pause(50);
    }
  }

  /** Queues an import of ROWS new products named `${prefix}<n>`, for a worker process to run. */
  async function queueImport(prefix: string): Promise<string> {
    const services = createServices({
      db: bed.database.db,
      clock: systemClock,
      newId,
      config: testConfig(bed.location),
    });
    const file = path.join(bed.location.dataDir, `${prefix}.csv`);
    const lines = ['sku,name,selling_price'];
    for (let i = 0; i < ROWS; i += 1) lines.push(`${prefix}${i},Resumed product ${i},${(i % 90) + 1}.5`);
    const csv = `${lines.join('\n')}\n`;
    await writeFile(file, csv);
    const fields = services.imports.service.fields({ type: 'products', mode: 'create' });
    const queued = await runInContext({ request_id: null, ip: null, actor: () => SYSTEM_ACTOR }, () =>
      services.imports.service.start(bed.tenant.tenantId, fields, {
        path: file,
        filename: `${prefix}.csv`,
        size: Buffer.byteLength(csv),
      }),
    );
    return queued.id;
  }

  /** Stops the first worker midway with `signal`, lets a second one finish, and checks every row was imported once. */
  async function interruptAndFinish(prefix: string, signal: 'SIGKILL' | 'SIGTERM', leaseMs: number) {
    const id = await queueImport(prefix);
    const env = processEnv(bed.location, { IMPORT_LEASE_MS: String(leaseMs) });
    const first = startCli(['worker'], env);
    const midway = await waitFor(
      id,
      (j) => j.status === 'running' && j.rows_done >= 400,
      'the first worker to be under way',
    );
    first.child.kill(signal);
    expect(await first.exited).toEqual({
      code: signal === 'SIGTERM' ? 0 : null,
      signal: signal === 'SIGTERM' ? null : 'SIGKILL',
    });
    const stopped = await job(id);
    expect(stopped.rows_done).toBeGreaterThanOrEqual(midway.rows_done);
    expect(stopped.rows_done).toBeLessThan(ROWS);
    expect(stopped.status).toBe('running');
    expect(stopped.created_count).toBe(stopped.rows_done);

    const second = startCli(['worker'], env);
    const ended = await waitFor(id, (j) => j.status !== 'running', 'the second worker to finish');
    second.child.kill('SIGTERM');
    await second.exited;
    expect(ended).toMatchObject({
      status: 'completed',
      rows_total: ROWS,
      rows_done: ROWS,
      created_count: ROWS,
      failed_count: 0,
    });

    const products = await bed.database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', bed.tenant.tenantId)
      .where('sku', 'like', `${prefix}%`)
      .executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(ROWS);
    // Each product's event once, whether the worker's publisher has moved it to the feed yet or not.
    const createdEvents = [];
    for (const table of ['event_outbox', 'events'] as const) {
      const rows = await bed.database.db
        .selectFrom(table)
        .innerJoin('products', 'products.id', 'entity_id')
        .select('entity_id')
        .where(`${table}.tenant_id`, '=', bed.tenant.tenantId)
        .where('event_type', '=', 'product.created')
        .where('products.sku', 'like', `${prefix}%`)
        .execute();
      createdEvents.push(...rows.map((row) => row.entity_id));
    }
    expect(createdEvents.length).toBe(ROWS);
    expect(new Set(createdEvents).size).toBe(ROWS);
    return stopped;
  }

  it(
    'resumes after the last committed row and imports every row exactly once (SIGKILL: after the lease)',
    () => interruptAndFinish('RESUME-', 'SIGKILL', LEASE_MS),
    TIMEOUT_MS,
  );

  it(
    'lets the job go at once when its worker is stopped with SIGTERM',
    async () => {
      // A lease longer than the test: the second worker can only take the job because the first let it go.
      const stopped = await interruptAndFinish('RELEASE-', 'SIGTERM', 10 * TIMEOUT_MS);
      expect(stopped).toMatchObject({ lease_owner: null, lease_expires_at: null });
    },
    TIMEOUT_MS,
  );
});
