// One subscription: its settings, and the deliveries made to it (filtered by status, paged), each openable to
// its attempts and body; a failed delivery can be retried from here.
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useParams } from 'react-router';
import { Guarded } from '../components/Guarded';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { QueryView } from '../components/QueryView';
import { useListState } from '../lib/url-state';
import { MANAGE_WEBHOOKS, useDeliveries, useSubscription } from './api';
import { DeliveryModal, RetryButton } from './DeliveryModal';
import { describePattern } from './patterns';
import { SubscriptionActions } from './SubscriptionActions';
import {
  DELIVERY_STATUSES,
  deliveryStatus,
  lastAttempt,
  outcomeText,
  subscriptionStatus,
  type Delivery,
  type DeliveryStatus,
  type Subscription,
} from './status';
import { formatDateTime } from '../lib/format';

const DELIVERY_LIST = { filters: ['status', 'delivery'] as const, defaultSort: '-created_at' };

export function WebhookDetailPage() {
  const { id = '' } = useParams();
  const subscription = useSubscription(id);

  return (
    <QueryView query={subscription} notFound="webhook subscription" loading={<Skeleton h={300} />}>
      {(data) => {
        const status = subscriptionStatus(data);
        return (
          <>
            <PageHeader
              title={<span style={{ wordBreak: 'break-all' }}>{data.url}</span>}
              description={data.description ?? undefined}
              trail={[['Webhooks', '/webhooks']]}
              actions={
                <>
                  <Badge color={status.color} variant="light" size="lg">
                    {status.label}
                  </Badge>
                  <SubscriptionActions subscription={data} onDetail />
                </>
              }
            />
            <Stack gap="lg">
              <SubscriptionSettings subscription={data} />
              <Deliveries subscriptionId={data.id} />
            </Stack>
          </>
        );
      }}
    </QueryView>
  );
}

function Setting({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function SubscriptionSettings({ subscription }: { subscription: Subscription }) {
  const headerNames = Object.keys(subscription.headers);
  return (
    <Card withBorder>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Setting label="Event types">
          <Group gap={4}>
            {subscription.event_types.map((pattern) => (
              <Badge key={pattern} variant="light" tt="none">
                {describePattern(pattern)}
              </Badge>
            ))}
          </Group>
        </Setting>
        <Setting label="Payload">
          {subscription.payload_mode === 'full' ? "Full: the entity's state" : 'Thin: ids only'}
        </Setting>
        <Setting label="Request headers">{headerNames.length > 0 ? headerNames.join(', ') : 'None'}</Setting>
        <Setting label="Created">{formatDateTime(subscription.created_at)}</Setting>
        <Setting label="Changed">{formatDateTime(subscription.updated_at)}</Setting>
        {subscription.status === 'disabled' && (
          <Setting label="Disabled">
            {subscription.disabled_at ? formatDateTime(subscription.disabled_at) : ''}
            {subscription.disabled_reason && (
              <Text size="sm" c="dimmed">
                {subscription.disabled_reason}
              </Text>
            )}
          </Setting>
        )}
      </SimpleGrid>
    </Card>
  );
}

function Deliveries({ subscriptionId }: { subscriptionId: string }) {
  const [state, update] = useListState(DELIVERY_LIST);
  const statusFilter = state.filters.status as DeliveryStatus | undefined;
  const deliveries = useDeliveries(subscriptionId, statusFilter, state.page);
  /** Opening or closing a delivery keeps the page the list is on. */
  const openDelivery = (deliveryId: string | null) => update({ page: state.page, filters: { delivery: deliveryId } });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Deliveries
        </Title>
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          w={200}
          data={DELIVERY_STATUSES.map((value) => ({ value, label: deliveryStatus(value).label }))}
          value={statusFilter ?? null}
          onChange={(value) => update({ filters: { status: value } })}
        />
      </Group>
      {deliveries.isPending && <Skeleton h={160} />}
      {deliveries.isError && <QueryError error={deliveries.error} onRetry={() => void deliveries.refetch()} />}
      {deliveries.data && deliveries.data.data.length === 0 && (
        <Group gap="xs" py="md">
          <Text c="dimmed">
            {statusFilter
              ? 'No deliveries match this filter.'
              : 'No deliveries yet: events matching the subscription appear here as they are sent.'}
          </Text>
          {statusFilter && (
            <Button variant="subtle" size="xs" onClick={() => update({ filters: { status: null } })}>
              Show every status
            </Button>
          )}
        </Group>
      )}
      {deliveries.data && deliveries.data.data.length > 0 && (
        <>
          <DeliveryTable deliveries={deliveries.data.data} onOpen={openDelivery} />
          {deliveries.data.meta.last_page > 1 && (
            <Pagination
              total={deliveries.data.meta.last_page}
              value={state.page}
              onChange={(page) => update({ page })}
              aria-label="Pages of deliveries"
            />
          )}
        </>
      )}
      <DeliveryModal
        subscriptionId={subscriptionId}
        deliveryId={state.filters.delivery}
        onClose={() => openDelivery(null)}
      />
    </Stack>
  );
}

function DeliveryTable({ deliveries, onOpen }: { deliveries: Delivery[]; onOpen: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table aria-label="Deliveries" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last outcome</Table.Th>
            <Table.Th>Last attempt</Table.Th>
            <Table.Th>Next attempt</Table.Th>
            <Table.Th>Retry</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => {
            const status = deliveryStatus(delivery.status);
            return (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => onOpen(delivery.id)}
                    aria-label={`Open delivery of ${delivery.event_type} ${delivery.id}`}
                  >
                    {delivery.event_type}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {delivery.entity_id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>{outcomeText(lastAttempt(delivery))}</Table.Td>
                <Table.Td>{delivery.last_attempt_at ? formatDateTime(delivery.last_attempt_at) : '—'}</Table.Td>
                <Table.Td>
                  {delivery.status === 'pending' && delivery.next_attempt_at
                    ? formatDateTime(delivery.next_attempt_at)
                    : '—'}
                </Table.Td>
                <Table.Td>
                  <Guarded ability={MANAGE_WEBHOOKS}>
                    <RetryButton delivery={delivery} size="xs" />
                  </Guarded>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
