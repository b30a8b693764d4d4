// Commit-to-feed latency as a client sees it, at idle: one write at a time (`POST …/products`, whose commit
// records `product.created`), then the feed read back to back (`GET …/webhooks/events?after=<cursor>&
// event_type=product.created`) until a page holds that write's event. A latency is the time from the write's
// answer (its commit came just before) to the answer of the first page that holds its event, so it includes
// the reads that came back empty, as a client would wait for them.
import { newId } from '../../src/lib/ids.js';
import { summarise, type Measurement } from './load.js';

const API = '/api/v1';
const WAIT_TIMEOUT_MS = 10_000;

export interface FeedLatencyOptions {
  serverUrl: string;
  headers: Record<string, string>;
  /** Writes measured, after a few that warm the path up. */
  writes: number;
  /** Pause between two writes, so that each one meets an idle server. */
  pauseMs: number;
}

export interface FeedLatency {
  latency: Measurement;
  /** Feed reads a write needed, on average, until its event showed. */
  readsPerWrite: number;
  notes: string[];
}

interface FeedPage {
  data: Array<{ id: string; entity_id: string }>;
  meta: { cursor: string | null };
}

const WARM_UP_WRITES = 5;

export async function measureFeedLatency(options: FeedLatencyOptions): Promise<FeedLatency> {
  const json = { ...options.headers, 'content-type': 'application/json' };
  // Events published from now on get feed ids above an id made now: the reader starts there instead of paging
  // through the seeded feed.
  let cursor = newId();
  let sequence = 0;
  let reads = 0;

  const write = async (): Promise<string> => {
    sequence++;
    const response = await fetch(`${options.serverUrl}${API}/operations/products`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: `Feed latency ${sequence}`,
        sku: `FEED-LAT-${Date.now().toString(36)}-${sequence}`,
        selling_price: 5,
      }),
    });
    const text = await response.text();
    if (response.status !== 201)
      throw new Error(`POST /operations/products answered ${response.status}: ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { data: { id: string } }).data.id;
  };

  /** Reads pages after the cursor until one holds `productId`'s event; answers when that page came. */
  const readUntil = async (productId: string): Promise<number> => {
    const deadline = performance.now() + WAIT_TIMEOUT_MS;
    for (;;) {
      const response = await fetch(
        `${options.serverUrl}${API}/webhooks/events?after=${cursor}&event_type=product.created&per_page=100`,
        { headers: options.headers },
      );
      const text = await response.text();
      const arrived = performance.now();
      if (response.status !== 200)
        throw new Error(`GET /webhooks/events answered ${response.status}: ${text.slice(0, 500)}`);
      reads++;
      const page = JSON.parse(text) as FeedPage;
      if (page.meta.cursor) cursor = page.meta.cursor;
      if (page.data.some((event) => event.entity_id === productId)) return arrived;
      if (arrived > deadline)
        throw new Error(`product.created of ${productId} not in the feed ${WAIT_TIMEOUT_MS} ms after its write`);
    }
  };

  const pause = () => new Promise((resolve) => setTimeout(resolve, options.pauseMs));
  for (let i = 0; i < WARM_UP_WRITES; i++) {
    await readUntil(await write());
    await pause();
  }
  reads = 0;
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < options.writes; i++) {
    const productId = await write();
    const answered = performance.now();
    latencies.push((await readUntil(productId)) - answered);
    await pause();
  }
  const latency = summarise(Float64Array.from(latencies), (performance.now() - started) / 1000, 0);
  const readsPerWrite = reads / options.writes;
  return {
    latency,
    readsPerWrite,
    notes: [
      `event feed commit-to-read latency: ${options.writes} writes one at a time, ${options.pauseMs} ms apart; p50/p99 = from the write's answer to the first feed page holding its event (${readsPerWrite.toFixed(1)} feed reads per write); max ${latency.max.toFixed(1)} ms`,
    ],
  };
}
