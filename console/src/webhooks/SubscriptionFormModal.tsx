// Creating or changing a subscription: where to send, which events, full or thin payloads, a description and
// extra request headers. Header values come back masked (`••••`); sent back unchanged, they keep their value.
import { ActionIcon, Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FormError } from '../components/FormError';
import { useApiSubmit } from '../lib/forms';
import { EventPatternPicker } from './EventPatternPicker';
import type { Subscription } from './status';

export interface SubscriptionInput {
  url: string;
  event_types: string[];
  payload_mode: 'full' | 'thin';
  description: string | null;
  headers: Record<string, string>;
}

interface FormValues extends Record<string, unknown> {
  url: string;
  event_types: string[];
  payload_mode: 'full' | 'thin';
  description: string;
  headers: { name: string; value: string }[];
}

interface Props {
  opened: boolean;
  /** The subscription to change; a new one when absent. */
  subscription?: Subscription;
  onClose: () => void;
  onSubmit: (input: SubscriptionInput) => Promise<unknown>;
}

function initialValues(subscription: Subscription | undefined): FormValues {
  return {
    url: subscription?.url ?? '',
    event_types: subscription?.event_types ?? [],
    payload_mode: subscription?.payload_mode ?? 'full',
    description: subscription?.description ?? '',
    headers: Object.entries(subscription?.headers ?? {}).map(([name, value]) => ({ name, value })),
  };
}

export function SubscriptionFormModal({ opened, subscription, onClose, onSubmit }: Props) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={subscription ? 'Edit webhook subscription' : 'New webhook subscription'}
      size="xl"
    >
      {/* Mounted only while open, so each opening starts from the subscription as it is now. */}
      {opened && <SubscriptionForm subscription={subscription} onCancel={onClose} onSubmit={onSubmit} />}
    </Modal>
  );
}

function SubscriptionForm({
  subscription,
  onCancel,
  onSubmit,
}: Omit<Props, 'opened' | 'onClose'> & { onCancel: () => void }) {
  const form = useForm<FormValues>({
    initialValues: initialValues(subscription),
    validate: {
      url: (value) => (value.trim() === '' ? 'Enter the URL to send events to.' : null),
      event_types: (value) => (value.length === 0 ? 'Choose at least one event type.' : null),
    },
  });
  // The API names a header's problems `headers.<Name>`: shown at that header's name field.
  const headerAliases = Object.fromEntries(
    form.getValues().headers.map((header, index) => [`headers.${header.name.trim()}`, `headers.${index}.name`]),
  );
  const {
    submitting,
    formError,
    onSubmit: submit,
  } = useApiSubmit(
    form,
    (values) =>
      onSubmit({
        url: values.url.trim(),
        event_types: values.event_types,
        payload_mode: values.payload_mode,
        description: values.description.trim() === '' ? null : values.description.trim(),
        headers: Object.fromEntries(
          values.headers
            .filter((header) => header.name.trim() !== '')
            .map((header) => [header.name.trim(), header.value]),
        ),
      }),
    { aliases: headerAliases },
  );
  const eventTypeErrors = Object.entries(form.errors)
    .filter(([field]) => field === 'event_types' || field.startsWith('event_types.'))
    .map(([, message]) => message)
    .join(' ');

  return (
    <form onSubmit={submit} noValidate>
      <FormError message={formError} />
      <Stack>
        <TextInput
          label="URL"
          placeholder="https://erp.example.com/hooks/quartermaster"
          withAsterisk
          {...form.getInputProps('url')}
        />
        <EventPatternPicker
          value={form.getValues().event_types}
          onChange={(patterns) => form.setFieldValue('event_types', patterns)}
          error={eventTypeErrors || undefined}
        />
        <Radio.Group label="Payload" {...form.getInputProps('payload_mode')}>
          <Stack gap={6} mt={4}>
            <Radio value="full" label="Full: each event carries the entity's state" />
            <Radio value="thin" label="Thin: only the event and the entity's id; the receiver fetches the rest" />
          </Stack>
        </Radio.Group>
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <HeadersEditor form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {subscription ? 'Save changes' : 'Create subscription'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function HeadersEditor({
  form,
}: {
  form: Pick<
    UseFormReturnType<FormValues>,
    'getValues' | 'getInputProps' | 'insertListItem' | 'removeListItem' | 'errors'
  >;
}) {
  const headers = form.getValues().headers;
  return (
    <Stack gap="xs">
      {headers.map((_, index) => (
        <Group key={index} align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            label={`Header ${index + 1} name`}
            style={{ flex: '1 1 180px' }}
            {...form.getInputProps(`headers.${index}.name`)}
          />
          <TextInput
            label={`Header ${index + 1} value`}
            style={{ flex: '2 1 240px' }}
            {...form.getInputProps(`headers.${index}.value`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove header ${index + 1}`}
            onClick={() => form.removeListItem('headers', index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {typeof form.errors.headers === 'string' && (
        <Text c="red" size="sm" role="alert">
          {form.errors.headers}
        </Text>
      )}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('headers', { name: '', value: '' })}
        >
          Add a request header
        </Button>
      </Group>
    </Stack>
  );
}
