// A tiny browser stand-in over app.inject: it keeps the cookies that answers set (and drops the ones
// they clear), sends them back, and echoes XSRF-TOKEN in X-XSRF-TOKEN on state-changing requests.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/transaction.js';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../src/http/session-cookies.js';
import { sha256Hex } from '../../src/lib/secrets.js';

export const PASSWORD = 'correct-horse-battery';
export const CSRF_COOKIE_URL = '/sanctum/csrf-cookie';
export const LOGIN = '/api/v1/auth/login';
export const LOGOUT = '/api/v1/auth/logout';
export const ME = '/api/v1/auth/me';
export const CHALLENGE = '/api/v1/auth/two-factor-challenge';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ClientRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the jar on state-changing requests (default true); a string sends that value. */
  csrf?: boolean | string;
  /** Send the jar's cookies (default true). */
  cookies?: boolean;
  remoteAddress?: string;
}

export class SessionClient {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  get session(): string | undefined {
    return this.jar.get(SESSION_COOKIE);
  }

  get xsrf(): string | undefined {
    return this.jar.get(XSRF_COOKIE);
  }

  /** A copy of this client (same cookies), e.g. to keep an old session cookie around. */
  clone(): SessionClient {
    const copy = new SessionClient(this.app, this.remoteAddress);
    for (const [k, v] of this.jar) copy.jar.set(k, v);
    return copy;
  }

  async request(req: ClientRequest): Promise<LightMyRequestResponse> {
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = { ...req.headers };
    if (req.cookies !== false && this.jar.size > 0) headers.cookie = this.cookieHeader();
    const csrf = req.csrf ?? true;
    if (STATE_CHANGING.has(method) && csrf !== false) {
      const value = typeof csrf === 'string' ? csrf : this.xsrf;
      if (value !== undefined) headers['x-xsrf-token'] = value;
    }
    const options: InjectOptions = { method, url: req.url, headers };
    if (req.payload !== undefined) options.payload = req.payload;
    const remoteAddress = req.remoteAddress ?? this.remoteAddress;
    if (remoteAddress !== undefined) options.remoteAddress = remoteAddress;
    const res = await this.app.inject(options);
    this.store(res);
    return res;
  }

  private store(res: LightMyRequestResponse): void {
    for (const cookie of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const cleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (cleared) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
  }

  /** GET /sanctum/csrf-cookie; expects 204. */
  async csrfCookie(): Promise<LightMyRequestResponse> {
    const res = await this.request({ url: CSRF_COOKIE_URL });
    expect(res.statusCode).toBe(204);
    return res;
  }

  /** Starts a session if there is none, then POSTs the login. */
  async login(email: string, password = PASSWORD, extra: Partial<ClientRequest> = {}): Promise<LightMyRequestResponse> {
    if (!this.session) await this.csrfCookie();
    return this.request({ method: 'POST', url: LOGIN, payload: { email, password }, ...extra });
  }

  me(): Promise<LightMyRequestResponse> {
    return this.request({ url: ME });
  }

  get(url: string, options: Omit<ClientRequest, 'url' | 'method'> = {}) {
    return this.request({ ...options, url });
  }

  post(url: string, payload?: object, options: Omit<ClientRequest, 'url' | 'method' | 'payload'> = {}) {
    return this.request({ ...options, method: 'POST', url, ...(payload === undefined ? {} : { payload }) });
  }

  delete(url: string, options: Omit<ClientRequest, 'url' | 'method'> = {}) {
    return this.request({ ...options, method: 'DELETE', url });
  }

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A client signed in as `email` (asserts the 200, and that the login replaced the session). */
export async function signedInClient(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  remoteAddress?: string,
): Promise<SessionClient> {
  const client = new SessionClient(app, remoteAddress);
  await client.csrfCookie();
  const before = client.session;
  const res = await client.login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  expect(client.session).not.toBe(before);
  return client;
}

/** The `sessions` row a session cookie names (the table keeps the SHA-256 of the cookie value). */
export function sessionRow(db: Executor, cookie: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', sha256Hex(cookie)).executeTakeFirst();
}

/** The raw Set-Cookie header line for one cookie. */
export function setCookieLine(res: LightMyRequestResponse, name: string): string | undefined {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith(`${name}=`));
}
