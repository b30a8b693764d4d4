// The bar over the list while orders are selected: how many, the bulk actions some of them allow that the user may
// take, and the way to clear the selection. Each action runs order by order; the refused ones are listed with the
// API's reason in a dialog, the others are done, and the list is read again.
import { Button, Group, List, Modal, Paper, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { useCurrentUser } from '../auth/session';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { runOrderCommand, useRefreshSales, type SalesOrder } from './api';
import { BULK_ACTIONS, bulkActionsFor, bulkSummary, runEach, type BulkAction, type BulkOutcome } from './bulk';

interface Props {
  selected: readonly SalesOrder[];
  onClear: () => void;
}

export function BulkActions({ selected, onClear }: Props) {
  const user = useCurrentUser();
  const refresh = useRefreshSales();
  const [running, setRunning] = useState<BulkAction | null>(null);
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState<BulkOutcome[]>([]);
  if (selected.length === 0 && refused.length === 0) return null;
  const actions = bulkActionsFor(selected, user.abilities);

  const run = async (action: BulkAction, reason?: string) => {
    setRunning(action);
    const outcomes = await runEach(
      selected,
      (order) => runOrderCommand(order.id, action, reason ? { reason } : {}),
      errorMessage,
    );
    setRunning(null);
    notifySuccess(bulkSummary(action, outcomes));
    setRefused(outcomes.filter((outcome) => outcome.refusal !== null));
    onClear();
    await refresh();
  };

  return (
    <>
      {selected.length > 0 && (
        <Paper withBorder p="xs" aria-label="Selected orders" component="section">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              {selected.length} selected
            </Text>
            {actions.length === 0 && (
              <Text size="sm" c="dimmed">
                No action you may take applies to these orders.
              </Text>
            )}
            {actions.map((action) => (
              <Button
                key={action}
                size="xs"
                variant={action === 'cancel' ? 'light' : 'filled'}
                color={action === 'cancel' ? 'red' : undefined}
                loading={running === action}
                disabled={running !== null && running !== action}
                onClick={() => (action === 'cancel' ? setAsking(true) : void run(action))}
              >
                {BULK_ACTIONS.find((entry) => entry.action === action)!.label}
              </Button>
            ))}
            <Button size="xs" variant="subtle" onClick={onClear}>
              Clear selection
            </Button>
          </Group>
        </Paper>
      )}
      {asking && (
        <CancelReasonDialog
          count={selected.length}
          onClose={() => setAsking(false)}
          onSubmit={(reason) => {
            setAsking(false);
            void run('cancel', reason);
          }}
        />
      )}
      <Modal opened={refused.length > 0} onClose={() => setRefused([])} title="Orders refused">
        <Text size="sm" mb="sm">
          These orders were left as they were:
        </Text>
        <List spacing="xs" aria-label="Refused orders">
          {refused.map((outcome) => (
            <List.Item key={outcome.id}>
              <Text size="sm" fw={600} span>
                {outcome.order_number}
              </Text>
              <Text size="sm" span>
                : {outcome.refusal}
              </Text>
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setRefused([])}>Close</Button>
        </Group>
      </Modal>
    </>
  );
}

function CancelReasonDialog({
  count,
  onClose,
  onSubmit,
}: {
  count: number;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : 'Give the reason for cancelling.') },
  });
  return (
    <FormDialog
      title={`Cancel ${count} ${count === 1 ? 'order' : 'orders'}?`}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => onSubmit(values.reason.trim()))}
      submitLabel="Cancel orders"
      submitting={false}
      formError={null}
      danger
    >
      <Text size="sm">
        Their reserved stock is released. Orders that shipped anything are refused: close them instead.
      </Text>
      <Textarea label="Reason" withAsterisk autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
    </FormDialog>
  );
}
