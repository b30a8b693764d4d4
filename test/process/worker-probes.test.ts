// A `worker` process serves /health, /ready and /metrics on WORKER_PORT, so that it can be probed and scraped as
// an API process is, and closes that port when it stops.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabaseLocation, type TestDatabaseLocation } from '../helpers/test-database.js';
import { killAll, processEnv, startCli } from './processes.js';

let location: TestDatabaseLocation | undefined;
afterEach(async () => {
  await killAll();
  await location?.drop();
  location = undefined;
});

describe('worker probes', () => {
  it('answers /health, /ready and /metrics on WORKER_PORT', { timeout: 90_000 }, async () => {
    location = await createTestDatabaseLocation({ migrated: true });
    const worker = startCli(
      ['worker'],
      processEnv(location, { HOST: '127.0.0.1', WORKER_PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'json' }),
    );
    const [, port] = await worker.waitForStdout(/Worker probes listening at http:\/\/127\.0\.0\.1:(\d+)/);
    const base = `http://127.0.0.1:${port}`;

    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });

    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    const body = await metrics.text();
    for (const name of [
      'event_outbox_lag_seconds 0',
      'database_connections_max',
      'database_connections_in_use',
      'database_connections_waiting',
      'webhook_deliveries_queued{status="pending"}',
      'import_rows_total 0',
      'process_cpu_user_seconds_total',
    ])
      expect(body).toContain(name);
    // Only the probes: the API is not served on the worker's port.
    expect((await fetch(`${base}/api/v1/openapi.json`)).status).toBe(404);

    worker.child.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
    await expect(fetch(`${base}/health`)).rejects.toThrow();
  });
});
