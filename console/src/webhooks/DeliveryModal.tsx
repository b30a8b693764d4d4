// One delivery: what was sent (the body, as the receiver got it), every attempt with its answer, and a retry
// when it failed. While the delivery is still on its way the dialog keeps asking, so an outcome shows by itself.
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  type ButtonProps,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../api/client';
import { integrationApi } from '../api/integration-client';
import { Guarded } from '../components/Guarded';
import { QueryError } from '../components/QueryError';
import { notifyFailure, notifySuccess } from '../lib/feedback';
import { MANAGE_WEBHOOKS, useDelivery, webhookKeys } from './api';
import { JsonBlock } from './JsonBlock';
import {
  canRetry,
  deliveryStatus,
  inProgress,
  lastAttempt,
  outcomeText,
  type Delivery,
  type DeliveryAttempt,
} from './status';
import { formatDateTime } from '../lib/format';

interface Props {
  subscriptionId: string;
  deliveryId: string | undefined;
  onClose: () => void;
}

export function DeliveryModal({ subscriptionId, deliveryId, onClose }: Props) {
  const delivery = useDelivery(subscriptionId, deliveryId);
  const data = delivery.data;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={deliveryId !== undefined}
      onClose={onClose}
      title={data ? `Delivery of ${data.event_type}` : 'Delivery'}
      size="xl"
    >
      {delivery.isPending && <Skeleton h={240} />}
      {delivery.isError && <QueryError error={delivery.error} onRetry={() => void delivery.refetch()} />}
      {data && (
        <Stack>
          <Group justify="space-between">
            <Group gap="xs">
              <Badge color={deliveryStatus(data.status).color} variant="light" size="lg">
                {deliveryStatus(data.status).label}
              </Badge>
              {inProgress(data.status) && <Loader size="xs" aria-label="Waiting for the outcome" />}
            </Group>
            <Guarded ability={MANAGE_WEBHOOKS}>
              <RetryButton delivery={{ ...data, attempts: data.attempts_count }} />
            </Guarded>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Fact label="Event">{data.event_id}</Fact>
            <Fact label="Entity">
              {data.entity_type} {data.entity_id}
            </Fact>
            <Fact label="Last outcome">{outcomeText(lastAttempt(data))}</Fact>
            <Fact label="Attempts">{data.attempts_count}</Fact>
            <Fact label="Created">{formatDateTime(data.created_at)}</Fact>
            <Fact label="Next attempt">
              {data.status === 'pending' && data.next_attempt_at ? formatDateTime(data.next_attempt_at) : '—'}
            </Fact>
          </SimpleGrid>
          <Title order={3} size="h4">
            Attempts
          </Title>
          <AttemptTable attempts={data.attempts} />
          <Title order={3} size="h4">
            Body sent
          </Title>
          <JsonBlock value={data.payload} label="Body sent" />
        </Stack>
      )}
    </Modal>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

function AttemptTable({ attempts }: { attempts: DeliveryAttempt[] }) {
  if (attempts.length === 0) return <Text c="dimmed">No attempt yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label="Attempts" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>At</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt) => (
            <Table.Tr key={attempt.attempt}>
              <Table.Td>{attempt.attempt}</Table.Td>
              <Table.Td>{formatDateTime(attempt.attempted_at)}</Table.Td>
              <Table.Td>{attempt.response_code ?? '—'}</Table.Td>
              <Table.Td>{attempt.response_time_ms === null ? '—' : `${attempt.response_time_ms} ms`}</Table.Td>
              <Table.Td>{attempt.error ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Retry by hand: for failed deliveries and pending ones waiting out a retry delay. */
export function RetryButton({
  delivery,
  size = 'sm',
  disabled,
}: {
  delivery: Delivery;
  size?: ButtonProps['size'];
  disabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () =>
      unwrap(
        integrationApi.POST('/api/v1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}/retry', {
          params: { path: { subscriptionId: delivery.subscription_id, deliveryId: delivery.id } },
        }),
      ),
    onSuccess: ({ data }) => notifySuccess(`Attempt ${data.attempt} will be made shortly.`, 'Retry queued'),
    onError: (error) => notifyFailure(error, 'The delivery was not retried'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.subscription(delivery.subscription_id) }),
  });
  if (!canRetry(delivery, new Date())) return null;
  return (
    <Button
      size={size}
      variant="light"
      leftSection={<IconRefresh size={14} />}
      loading={retry.isPending}
      disabled={disabled}
      onClick={() => retry.mutate()}
      aria-label={`Retry delivery of ${delivery.event_type} ${delivery.id}`}
    >
      Retry
    </Button>
  );
}
