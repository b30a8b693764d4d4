// The webhook subscriptions: where events go, which, in what form, and whether they are switched on. An
// administrator creates one here and sees its signing secret once.
import { Anchor, Badge, Button, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { unwrap } from '../api/client';
import { integrationApi } from '../api/integration-client';
import { Guarded } from '../components/Guarded';
import { PageHeader } from '../components/PageHeader';
import { ListView } from '../components/ListView';
import { notifySuccess } from '../lib/feedback';
import { useListPage } from '../lib/useListPage';
import { MANAGE_WEBHOOKS, useSubscriptions, webhookKeys } from './api';
import { describePattern } from './patterns';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import { SubscriptionActions } from './SubscriptionActions';
import { subscriptionStatus, type Subscription } from './status';
import { SubscriptionFormModal, type SubscriptionInput } from './SubscriptionFormModal';
import { formatDateTime } from '../lib/format';

const LIST_SHAPE = { filters: [] as const, defaultSort: '-created_at' };

export function WebhooksPage() {
  const list = useListPage(LIST_SHAPE);
  const subscriptions = useSubscriptions(list.state.page);
  const queryClient = useQueryClient();
  const [creating, create] = useDisclosure();
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  const createSubscription = async (input: SubscriptionInput) => {
    const { data } = await unwrap(integrationApi.POST('/api/v1/webhooks/subscriptions', { body: input }));
    create.close();
    setSecret({ title: 'Subscription created', secret: data.secret });
    notifySuccess(`Events are now sent to ${data.url}.`, 'Subscription created');
    await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Subscriptions that send events to other systems, signed with their secret."
        actions={
          <Guarded ability={MANAGE_WEBHOOKS}>
            <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
              New subscription
            </Button>
          </Guarded>
        }
      />
      <ListView
        list={list}
        query={subscriptions}
        noun={['subscription', 'subscriptions']}
        pagerOnly
        loading={<Skeleton h={200} />}
        none="No webhook subscriptions yet."
        noMatch="No webhook subscriptions yet."
      >
        {(rows) => <SubscriptionTable subscriptions={rows} />}
      </ListView>
      <SubscriptionFormModal opened={creating} onClose={create.close} onSubmit={createSubscription} />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </>
  );
}

function SubscriptionTable({ subscriptions }: { subscriptions: Subscription[] }) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table aria-label="Webhook subscriptions" striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>URL</Table.Th>
            <Table.Th>Event types</Table.Th>
            <Table.Th>Payload</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((subscription) => {
            const status = subscriptionStatus(subscription);
            return (
              <Table.Tr key={subscription.id}>
                <Table.Td maw={320}>
                  <Anchor component={Link} to={`/webhooks/${subscription.id}`} style={{ wordBreak: 'break-all' }}>
                    {subscription.url}
                  </Anchor>
                  {subscription.description && (
                    <Text size="xs" c="dimmed">
                      {subscription.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {subscription.event_types.map((pattern) => (
                      <Badge key={pattern} variant="light" tt="none">
                        {describePattern(pattern)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{subscription.payload_mode === 'full' ? 'Full' : 'Thin'}</Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light" title={subscription.disabled_reason ?? undefined}>
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(subscription.created_at)}</Table.Td>
                <Table.Td ta="right">
                  <SubscriptionActions subscription={subscription} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
