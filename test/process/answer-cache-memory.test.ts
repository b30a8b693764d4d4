// The answer cache's memory under made-up Host headers, measured on a real server process: without PUBLIC_URL
// the origin is part of an answer's key (its pagination links are built on it), and a client chooses its Host.
// Reading one product under thousands of distinct long hosts must cost no more memory than reading it as often
// under one host. See docs/decisions/performance-caches.md (Catalog answers from memory).
import http from 'node:http';
import net from 'node:net';
import { setTimeout as pause } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { createServices } from '../../src/services.js';
import { makeProduct, makeTenant, makeToken } from '../helpers/factories.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabaseLocation, openTestDatabase } from '../helpers/test-database.js';
import { killAll, processEnv, startCli, START_TIMEOUT_MS, type CliProcess } from './processes.js';

const READS = 10_000;
/** Each read twice, as a cache keeps an answer from its second read. */
const READS_OF_EACH_HOST = 2;
/** Below Node's 16 KB limit on a request's headers, with the rest of the request. */
const HOST_LENGTH = 15_000;
const CONNECTIONS = 8;
const ALLOWED_GROWTH_BYTES = 32 * 1024 * 1024;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A port free at the moment: the server is started quiet, without the log line that would name its port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * `serve --no-worker` with warnings only: at info, every request's log line would carry its long Host, and the
 * test would measure the log. Ready once /ready answers.
 */
async function startQuietServer(env: NodeJS.ProcessEnv): Promise<{ cli: CliProcess; url: string }> {
  const port = await freePort();
  const cli = startCli(['serve', '--no-worker'], { ...env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + START_TIMEOUT_MS; ; await pause(100)) {
    const ready = await fetch(`${url}/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { cli, url };
    if (cli.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not become ready\nstderr:\n${cli.stderr}`);
  }
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) * 1024;
}

function get(agent: http.Agent, url: URL, headers: http.OutgoingHttpHeaders): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** `count` reads of `url`, the i-th under the host `hostOf(i)`, on a few keep-alive connections at once. */
async function readUnder(url: URL, authorization: string, count: number, hostOf: (i: number) => string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    let next = 0;
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let i = next++; i < count; i = next++) {
          const status = await get(agent, url, { authorization, host: hostOf(Math.floor(i / READS_OF_EACH_HOST)) });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: count });
  } finally {
    agent.destroy();
  }
}

describe('answer cache memory', () => {
  it(`${READS} reads of a product under distinct ${HOST_LENGTH}-character hosts grow the server by less than 32 MB more than under one host`, async () => {
    const location = await createTestDatabaseLocation({ migrated: true });
    cleanups.push(() => location.drop());
    const database = openTestDatabase(location);
    const { token, productId } = await (async () => {
      try {
        const services = createServices({ db: database.db, clock: systemClock, newId, config: testConfig(location) });
        const tenant = await makeTenant(services);
        return {
          token: await makeToken(services, tenant.tenantId, tenant.adminId, {
            abilities: ['operations:view-products'],
          }),
          productId: await makeProduct(database.db, tenant.tenantId),
        };
      } finally {
        await database.close();
      }
    })();

    const server = await startQuietServer(processEnv(location, { RATE_LIMIT_PER_MINUTE: '0' }));
    const pid = server.cli.child.pid!;
    const url = new URL(`${server.url}/api/v1/operations/products/${productId}`);
    const authorization = `Bearer ${token}`;
    const longHost = (i: number) => `${i}.${'h'.repeat(HOST_LENGTH)}`.slice(0, HOST_LENGTH);

    // The same reads under one host first: what the server grows to by serving them at all.
    await readUnder(url, authorization, READS * READS_OF_EACH_HOST, () => longHost(0));
    const underOneHost = await residentBytes(pid);
    await readUnder(url, authorization, READS * READS_OF_EACH_HOST, longHost);
    const underDistinctHosts = await residentBytes(pid);

    expect(underDistinctHosts - underOneHost).toBeLessThan(ALLOWED_GROWTH_BYTES);
  }, 180_000);
});
