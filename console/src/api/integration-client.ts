// The client for the endpoints that take bearer tokens only (master products, webhooks, the event feed): the
// same typed client, authorised with a console session token (POST /auth/console-token, 15 minutes; see
// docs/decisions/console.md, Console). The token lives in memory only and is renewed a minute before it expires, or
// once when the server refuses it; it ends with the session, and then so does the renewal (401, sign-in).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from './client';
import { keepForRetry, retryWith } from './retry';

const RENEW_BEFORE_MS = 60_000;
let current: { token: string; expiresAt: number } | null = null;
let pending: Promise<string> | null = null;

async function issue(): Promise<string> {
  const { data } = await unwrap(api.POST('/api/v1/auth/console-token'));
  current = { token: data.token, expiresAt: Date.parse(data.expires_at) };
  return data.token;
}

/** One request for a token at a time, however many screens ask at once. */
function consoleToken(renew = false): Promise<string> {
  if (!renew && current && current.expiresAt - Date.now() > RENEW_BEFORE_MS) return Promise.resolve(current.token);
  pending ??= issue().finally(() => {
    pending = null;
  });
  return pending;
}

const bearer: Middleware = {
  async onRequest({ request }) {
    request.headers.set('Authorization', `Bearer ${await consoleToken()}`);
    return keepForRetry(request);
  },
  async onResponse({ request, response }) {
    if (response.status !== 401) return response;
    return (await retryWith(request, { Authorization: `Bearer ${await consoleToken(true)}` })) ?? response;
  },
};

export const integrationApi = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
integrationApi.use(bearer);
