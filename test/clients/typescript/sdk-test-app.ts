// The app listening on a port of its own, with an SDK client for a tenant of its own, so each list holds only
// what a test made.
import type { AddressInfo } from 'node:net';
import {
  createQuartermasterClient,
  type QuartermasterClient,
  type QuartermasterClientOptions,
} from '../../../clients/typescript/src/index.js';
import { makeTenantWithToken, type TenantFixture } from '../../helpers/factories.js';
import { buildTestApp, type TestApp, type TestAppOptions } from '../../helpers/test-app.js';

export interface ListeningApp extends TestApp {
  baseUrl: string;
}

export async function listeningTestApp(options: TestAppOptions = {}): Promise<ListeningApp> {
  const t = await buildTestApp(options);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { baseUrl: `http://127.0.0.1:${port}` });
}

export interface TenantClient {
  tenant: TenantFixture;
  token: string;
  client: QuartermasterClient;
}

/** A fresh tenant and a client with its all-abilities token. */
export async function tenantClient(
  t: ListeningApp,
  options: Partial<QuartermasterClientOptions> = {},
): Promise<TenantClient> {
  const { tenant, auth } = await makeTenantWithToken(t.services);
  const token = auth.authorization.replace(/^Bearer /, '');
  return { tenant, token, client: createQuartermasterClient({ baseUrl: t.baseUrl, token, ...options }) };
}
