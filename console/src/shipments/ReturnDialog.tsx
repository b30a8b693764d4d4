// Record a return of a sales order (POST /sales/orders/{id}/returns): per line of the order that shipped, how
// many units came back to stock and how many did not (damaged, kept for inspection), the warehouse the restocked
// ones go to, and the reason. Exported for every screen that shows an order (the shipment's, the order's own):
// it reads the order itself and reports the return recorded through `onRecorded`.
import { Alert, Button, Group, Modal, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import { FormDialog } from '../components/FormDialog';
import { NumberInput } from '../components/NumberInput';
import { PageLoader } from '../components/PageLoader';
import { QueryError } from '../components/QueryError';
import { WarehouseSelect } from '../inventory/WarehouseSelect';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useSalesOrder, type SalesOrder, type SalesReturn } from './api';
import { errorsAtDialogFields, returnable, returnEntries, type ReturnLineValues } from './returns';

export interface ReturnDialogProps {
  orderId: string;
  /** For the title, before the order is read. */
  orderNumber: string;
  /** Where restocked units go unless changed (the warehouse the goods left from). */
  defaultWarehouseId?: string;
  onClose: () => void;
  /** After the API recorded it: the screen refreshes what it shows of the order. */
  onRecorded?: (recorded: SalesReturn) => void;
}

export function ReturnDialog(props: ReturnDialogProps) {
  const order = useSalesOrder(props.orderId);
  const title = `Record a return of ${props.orderNumber}`;
  if (!order.data)
    return (
      <Modal opened onClose={props.onClose} title={title} size="lg">
        {order.isError ? (
          <QueryError error={order.error} onRetry={() => void order.refetch()} title="Could not load the order" />
        ) : (
          <PageLoader />
        )}
      </Modal>
    );
  const lines = (order.data.lines ?? []).filter((line) => returnable(line) > 0);
  if (lines.length === 0)
    return (
      <Modal opened onClose={props.onClose} title={title} size="lg">
        <Alert color="gray">Nothing of this order can come back: nothing shipped, or all of it was returned.</Alert>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
        </Group>
      </Modal>
    );
  return <ReturnForm {...props} title={title} lines={lines} />;
}

type OrderLine = NonNullable<SalesOrder['lines']>[number];

interface Values extends Record<string, unknown> {
  warehouse_id: string | null;
  reason: string;
  notes: string;
  lines: ReturnLineValues[];
}

function ReturnForm({
  orderId,
  orderNumber,
  defaultWarehouseId,
  onClose,
  onRecorded,
  title,
  lines,
}: ReturnDialogProps & { title: string; lines: OrderLine[] }) {
  const form = useForm<Values>({
    initialValues: {
      warehouse_id: defaultWarehouseId ?? null,
      reason: '',
      notes: '',
      lines: lines.map((line) => ({ order_line_id: line.id, restock: '', discard: '' })),
    },
    validate: {
      warehouse_id: (value) => (value ? null : 'Choose the warehouse the goods came back to.'),
      reason: (value) => (value.trim() ? null : 'Say why the goods came back.'),
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const { entries, fields } = returnEntries(values.lines);
    if (entries.length === 0) {
      form.setFieldError('lines.0.restock', 'Enter how many units of a line came back.');
      return;
    }
    let recorded: SalesReturn;
    try {
      recorded = (
        await unwrap(
          api.POST('/api/v1/sales/orders/{id}/returns', {
            params: { path: { id: orderId } },
            body: {
              warehouse_id: values.warehouse_id ?? '',
              reason: values.reason.trim(),
              notes: values.notes.trim() || null,
              lines: entries,
            },
          }),
        )
      ).data;
    } catch (error) {
      // An entry the API refuses is named by its place in the request: shown at the dialog's field it came from.
      if (error instanceof ApiError && error.status === 422)
        throw new ApiError(422, {
          message: error.message,
          code: error.code,
          errors: errorsAtDialogFields(error.fieldErrors, fields),
        });
      throw error;
    }
    notifySuccess(
      `${recorded.return_number} recorded for ${orderNumber}: ${recorded.total_quantity} back, ${recorded.restocked_quantity} to stock.`,
    );
    onRecorded?.(recorded);
    onClose();
  });

  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Record return"
      submitting={submitting}
      formError={formError}
      size="xl"
    >
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Lines to return" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Returnable</Table.Th>
              <Table.Th>Back to stock</Table.Th>
              <Table.Th>Not restocked</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {line.product_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.product_sku}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{returnable(line)}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Back to stock of ${line.product_name}`}
                    min={0}
                    max={returnable(line)}
                    allowDecimal={false}
                    w={110}
                    {...form.getInputProps(`lines.${index}.restock`)}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Not restocked of ${line.product_name}`}
                    min={0}
                    max={returnable(line)}
                    allowDecimal={false}
                    w={110}
                    {...form.getInputProps(`lines.${index}.discard`)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <WarehouseSelect
        label="Warehouse"
        description="Where the units back to stock go."
        withAsterisk
        {...form.getInputProps('warehouse_id')}
      />
      <TextInput label="Reason" withAsterisk data-autofocus {...form.getInputProps('reason')} />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}
