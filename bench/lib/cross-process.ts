// How long a change made through one server process goes unseen by another on the same database: each trial
// warms the other process's cache (B), changes through the first (A), and from A's answer on asks B back to back
// until B shows the change. The window is the time from A's answer to the start of the first request that B
// answered with the change: zero when B's very first answer had it. Two changes: a token revoked through a session
// (the token cache, whose commits wait for every process's confirmation) and a product's price updated (the
// catalog's answer cache, whose window is bounded by how soon B reads the notification).
import { summarise, type Measurement } from './load.js';

const API = '/api/v1';
const WAIT_TIMEOUT_MS = 10_000;
const PASSWORD = 'correct-horse-battery';

export interface CrossProcessOptions {
  /** The process that makes the change, and the one whose cache is asked. */
  changedUrl: string;
  askedUrl: string;
  adminEmail: string;
  headers: Record<string, string>;
  /** Issues a token with every ability in the tenant; answers its id and plain text. */
  issueToken: () => Promise<{ id: string; plainText: string }>;
  productIds: readonly string[];
  trials: number;
}

export interface CrossProcessWindow {
  name: string;
  /** From the change's answer until the other process shows it, per trial (ms). */
  window: Measurement;
  /** The call that made the change, as its caller waited for it (ms). */
  change: Measurement;
  /** Trials whose first read on the other process after the change's answer was stale. */
  staleFirstReads: number;
}

/** The cookies and XSRF header of a signed-in browser, over fetch. */
async function signIn(baseUrl: string, email: string): Promise<(method: string, path: string) => Promise<Response>> {
  const cookies = new Map<string, string>();
  const request = async (method: string, path: string, body?: object) => {
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    const xsrf = cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      if (pair.slice(at + 1) === '') cookies.delete(pair.slice(0, at));
      else cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  await (await request('GET', '/sanctum/csrf-cookie')).arrayBuffer();
  const login = await request('POST', `${API}/auth/login`, { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${(await login.text()).slice(0, 500)}`);
  return (method, path) => request(method, path);
}

interface Trial {
  /** Brings the asked process's cache to hold what the change will make stale. */
  warm(): Promise<void>;
  change(): Promise<void>;
  /** Whether the asked process's answer shows the change. */
  shows(): Promise<boolean>;
}

async function measureWindows(
  name: string,
  trials: number,
  trialAt: (i: number) => Promise<Trial>,
): Promise<CrossProcessWindow> {
  const windows: number[] = [];
  const changes: number[] = [];
  let staleFirstReads = 0;
  const started = performance.now();
  for (let i = 0; i < trials; i++) {
    const trial = await trialAt(i);
    await trial.warm();
    const before = performance.now();
    await trial.change();
    const answered = performance.now();
    changes.push(answered - before);
    for (let reads = 0; ; reads++) {
      const sent = performance.now();
      if (await trial.shows()) {
        windows.push(reads === 0 ? 0 : sent - answered);
        if (reads > 0) staleFirstReads++;
        break;
      }
      if (sent - answered > WAIT_TIMEOUT_MS)
        throw new Error(`${name}: change not shown ${WAIT_TIMEOUT_MS} ms after its answer`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    name,
    window: summarise(Float64Array.from(windows), seconds, 0),
    change: summarise(Float64Array.from(changes), seconds, 0),
    staleFirstReads,
  };
}

async function ok(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 500)}`);
}

export async function measureCrossProcess(options: CrossProcessOptions): Promise<CrossProcessWindow[]> {
  const session = await signIn(options.changedUrl, options.adminEmail);
  const bearerStatus = async (token: string) => {
    const response = await fetch(`${options.askedUrl}${API}/operations/warehouses`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    return response.status;
  };
  const revocation = await measureWindows('token revoked', options.trials, async () => {
    const token = await options.issueToken();
    return {
      warm: async () => {
        if ((await bearerStatus(token.plainText)) !== 200) throw new Error('a fresh token was refused');
      },
      change: async () => ok(await session('DELETE', `${API}/api-tokens/${token.id}`), 'DELETE /api-tokens/:id'),
      shows: async () => (await bearerStatus(token.plainText)) === 401,
    };
  });

  const json = { ...options.headers, 'content-type': 'application/json' };
  const productUrl = (id: string, base: string) => `${base}${API}/operations/products/${id}`;
  const priceOn = async (id: string) => {
    const response = await fetch(productUrl(id, options.askedUrl), { headers: options.headers });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`GET /operations/products/:id answered ${response.status}: ${text.slice(0, 500)}`);
    return Number((JSON.parse(text) as { data: { selling_price: number | string } }).data.selling_price);
  };
  const update = await measureWindows('product updated', options.trials, async (i) => {
    const id = options.productIds[i % options.productIds.length]!;
    const price = 1000 + i;
    return {
      // Twice: an answer is kept from its second read.
      warm: async () => {
        await priceOn(id);
        await priceOn(id);
      },
      change: async () =>
        ok(
          await fetch(productUrl(id, options.changedUrl), {
            method: 'PATCH',
            headers: json,
            body: JSON.stringify({ selling_price: price }),
          }),
          'PATCH /operations/products/:id',
        ),
      shows: async () => (await priceOn(id)) === price,
    };
  });
  return [revocation, update];
}
