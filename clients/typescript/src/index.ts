// The Quartermaster API client: openapi-fetch typed by the paths and schemas that openapi-typescript generates from
// the OpenAPI document (openapi.ts). Every call is checked against the document: its path, parameters, body and
// answers.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './openapi.js';

export type { components, operations, paths } from './openapi.js';

/** A named schema of the document: `Schema<'Product'>`, `Schema<'PurchaseOrder'>`, `Schema<'ValidationError'>`… */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type QuartermasterClient = Client<paths>;

export interface QuartermasterClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The server's address (its PUBLIC_URL, e.g. `https://ops.example.com`); the paths start with `/api/v1`. */
  baseUrl: string;
  /** An API token (`qm_…`), sent as `Authorization: Bearer <token>` on every request. */
  token: string;
}

export function createQuartermasterClient({ baseUrl, token, ...options }: QuartermasterClientOptions): QuartermasterClient {
  const client = createClient<paths>({ ...options, baseUrl: baseUrl.replace(/\/+$/, '') });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  return client;
}
