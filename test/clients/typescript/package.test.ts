// The SDK as people install it: `npm pack` of its folder, installed into an empty project that has only what
// the package declares, then imported by Node.js and used against the app.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodySignature } from '../../../src/modules/webhooks/transport/signatures.js';
import { makeProduct } from '../../helpers/factories.js';
import { listeningTestApp, tenantClient, type ListeningApp } from './sdk-test-app.js';

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGE_DIR = path.join(REPOSITORY, 'clients/typescript');

/**
 * The package folder's own files copied into `into`, so that packing (which builds dist/) never races another
 * run, with the repository's node_modules linked for the build's compiler.
 */
function copyPackage(into: string): void {
  for (const entry of ['package.json', 'tsconfig.json', 'README.md', 'src']) {
    fs.cpSync(path.join(PACKAGE_DIR, entry), path.join(into, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(REPOSITORY, 'node_modules'), path.join(into, 'node_modules'), 'dir');
}

const SCRIPT = `
import { createQuartermasterClient, paginate, unwrap } from '@quartermaster/client';
import { verifyWebhook } from '@quartermaster/client/webhooks';
const [baseUrl, token, signature] = process.argv.slice(2);
const api = createQuartermasterClient({ baseUrl, token });
const skus = [];
for await (const product of paginate((next) => api.GET('/api/v1/operations/products', { params: { query: { per_page: 1, ...next } } }))) skus.push(product.sku);
const refused = await unwrap(api.GET('/api/v1/operations/products/{id}', { params: { path: { id: '01jd8x4k3m2n5p6q7r8s9t0v1w' } } })).catch((e) => e.code);
const event = verifyWebhook({ secret: 'a-secret-of-the-subscriber', body: '{"id":"e1"}', headers: { 'x-webhook-signature': signature }, scheme: 'x-webhook-signature' });
console.log(JSON.stringify({ skus: skus.sort(), refused, event: event.id }));
`;

describe('SDK package', () => {
  let t: ListeningApp;
  let work: string;
  beforeAll(async () => {
    t = await listeningTestApp();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-sdk-package-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('packs with its build and dependencies, installs into an empty project and runs there', async () => {
    const source = path.join(work, 'source');
    const project = path.join(work, 'project');
    fs.mkdirSync(source);
    fs.mkdirSync(project);
    copyPackage(source);

    const packed = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: source });
    const [{ filename, files }] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/webhooks.js', 'package.json']),
    );

    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--no-audit', '--no-fund', path.join(work, filename)], { cwd: project });
    expect(fs.existsSync(path.join(project, 'node_modules/openapi-fetch/package.json'))).toBe(true);

    const { tenant, token } = await tenantClient(t);
    await makeProduct(t.database.db, tenant.tenantId);
    await makeProduct(t.database.db, tenant.tenantId);
    const signature = bodySignature('a-secret-of-the-subscriber', '{"id":"e1"}');
    fs.writeFileSync(path.join(project, 'use.mjs'), SCRIPT);
    const used = await run(process.execPath, ['use.mjs', t.baseUrl, token, signature], { cwd: project });
    const result = JSON.parse(used.stdout) as { skus: string[]; refused: string; event: string };
    expect(result.skus).toHaveLength(2);
    expect(result.refused).toBe('not_found');
    expect(result.event).toBe('e1');
  }, 90_000);
});
