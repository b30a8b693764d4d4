// The event feed: what happened to the entities the user may view, oldest first, read page by page after a
// cursor, as an integration reads it. "Load more" reads the next page; at the end, "Check for newer events"
// asks again from the last event seen.
import { Accordion, Badge, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { useListState } from '../lib/url-state';
import { useEventFeed, useEventTypes } from './api';
import { JsonBlock } from './JsonBlock';
import { describePattern, filterOptions, groupEventTypes } from './patterns';
import { formatDateTime } from '../lib/format';

const FEED_STATE = { filters: ['event_type'] as const, defaultSort: 'id' };

export function EventFeedPage() {
  const [state, update] = useListState(FEED_STATE);
  const eventType = state.filters.event_type;
  const eventTypes = useEventTypes();
  const feed = useEventFeed(eventType);
  const events = feed.data?.pages.flatMap((page) => page.data) ?? [];
  const hasMore = feed.data?.pages.at(-1)?.meta.has_more ?? false;
  const readOn = () => void (feed.hasNextPage ? feed.fetchNextPage() : feed.refetch());

  return (
    <>
      <PageHeader
        title="Event feed"
        description="Events of the entities you may view, oldest first, as integrations read them."
      />
      <Stack>
        <Select
          label="Event type"
          placeholder="Every event"
          searchable
          clearable
          maw={360}
          data={eventTypes.data ? filterOptions(groupEventTypes(eventTypes.data)) : []}
          value={eventType ?? null}
          onChange={(value) => update({ filters: { event_type: value } })}
        />
        {feed.isPending && <Skeleton h={200} />}
        {feed.isError && <QueryError error={feed.error} onRetry={() => void feed.refetch()} />}
        {feed.isSuccess && events.length === 0 && (
          <Group gap="xs">
            <Text c="dimmed">{eventType ? `No ${describePattern(eventType)} events yet.` : 'No events yet.'}</Text>
            {eventType && (
              <Button variant="subtle" size="xs" onClick={() => update({ filters: { event_type: null } })}>
                Show every event
              </Button>
            )}
          </Group>
        )}
        {events.length > 0 && (
          <Accordion multiple variant="separated" aria-label="Events">
            {events.map((event) => (
              <Accordion.Item key={event.id} value={event.id}>
                <Accordion.Control aria-label={`${event.event_type} of ${event.entity_type} ${event.entity_id}`}>
                  <Group gap="sm" wrap="wrap">
                    <Badge variant="light" tt="none">
                      {event.event_type}
                    </Badge>
                    <Text size="sm">
                      {event.entity_type} {event.entity_id}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatDateTime(event.occurred_at)}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="xs" c="dimmed" mb="xs">
                    Event {event.id}
                  </Text>
                  {event.payload === null ? (
                    <Text size="sm">No payload: this event carries only its entity&apos;s id.</Text>
                  ) : (
                    <JsonBlock value={event.payload} label={`Payload of event ${event.id}`} />
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        {feed.isSuccess && (
          <Group>
            <Button
              variant="light"
              onClick={readOn}
              loading={feed.isFetchingNextPage || (feed.isRefetching && !feed.hasNextPage)}
            >
              {hasMore ? 'Load more' : 'Check for newer events'}
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}
