// The Webhooks area's reads, through the console-token client (the webhook endpoints take bearer tokens only).
// Query keys start with 'webhooks'; a write invalidates the subscription it touched and the lists.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/client';
import { integrationApi } from '../api/integration-client';
import type { DeliveryStatus } from './status';
import { inProgress } from './status';

export const MANAGE_WEBHOOKS = 'system:manage-webhooks';
export const PER_PAGE = 25;
/** How often a screen showing a delivery still on its way asks again. */
const POLL_MS = 2000;
/** Events of the feed read at a time. */
const FEED_PAGE = 50;

export const webhookKeys = {
  all: ['webhooks'] as const,
  subscriptions: (page: number) => ['webhooks', 'subscriptions', page] as const,
  subscription: (id: string) => ['webhooks', 'subscription', id] as const,
  deliveries: (id: string, status: string | undefined, page: number) =>
    ['webhooks', 'subscription', id, 'deliveries', status ?? 'all', page] as const,
  delivery: (id: string, deliveryId: string) => ['webhooks', 'subscription', id, 'delivery', deliveryId] as const,
  eventTypes: ['webhooks', 'event-types'] as const,
  events: (eventType: string | undefined) => ['webhooks', 'events', eventType ?? 'all'] as const,
};

export function useEventTypes() {
  return useQuery({
    queryKey: webhookKeys.eventTypes,
    queryFn: async () => (await unwrap(integrationApi.GET('/api/v1/webhooks/event-types'))).data,
    staleTime: Infinity,
  });
}

export function useSubscriptions(page: number) {
  return useQuery({
    queryKey: webhookKeys.subscriptions(page),
    queryFn: () =>
      unwrap(
        integrationApi.GET('/api/v1/webhooks/subscriptions', {
          params: { query: { page, per_page: PER_PAGE, sort_by: 'created_at', sort_direction: 'desc' } },
        }),
      ),
  });
}

export function useSubscription(id: string) {
  return useQuery({
    queryKey: webhookKeys.subscription(id),
    queryFn: async () =>
      (await unwrap(integrationApi.GET('/api/v1/webhooks/subscriptions/{id}', { params: { path: { id } } }))).data,
  });
}

export function useDeliveries(subscriptionId: string, status: DeliveryStatus | undefined, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(subscriptionId, status, page),
    queryFn: () =>
      unwrap(
        integrationApi.GET('/api/v1/webhooks/subscriptions/{subscriptionId}/deliveries', {
          params: { path: { subscriptionId }, query: { page, per_page: PER_PAGE, status } },
        }),
      ),
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => inProgress(delivery.status)) ? POLL_MS : false,
  });
}

export function useDelivery(subscriptionId: string, deliveryId: string | undefined) {
  return useQuery({
    queryKey: webhookKeys.delivery(subscriptionId, deliveryId ?? ''),
    queryFn: async () =>
      (
        await unwrap(
          integrationApi.GET('/api/v1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}', {
            params: { path: { subscriptionId, deliveryId: deliveryId! } },
          }),
        )
      ).data,
    enabled: deliveryId !== undefined,
    refetchInterval: (query) => (query.state.data && inProgress(query.state.data.status) ? POLL_MS : false),
  });
}

/** The event feed after a cursor, oldest first, a page at a time, as an integration reads it. */
export function useEventFeed(eventType: string | undefined) {
  return useInfiniteQuery({
    queryKey: webhookKeys.events(eventType),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        integrationApi.GET('/api/v1/webhooks/events', {
          params: { query: { after: pageParam, event_type: eventType, per_page: FEED_PAGE } },
        }),
      ),
    // An empty page has no cursor: the next read starts after the same event as this one did.
    getNextPageParam: (last, _pages, lastParam) => last.meta.cursor ?? lastParam,
  });
}
