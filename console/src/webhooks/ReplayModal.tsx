// Replaying past events to a subscription: a time range and, optionally, patterns narrowing the subscription's
// own. Asks before sending, since the receiver gets every matching event again.
import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { unwrap } from '../api/client';
import { integrationApi } from '../api/integration-client';
import { FormError } from '../components/FormError';
import { confirm, notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useEventTypes } from './api';
import { describePattern, filterOptions, groupEventTypes } from './patterns';
import type { Subscription } from './status';

interface FormValues extends Record<string, unknown> {
  since: string;
  until: string;
  event_types: string[];
}

/** `datetime-local` input value (local wall time) -> ISO instant; empty stays undefined. */
export function localToIso(value: string): string | undefined {
  if (value === '') return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

export function ReplayModal({
  subscription,
  opened,
  onClose,
  onDone,
}: {
  subscription: Subscription;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Replay events"
      size="lg"
    >
      {opened && <ReplayForm subscription={subscription} onCancel={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ReplayForm({
  subscription,
  onCancel,
  onDone,
}: {
  subscription: Subscription;
  onCancel: () => void;
  onDone: () => void;
}) {
  const eventTypes = useEventTypes();
  const form = useForm<FormValues>({
    initialValues: { since: '', until: '', event_types: [] },
    validate: { since: (value) => (value === '' ? 'Choose where the replay starts.' : null) },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const sure = await confirm({
      title: 'Replay these events?',
      message: `Every matching event in this range is sent to ${subscription.url} again, as a new delivery.`,
      confirmLabel: 'Replay events',
    });
    if (!sure) return;
    const { data } = await unwrap(
      integrationApi.POST('/api/v1/webhooks/subscriptions/{id}/replay', {
        params: { path: { id: subscription.id } },
        body: {
          since: localToIso(values.since)!,
          until: localToIso(values.until),
          event_types: values.event_types.length > 0 ? values.event_types : undefined,
        },
      }),
    );
    notifySuccess(
      `${data.deliveries_created} ${data.deliveries_created === 1 ? 'delivery' : 'deliveries'} queued` +
        (data.already_pending > 0 ? `; ${data.already_pending} already pending.` : '.'),
      'Replay started',
    );
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <Stack>
        <Text size="sm" c="dimmed">
          Sends again the events of the subscription&apos;s types (
          {subscription.event_types.map(describePattern).join(', ')}) that occurred in the range.
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput type="datetime-local" label="From" withAsterisk {...form.getInputProps('since')} />
          <TextInput
            type="datetime-local"
            label="Until"
            description="Empty: until now"
            {...form.getInputProps('until')}
          />
        </Group>
        <MultiSelect
          label="Only these event types"
          description="Empty: every type of the subscription"
          data={eventTypes.data ? filterOptions(groupEventTypes(eventTypes.data)) : []}
          searchable
          clearable
          {...form.getInputProps('event_types')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Replay
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
