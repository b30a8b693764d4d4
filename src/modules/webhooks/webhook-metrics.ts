// Webhook metrics for /metrics: attempts by outcome and their latency (counted by the worker in this
// process), and the queue as the database sees it (pending, due, in flight, age of the oldest due delivery).
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Clock } from '../../lib/clock.js';
import type { AttemptResult, DeliveryQueue, ResultOutcome } from './dispatch/delivery-queue.js';
import type { DispatchObserver } from './dispatch/webhook-dispatcher.js';

export interface WebhookMetricsDeps {
  queue: DeliveryQueue;
  clock: Clock;
}

export class WebhookMetrics implements DispatchObserver {
  private readonly attempts = new Counter({
    name: 'webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts made by this process, by outcome (delivered, retrying, failed, lease_lost).',
    labelNames: ['outcome'] as const,
    registers: [],
  });
  private readonly latency = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Duration of webhook delivery attempts made by this process, from request to response or error.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [],
  });
  private readonly queueSize: Gauge<'status'>;
  private readonly oldestDue: Gauge;

  constructor({ queue, clock }: WebhookMetricsDeps) {
    // One database read per scrape serves both gauges.
    let stats: ReturnType<DeliveryQueue['stats']> | null = null;
    const read = () => (stats ??= queue.stats(clock.now()).finally(() => setImmediate(() => (stats = null))));
    this.queueSize = new Gauge({
      name: 'webhook_deliveries_queued',
      help: 'Webhook deliveries waiting: pending (all), due (pending and due now), delivering (claimed by a worker).',
      labelNames: ['status'] as const,
      registers: [],
      async collect() {
        const s = await read();
        this.set({ status: 'pending' }, s.pending);
        this.set({ status: 'due' }, s.due);
        this.set({ status: 'delivering' }, s.delivering);
      },
    });
    this.oldestDue = new Gauge({
      name: 'webhook_oldest_due_delivery_age_seconds',
      help: 'How long the oldest due webhook delivery has waited for its attempt (0 when none is due).',
      registers: [],
      async collect() {
        this.set((await read()).oldestDueAgeSeconds);
      },
    });
  }

  registerOn(registry: Registry): void {
    registry.registerMetric(this.attempts);
    registry.registerMetric(this.latency);
    registry.registerMetric(this.queueSize);
    registry.registerMetric(this.oldestDue);
  }

  attemptFinished(result: AttemptResult, outcome: ResultOutcome): void {
    this.attempts.inc({ outcome });
    this.latency.observe(result.durationMs / 1000);
  }
}
