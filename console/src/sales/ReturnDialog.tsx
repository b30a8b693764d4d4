// Records goods coming back from the customer: per line, how many (at most what shipped and has not come back) and
// whether they go back on the shelf of the chosen warehouse or are only recorded (damaged), with the reason.
import { Checkbox, Select, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { NumberInput } from '../components/NumberInput';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useRefreshSales, useWarehouses, type SalesOrder } from './api';
import { returnable } from './allocation';

interface ReturnLine {
  order_line_id: string;
  product_name: string;
  most: number;
  quantity: number | string;
  restock: boolean;
}

interface ReturnValues extends Record<string, unknown> {
  warehouse_id: string | null;
  reason: string;
  notes: string;
  lines: ReturnLine[];
}

/** The lines sent: those with a quantity, each with the index of its row in the form. */
function sentLines(values: ReturnValues) {
  return values.lines.map((line, row) => ({ line, row })).filter(({ line }) => Number(line.quantity) > 0);
}

export function ReturnDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const refresh = useRefreshSales();
  const warehouses = useWarehouses();
  const form = useForm<ReturnValues>({
    initialValues: {
      warehouse_id: warehouses.data?.length === 1 ? warehouses.data[0]!.id : null,
      reason: '',
      notes: '',
      lines: (order.lines ?? [])
        .filter((line) => returnable(line) > 0)
        .map((line) => ({
          order_line_id: line.id,
          product_name: line.product_name,
          most: returnable(line),
          quantity: 0,
          restock: true,
        })),
    },
    validate: {
      warehouse_id: (value) => (value ? null : 'Choose the warehouse the goods come back to.'),
      reason: (value) => (value.trim() ? null : 'Give the reason for the return.'),
    },
  });
  // The API names a line by its place among those sent: its 422 goes to the row it came from.
  const aliases = Object.fromEntries(
    sentLines(form.getValues()).flatMap(({ row }, sent) => [
      [`lines.${sent}.quantity`, `lines.${row}.quantity`],
      [`lines.${sent}.order_line_id`, `lines.${row}.quantity`],
    ]),
  );
  const { submitting, formError, onSubmit } = useApiSubmit(
    form,
    async (values) => {
      const lines = sentLines(values).map(({ line }) => ({
        order_line_id: line.order_line_id,
        quantity: Number(line.quantity),
        restock: line.restock,
      }));
      if (lines.length === 0) {
        form.setFieldError('lines', 'Enter how many of a line came back.');
        return;
      }
      const created = await unwrap(
        api.POST('/api/v1/sales/orders/{id}/returns', {
          params: { path: { id: order.id } },
          body: {
            warehouse_id: values.warehouse_id ?? '',
            reason: values.reason.trim(),
            notes: values.notes.trim() || undefined,
            lines,
          },
        }),
      );
      await refresh();
      notifySuccess(
        `${created.data.return_number} recorded: ${created.data.total_quantity} back, ${created.data.restocked_quantity} restocked.`,
      );
      onClose();
    },
    { aliases },
  );
  const lines = form.getValues().lines;
  return (
    <FormDialog
      title={`Record a return of ${order.order_number}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Record return"
      submitting={submitting}
      formError={formError}
      size="lg"
    >
      <Select
        label="Warehouse"
        description="Where restocked units go back on the shelf"
        withAsterisk
        data={(warehouses.data ?? []).map((warehouse) => ({ value: warehouse.id, label: warehouse.name }))}
        {...form.getInputProps('warehouse_id')}
      />
      <TextInput label="Reason" withAsterisk maxLength={255} {...form.getInputProps('reason')} />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
      <Table aria-label="Lines returned" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th w={150}>Quantity back</Table.Th>
            <Table.Th>Restock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={line.order_line_id} style={{ verticalAlign: 'top' }}>
              <Table.Td>
                <Text size="sm">{line.product_name}</Text>
                <Text size="xs" c="dimmed">
                  at most {line.most}
                </Text>
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Quantity back of ${line.product_name}`}
                  min={0}
                  max={line.most}
                  allowDecimal={false}
                  {...form.getInputProps(`lines.${index}.quantity`)}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={`Restock ${line.product_name}`}
                  label="Back in stock"
                  {...form.getInputProps(`lines.${index}.restock`, { type: 'checkbox' })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {typeof form.errors.lines === 'string' && (
        <Text size="sm" c="red">
          {form.errors.lines}
        </Text>
      )}
    </FormDialog>
  );
}
