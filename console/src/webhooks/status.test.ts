import { describe, expect, it } from 'vitest';
import { canRetry, deliveryStatus, lastAttempt, outcomeText, subscriptionStatus } from './status';

const now = new Date('2026-11-24T10:00:00.000Z');

describe('delivery and subscription states', () => {
  it('labels each delivery status', () => {
    expect(deliveryStatus('delivered')).toEqual({ label: 'Delivered', color: 'teal' });
    expect(deliveryStatus('failed')).toEqual({ label: 'Failed', color: 'red' });
    expect(deliveryStatus('pending').label).toBe('Pending');
  });

  it('tells a subscription disabled by hand from one the failures disabled', () => {
    expect(subscriptionStatus({ status: 'active', disabled_reason: null }).label).toBe('Active');
    expect(subscriptionStatus({ status: 'disabled', disabled_reason: null }).label).toBe('Disabled');
    expect(
      subscriptionStatus({
        status: 'disabled',
        disabled_reason: 'Disabled automatically: 10 of 10 delivery attempts failed in the last 24 hours.',
      }).label,
    ).toBe('Disabled (failing)');
  });

  it('offers a retry for failed deliveries and pending ones waiting out a delay only', () => {
    expect(canRetry({ status: 'failed', next_attempt_at: null }, now)).toBe(true);
    expect(canRetry({ status: 'pending', next_attempt_at: '2026-11-24T10:05:00.000Z' }, now)).toBe(true);
    expect(canRetry({ status: 'pending', next_attempt_at: '2026-11-24T09:59:00.000Z' }, now)).toBe(false);
    expect(canRetry({ status: 'delivered', next_attempt_at: null }, now)).toBe(false);
    expect(canRetry({ status: 'delivering', next_attempt_at: null }, now)).toBe(false);
  });

  it('sums up an attempt in one line', () => {
    expect(outcomeText({ response_code: 200, response_time_ms: 182, error: null })).toBe('HTTP 200 in 182 ms');
    expect(outcomeText({ response_code: 500, response_time_ms: 40, error: 'down' })).toBe('HTTP 500 in 40 ms: down');
    expect(outcomeText({ response_code: null, response_time_ms: null, error: 'connection refused' })).toBe(
      'connection refused',
    );
    expect(outcomeText(null)).toBe('Not attempted yet');
    expect(
      lastAttempt({ last_attempt_at: null, last_response_code: null, last_response_time_ms: null, last_error: null }),
    ).toBeNull();
  });
});
