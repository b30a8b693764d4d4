// What an administrator can do to a subscription: edit, send a test event, switch it on or off, rotate its secret,
// replay past events, delete it. Hidden from those without system:manage-webhooks.
import { Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { unwrap } from '../api/client';
import { integrationApi } from '../api/integration-client';
import { useCan } from '../auth/session';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { MANAGE_WEBHOOKS, webhookKeys } from './api';
import { ReplayModal } from './ReplayModal';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import type { Subscription } from './status';
import { SubscriptionFormModal, type SubscriptionInput } from './SubscriptionFormModal';

export function SubscriptionActions({
  subscription,
  onDetail = false,
}: {
  subscription: Subscription;
  onDetail?: boolean;
}) {
  const can = useCan();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, edit] = useDisclosure();
  const [replaying, replay] = useDisclosure();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const path = { params: { path: { id: subscription.id } } };

  if (!can(MANAGE_WEBHOOKS)) return null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  /** Runs a write, then tells the user and refreshes; a refusal is shown, never thrown. */
  const run = async (write: () => Promise<string>, failure: string) => {
    try {
      notifySuccess(await write());
    } catch (error) {
      notifyFailure(error, failure);
    } finally {
      await refresh();
    }
  };

  const save = async (input: SubscriptionInput) => {
    await unwrap(integrationApi.PATCH('/api/v1/webhooks/subscriptions/{id}', { ...path, body: input }));
    notifySuccess('The subscription was saved.');
    edit.close();
    await refresh();
  };

  const sendTest = () =>
    run(async () => {
      const { data } = await unwrap(integrationApi.POST('/api/v1/webhooks/subscriptions/{id}/test', path));
      void navigate(`/webhooks/${subscription.id}?delivery=${data.delivery_id}`);
      return 'Test event queued: its delivery is shown as it goes.';
    }, 'The test event was not sent');

  const toggle = () =>
    subscription.status === 'active'
      ? run(async () => {
          await unwrap(integrationApi.POST('/api/v1/webhooks/subscriptions/{id}/disable', path));
          return 'The subscription was disabled: no events are sent to it.';
        }, 'The subscription was not disabled')
      : run(async () => {
          await unwrap(integrationApi.POST('/api/v1/webhooks/subscriptions/{id}/activate', path));
          return 'The subscription was activated.';
        }, 'The subscription was not activated');

  const rotate = async () => {
    const sure = await confirm({
      title: 'Rotate the signing secret?',
      message: 'A new secret signs every delivery from now on; the receiver rejects them until it has the new one.',
      confirmLabel: 'Rotate secret',
      danger: true,
    });
    if (!sure) return;
    await run(async () => {
      const { data } = await unwrap(integrationApi.POST('/api/v1/webhooks/subscriptions/{id}/rotate-secret', path));
      setSecret({ title: 'New signing secret', secret: data.secret });
      return 'The secret was rotated.';
    }, 'The secret was not rotated');
  };

  const remove = async () => {
    const sure = await confirm({
      title: 'Delete this subscription?',
      message: `No more events are sent to ${subscription.url}, and its delivery history is deleted with it.`,
      confirmLabel: 'Delete subscription',
      danger: true,
    });
    if (!sure) return;
    await run(async () => {
      await unwrap(integrationApi.DELETE('/api/v1/webhooks/subscriptions/{id}', path));
      if (onDetail) void navigate('/webhooks');
      return 'The subscription was deleted.';
    }, 'The subscription was not deleted');
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant={onDetail ? 'filled' : 'subtle'}
            size={onDetail ? 'sm' : 'xs'}
            rightSection={<IconChevronDown size={14} />}
            aria-label={`Actions for ${subscription.url}`}
          >
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={edit.open}>Edit</Menu.Item>
          <Menu.Item onClick={() => void sendTest()}>Send a test event</Menu.Item>
          <Menu.Item onClick={() => void toggle()}>
            {subscription.status === 'active' ? 'Disable' : 'Activate'}
          </Menu.Item>
          <Menu.Item onClick={() => void rotate()}>Rotate secret</Menu.Item>
          <Menu.Item onClick={replay.open}>Replay events</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void remove()}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SubscriptionFormModal opened={editing} subscription={subscription} onClose={edit.close} onSubmit={save} />
      <ReplayModal
        subscription={subscription}
        opened={replaying}
        onClose={replay.close}
        onDone={() => {
          replay.close();
          void refresh();
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </>
  );
}
