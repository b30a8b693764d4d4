// How subscription and delivery states read in the console: a label and a colour for each, and a delivery's
// last outcome in one line.
import type { components } from '../../../clients/typescript/src/openapi';

export type Subscription = components['schemas']['WebhookSubscription'];
export type Delivery = components['schemas']['WebhookDelivery'];
export type DeliveryStatus = Delivery['status'];
export type DeliveryAttempt = components['schemas']['WebhookDeliveryAttempt'];

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'delivering', 'delivered', 'failed'];

const DELIVERY: Record<DeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  delivering: { label: 'Delivering', color: 'blue' },
  delivered: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export function deliveryStatus(status: DeliveryStatus): { label: string; color: string } {
  return DELIVERY[status];
}

export function subscriptionStatus(subscription: Pick<Subscription, 'status' | 'disabled_reason'>): {
  label: string;
  color: string;
} {
  if (subscription.status === 'active') return { label: 'Active', color: 'teal' };
  return subscription.disabled_reason?.startsWith('Disabled automatically')
    ? { label: 'Disabled (failing)', color: 'red' }
    : { label: 'Disabled', color: 'gray' };
}

/** Still moving: the worker has yet to send it or is sending it now, so the screen keeps asking. */
export function inProgress(status: DeliveryStatus): boolean {
  return status === 'pending' || status === 'delivering';
}

/** Only failed deliveries and pending ones waiting out a retry delay can be retried by hand. */
export function canRetry(delivery: Pick<Delivery, 'status' | 'next_attempt_at'>, now: Date): boolean {
  if (delivery.status === 'failed') return true;
  return (
    delivery.status === 'pending' &&
    delivery.next_attempt_at !== null &&
    Date.parse(delivery.next_attempt_at) > now.getTime()
  );
}

/** "HTTP 200 in 182 ms", "HTTP 500 in 40 ms: down", "connection refused", "Not attempted yet". */
export function outcomeText(
  attempt: { response_code: number | null; response_time_ms: number | null; error: string | null } | null,
): string {
  if (!attempt || (attempt.response_code === null && attempt.error === null)) return 'Not attempted yet';
  const parts: string[] = [];
  if (attempt.response_code !== null) parts.push(`HTTP ${attempt.response_code}`);
  if (attempt.response_time_ms !== null) parts.push(`in ${attempt.response_time_ms} ms`);
  const head = parts.join(' ');
  if (attempt.error) return head ? `${head}: ${attempt.error}` : attempt.error;
  return head;
}

/** A delivery's last attempt in the shape of an attempt, or null when none was made. */
export function lastAttempt(
  delivery: Pick<Delivery, 'last_attempt_at' | 'last_response_code' | 'last_response_time_ms' | 'last_error'>,
) {
  if (delivery.last_attempt_at === null) return null;
  return {
    response_code: delivery.last_response_code,
    response_time_ms: delivery.last_response_time_ms,
    error: delivery.last_error,
  };
}
