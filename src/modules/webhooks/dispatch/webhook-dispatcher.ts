// The delivery worker's loop: publish new events, claim due deliveries up to the concurrency limit, send them,
// and write their results in batches. Sends overlap: a slow endpoint holds one slot, not the whole batch.
import type { WebhookSettings } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import { asJob } from '../../../lib/job-runs.js';
import type { EventPublisher } from '../../events/event-publisher.js';
import type { EventSignal } from '../../events/event-signal.js';
import type { AttemptOutcome, OutgoingWebhook } from '../transport/webhook-sender.js';
import type { AttemptResult, ClaimedDelivery, DeliveryQueue, ResultOutcome } from './delivery-queue.js';
import { webhookRequest } from './webhook-request.js';

export interface Sender {
  send(request: OutgoingWebhook): Promise<AttemptOutcome>;
}

export interface DispatchObserver {
  attemptFinished(result: AttemptResult, outcome: ResultOutcome): void;
}

export interface DispatcherLog {
  error(object: object, message: string): void;
}

type DispatchSettings = Pick<WebhookSettings, 'concurrency' | 'leaseMs' | 'pollIntervalMs' | 'retryDelaysSeconds'>;

export interface WebhookDispatcherDeps {
  workerId: string;
  publisher: EventPublisher;
  queue: DeliveryQueue;
  sender: Sender;
  clock: Clock;
  settings: DispatchSettings;
  log: DispatcherLog;
  observer?: DispatchObserver | null;
  signal?: Pick<EventSignal, 'subscribe'> | null;
}

export class WebhookDispatcher {
  private running = false;
  /** Set by stop(): a stopping dispatcher claims nothing more, also through `tick()` called directly. */
  private stopping = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private finished: AttemptResult[] = [];
  private wake: (() => void) | null = null;
  /** Set when events were committed since the current pass began: the loop goes round again instead of sleeping. */
  private eventsCommitted = false;
  private unsubscribe: (() => void) | null = null;

  private readonly workerId: string;
  private readonly publisher: EventPublisher;
  private readonly queue: DeliveryQueue;
  private readonly sender: Sender;
  private readonly clock: Clock;
  private readonly settings: DispatchSettings;
  private readonly log: DispatcherLog;
  private readonly observer: DispatchObserver | null;
  private readonly signal: Pick<EventSignal, 'subscribe'> | null;

  constructor(deps: WebhookDispatcherDeps) {
    this.workerId = deps.workerId;
    this.publisher = deps.publisher;
    this.queue = deps.queue;
    this.sender = deps.sender;
    this.clock = deps.clock;
    this.settings = deps.settings;
    this.log = deps.log;
    this.observer = deps.observer ?? null;
    this.signal = deps.signal ?? null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.unsubscribe = this.signal?.subscribe(() => this.eventsWereCommitted()) ?? null;
    this.loop = this.run();
  }

  /** Stops claiming, lets the attempts in flight finish and writes their results. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.running = false;
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * One pass: publish, claim what the free slots allow, write finished results. Returns whether it found
   * work, so the loop goes round again at once instead of sleeping. Tests drive it directly. `eventsCommitted`:
   * the pass was woken by a commit of events.
   */
  async tick(eventsCommitted = false): Promise<boolean> {
    const published = await this.publisher.publishAll(eventsCommitted);
    const free = this.settings.concurrency - this.inFlight.size;
    let claimed: ClaimedDelivery[] = [];
    if (free > 0 && !this.stopping) {
      claimed = await this.queue.claim(this.workerId, this.clock.now(), this.settings.leaseMs, free);
      for (const delivery of claimed) this.dispatch(delivery);
    }
    const flushed = await this.flush();
    return published > 0 || claimed.length > 0 || flushed > 0;
  }

  /** Waits for every attempt in flight and writes the results. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
    await this.flush();
  }

  /** A commit recorded events: publish them now rather than at the next poll. */
  private eventsWereCommitted(): void {
    this.eventsCommitted = true;
    this.wake?.();
  }

  private dispatch(delivery: ClaimedDelivery): void {
    const attemptedAt = this.clock.now();
    const attempt = asJob(
      'webhook delivery',
      { 'quartermaster.delivery_id': delivery.id, 'quartermaster.tenant_id': delivery.tenant_id },
      () => this.sender.send(webhookRequest(delivery, attemptedAt)),
    )
      .then((outcome) => {
        this.finished.push({ delivery, attemptedAt, ...outcome });
      })
      .finally(() => {
        this.inFlight.delete(attempt);
        this.wake?.();
      });
    this.inFlight.add(attempt);
  }

  private async flush(): Promise<number> {
    if (this.finished.length === 0) return 0;
    const batch = this.finished;
    this.finished = [];
    let outcomes: ResultOutcome[];
    try {
      outcomes = await this.queue.record(this.workerId, batch, this.clock.now(), this.settings.retryDelaysSeconds);
    } catch (error) {
      // Kept for the next flush: the attempts happened, and their leases still name this worker.
      this.finished = [...batch, ...this.finished];
      throw error;
    }
    batch.forEach((result, i) => this.observer?.attemptFinished(result, outcomes[i]!));
    return batch.length;
  }

  private async run(): Promise<void> {
    while (this.running) {
      // A pass runs in microtasks (SQLite answers synchronously), so without this each answer that arrives would
      // wake a pass of its own and every claim and every write would carry one delivery. Letting the pending I/O
      // land first gives a pass all the answers that came in meanwhile, and as many free slots.
      await new Promise<void>((resolve) => setImmediate(resolve));
      // A commit from here on is seen by this pass's publishing or causes another pass.
      const woken = this.eventsCommitted;
      this.eventsCommitted = false;
      let busy = false;
      try {
        busy = await this.tick(woken);
      } catch (err) {
        // A failed pass (database unavailable…) is logged and tried again after the poll interval; unsaved
        // results stay queued for the next flush, and claimed deliveries come back when their lease ends.
        this.log.error({ err }, 'webhook dispatch failed');
      }
      if (busy || this.eventsCommitted || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.settings.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    await this.drain().catch((err: unknown) =>
      this.log.error({ err }, 'webhook results could not be written at shutdown'),
    );
  }
}
