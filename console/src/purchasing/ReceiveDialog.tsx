// Receive goods against an order: how many of each pending line arrived (up to what is outstanding; each starts
// at it, with "Receive all" and "Clear all" for the whole delivery), whether they passed the quality check and
// why not, the date and notes. Lines left at 0 are not part of this receipt.
import { Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import { FormError } from '../components/FormError';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useRefreshPurchasing, type PurchaseOrder } from './api';
import { STATUS_LABELS } from './status';
import { buildReceiveBody, receiveLines, remapLineErrors, setAllReceived, type ReceiveValues } from './receive';

export function ReceiveDialog({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const refresh = useRefreshPurchasing();
  const form = useForm<ReceiveValues>({
    initialValues: { received_date: '', notes: '', quality_notes: '', lines: receiveLines(order.items ?? []) },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const { body, sentRows } = buildReceiveBody(values);
    // Without lines the API receives everything pending: never send that by accident.
    if (body.items.length === 0) throw new Error('Enter the quantity received for at least one line.');
    let receipt;
    try {
      receipt = await unwrap(
        api.POST('/api/v1/operations/purchase-orders/{id}/receive', { params: { path: { id: order.id } }, body }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        throw new ApiError(422, {
          message: error.message,
          code: error.code,
          errors: remapLineErrors(error.fieldErrors, sentRows),
        });
      }
      throw error;
    }
    await refresh();
    notifySuccess(
      `Goods received on ${order.po_number}; the order is now ${STATUS_LABELS[receipt.data.status].toLowerCase()}.`,
    );
    onClose();
  });
  const lines = form.getValues().lines;

  return (
    <Modal opened onClose={onClose} title={`Receive goods for ${order.po_number}`} size="xl" centered>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() => form.setFieldValue('lines', setAllReceived(form.getValues().lines, true))}
            >
              Receive all
            </Button>
            <Button
              variant="default"
              size="xs"
              onClick={() => form.setFieldValue('lines', setAllReceived(form.getValues().lines, false))}
            >
              Clear all
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Lines to receive" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th w={150}>Received now</Table.Th>
                  <Table.Th w={120}>Quality check</Table.Th>
                  <Table.Th>Quality notes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => (
                  <Table.Tr key={line.purchase_order_item_id} style={{ verticalAlign: 'top' }}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.product_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.product_sku} · {line.outstanding} outstanding
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity received of ${line.product_name}`}
                        min={0}
                        max={line.outstanding}
                        allowDecimal={false}
                        allowNegative={false}
                        {...form.getInputProps(`lines.${index}.quantity_received`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        label="Passed"
                        aria-label={`Quality check of ${line.product_name} passed`}
                        {...form.getInputProps(`lines.${index}.quality_check_passed`, { type: 'checkbox' })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Quality notes for ${line.product_name}`}
                        placeholder={line.quality_check_passed ? 'Optional' : 'Required: what failed'}
                        {...form.getInputProps(`lines.${index}.quality_notes`)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Received on"
              description="Today when empty"
              type="date"
              {...form.getInputProps('received_date')}
            />
            <Textarea label="Receipt notes" autosize minRows={1} {...form.getInputProps('notes')} />
            <TextInput
              label="Quality notes"
              description="For failed lines without notes of their own"
              {...form.getInputProps('quality_notes')}
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Record receipt
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
