// A small mixed-load driver over real HTTP (fetch), for the reliability suites: a few concurrent clients each
// send the next request a generator chooses, against one or more server processes, and every outcome is kept.
// A request whose response never arrived (the server died, the connection dropped) is recorded as `lost`: it
// may or may not have happened, and only the invariants can say what the database holds.

/** mulberry32: a small seeded PRNG, so that a failing mix can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick: nothing to pick from.');
  return items[Math.floor(random() * items.length)]!;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse {
  status: number;
  retryAfter: string | null;
  /** The parsed JSON body, or null when the body was not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read by shape in the tests
  body: any;
}

/** Long enough for a request queued behind SQLite's write lock; short enough that a hung one fails the test. */
const REQUEST_TIMEOUT_MS = 20_000;

/** A bearer-token JSON client of one server process. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  /** Throws when no response arrived (connection refused or reset, timeout). */
  async call(method: HttpMethod, path: string, body?: unknown): Promise<ApiResponse> {
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: parseJson(text) };
  }

  /** Like `call`, but a status other than `expected` is an error naming the request and the answer. */
  async expect(expected: number, method: HttpMethod, path: string, body?: unknown): Promise<ApiResponse> {
    const response = await this.call(method, path, body);
    if (response.status !== expected) {
      throw new Error(
        `${method} ${path}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    return response;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** One request of a load: `kind` names the operation for the checks and the summary. */
export interface LoadRequest {
  kind: string;
  method: HttpMethod;
  path: string;
  body?: unknown;
}

export type LoadOutcome =
  { status: number; retryAfter: string | null; body: ApiResponse['body'] } | { status: 'lost'; error: string };

export interface LoadResult {
  request: LoadRequest;
  /** Which of the targets the request went to. */
  target: number;
  outcome: LoadOutcome;
}

export interface LoadOptions {
  /** Clients sending at the same time; client i sends to targets[i % targets.length]. */
  clients: number;
  targets: readonly ApiClient[];
  /** The next request of a client; null ends that client. */
  next(client: number): LoadRequest | null;
  /** Called with each result as it arrives (before the next request of that client). */
  onResult?(result: LoadResult): void;
}

export interface LoadRun {
  readonly results: LoadResult[];
  /** Ends every client after its request in flight. */
  stop(): void;
  readonly finished: Promise<LoadResult[]>;
}

/** Starts the clients; they run until `next` answers null or `stop()` is called. */
export function startLoad(options: LoadOptions): LoadRun {
  const results: LoadResult[] = [];
  let stopped = false;
  const client = async (index: number) => {
    const target = index % options.targets.length;
    const api = options.targets[target]!;
    for (;;) {
      if (stopped) return;
      const request = options.next(index);
      if (!request) return;
      const outcome = await api.call(request.method, request.path, request.body).then(
        (response): LoadOutcome => response,
        (error: unknown): LoadOutcome => ({ status: 'lost', error: String(error) }),
      );
      const result = { request, target, outcome };
      results.push(result);
      options.onResult?.(result);
    }
  };
  const finished = Promise.all(Array.from({ length: options.clients }, (_, i) => client(i))).then(() => results);
  return {
    results,
    stop: () => {
      stopped = true;
    },
    finished,
  };
}

/** Runs a load to its end. */
export function runLoad(options: LoadOptions): Promise<LoadResult[]> {
  return startLoad(options).finished;
}

/** Hands out the requests of a fixed list, in order, to whichever client asks next. */
export function fromList(requests: readonly LoadRequest[]): (client: number) => LoadRequest | null {
  let index = 0;
  return () => requests[index++] ?? null;
}

/** `{ "adjust 200": 12, "reserve 422": 3, "transfer lost": 1, … }`, for the one-line summaries. */
export function countOutcomes(results: readonly LoadResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { request, outcome } of results) {
    const key = `${request.kind} ${outcome.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** The successful results, with their body, of one kind (or all). */
export function acknowledged(results: readonly LoadResult[], kind?: string) {
  return results.flatMap((result) =>
    typeof result.outcome.status === 'number' &&
    result.outcome.status >= 200 &&
    result.outcome.status < 300 &&
    (kind === undefined || result.request.kind === kind)
      ? [{ request: result.request, body: (result.outcome as Extract<LoadOutcome, { body: unknown }>).body }]
      : [],
  );
}

// Set-up over HTTP, as a client would do it: the records a load works on.

let setupSequence = 0;
const unique = () => `${Date.now().toString(36)}${(setupSequence++).toString(36)}`.toUpperCase();

export async function createWarehouse(api: ApiClient, code: string): Promise<string> {
  const res = await api.expect(201, 'POST', '/operations/warehouses', {
    name: `Warehouse ${code}`,
    code,
    type: 'distribution',
  });
  return res.body.data.id as string;
}

/** A physical product with `stock` units received into the default warehouse. */
export async function createStockedProduct(api: ApiClient, stock: number): Promise<string> {
  const res = await api.expect(201, 'POST', '/operations/products', {
    name: `Load product ${unique()}`,
    stock_quantity: stock,
  });
  return res.body.data.id as string;
}

/** A supplier purchase orders can be placed with (new suppliers start inactive). */
export async function createOrderableSupplier(api: ApiClient): Promise<string> {
  const code = `LOAD-${unique()}`;
  const res = await api.expect(201, 'POST', '/operations/suppliers', {
    name: `Supplier ${code}`,
    code,
    email: 'orders@supplier.test',
  });
  const id = res.body.data.id as string;
  await api.expect(200, 'POST', `/operations/suppliers/${id}/activate`);
  return id;
}

export interface SentOrder {
  id: string;
  poNumber: string;
  /** Order line ids with their ordered quantity. */
  lines: Array<{ id: string; productId: string; quantity: number }>;
}

/** An order created, submitted, approved and sent (no e-mail), ready to be received. */
export async function createSentOrder(
  api: ApiClient,
  supplierId: string,
  warehouseId: string,
  items: ReadonlyArray<{ productId: string; quantity: number }>,
): Promise<SentOrder> {
  const created = await api.expect(201, 'POST', '/operations/purchase-orders', {
    supplier_id: supplierId,
    warehouse_id: warehouseId,
    items: items.map((item) => ({ product_id: item.productId, quantity: item.quantity, unit_price: 1.5 })),
  });
  const order = created.body.data as {
    id: string;
    po_number: string;
    items: Array<{ id: string; product_id: string; quantity_ordered: number }>;
  };
  await api.expect(200, 'POST', `/operations/purchase-orders/${order.id}/submit-for-approval`, {});
  await api.expect(200, 'POST', `/operations/purchase-orders/${order.id}/approve`, {});
  await api.expect(200, 'POST', `/operations/purchase-orders/${order.id}/send`, { send_email: false });
  return {
    id: order.id,
    poNumber: order.po_number,
    lines: order.items.map((i) => ({ id: i.id, productId: i.product_id, quantity: i.quantity_ordered })),
  };
}

/** A subscription of every event type to `url`. */
export async function subscribeToEverything(api: ApiClient, url: string): Promise<string> {
  const res = await api.expect(201, 'POST', '/webhooks/subscriptions', { url, event_types: ['*'] });
  return res.body.data.id as string;
}
