// Receive goods against an order: how many of each pending line arrived (up to what is outstanding; each starts
// at it, with "Receive all" and "Clear all" for the whole delivery), whether they passed the quality check and
// why not, the date and notes. Lines left at 0 are not part of this receipt. A scanner counts units instead:
// each scan adds one to its product's line (the first one starting every line at 0), and a product the order is
// not waiting for is refused at the scan field. Below 768 px the dialog fills the screen and the lines are cards.
import { Box, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useRef, useState } from 'react';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import { FormError } from '../components/FormError';
import { QuantityField } from '../components/QuantityField';
import { ScanField } from '../components/ScanField';
import { useReturnFocus } from '../components/useReturnFocus';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useNarrowScreen } from '../lib/useNarrowScreen';
import { useScanner } from '../lib/useScanner';
import { useProductScan } from '../products/useProductScan';
import { useRefreshPurchasing, type PurchaseOrder } from './api';
import { STATUS_LABELS } from './status';
import {
  buildReceiveBody,
  receiveLines,
  receiveScanned,
  remapLineErrors,
  setAllReceived,
  type ReceiveLine,
  type ReceiveValues,
} from './receive';

export function ReceiveDialog({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  useReturnFocus();
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
  const narrow = useNarrowScreen();

  // Until the first scan, the lines hold what is outstanding; the first scan starts the count from 0. A ref as
  // well as state: scans come faster than the dialog draws, and each must know whether one came before.
  const [scanned, setScanned] = useState(false);
  const scannedBefore = useRef(false);
  const scanning = useProductScan((product) => {
    const outcome = receiveScanned(form.getValues().lines, product, !scannedBefore.current);
    if (outcome.lines) {
      form.setFieldValue('lines', outcome.lines);
      scannedBefore.current = true;
      setScanned(true);
    }
    return outcome.refusal;
  });
  const scanCode = (code: string) => void scanning.scan(code);
  const content = useRef<HTMLDivElement>(null);
  // A scan with the cursor elsewhere in the dialog (on a button, a checkbox) counts too.
  useScanner(scanCode, { page: true, within: content });

  const setAll = (all: boolean) => form.setFieldValue('lines', setAllReceived(form.getValues().lines, all));

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Receive goods for ${order.po_number}`}
      size="xl"
      centered
      fullScreen={narrow}
    >
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm" ref={content}>
          <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
            <ScanField
              data-autofocus
              description={
                scanned ? 'Each scan counts one unit' : 'Each scan counts one unit; the first starts every line at 0'
              }
              onCode={scanCode}
              looking={scanning.looking}
              error={scanning.refusal}
              w={{ base: '100%', sm: 320 }}
            />
            <Group gap="xs" grow={narrow} w={narrow ? '100%' : undefined}>
              <Button variant="default" size={narrow ? 'md' : 'xs'} onClick={() => setAll(true)}>
                Receive all
              </Button>
              <Button variant="default" size={narrow ? 'md' : 'xs'} onClick={() => setAll(false)}>
                Clear all
              </Button>
            </Group>
          </Group>
          {narrow ? (
            <ReceiveCards lines={lines} form={form} />
          ) : (
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
          )}
          <Group
            grow={!narrow}
            align="flex-start"
            wrap="wrap"
            style={narrow ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
          >
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
          {/* On a phone the buttons are full width, one above the other, recording first. */}
          <Group
            justify="flex-end"
            mt="sm"
            gap="xs"
            style={narrow ? { flexDirection: 'column-reverse', alignItems: 'stretch' } : undefined}
          >
            <Button variant="default" onClick={onClose} size={narrow ? 'md' : 'sm'}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} size={narrow ? 'md' : 'sm'}>
              Record receipt
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The lines as cards, for a phone: the quantity in a large field, the quality check and its notes below. */
function ReceiveCards({ lines, form }: { lines: ReceiveLine[]; form: UseFormReturnType<ReceiveValues> }) {
  return (
    <Stack gap="sm" role="list" aria-label="Lines to receive">
      {lines.map((line, index) => (
        <Paper key={line.purchase_order_item_id} withBorder p="sm" role="listitem">
          <Text fw={600}>{line.product_name}</Text>
          <Text size="sm" c="dimmed">
            {line.product_sku} · {line.outstanding} outstanding
          </Text>
          <Box mt="xs">
            <QuantityField
              label="Received now"
              name={`Quantity received of ${line.product_name}`}
              of={line.product_name}
              max={line.outstanding}
              value={line.quantity_received}
              onChange={(value) => form.setFieldValue(`lines.${index}.quantity_received`, value)}
              error={form.errors[`lines.${index}.quantity_received`]}
            />
          </Box>
          <Checkbox
            mt="sm"
            size="md"
            label="Quality check passed"
            aria-label={`Quality check of ${line.product_name} passed`}
            {...form.getInputProps(`lines.${index}.quality_check_passed`, { type: 'checkbox' })}
          />
          <TextInput
            mt="xs"
            size="md"
            aria-label={`Quality notes for ${line.product_name}`}
            placeholder={line.quality_check_passed ? 'Quality notes (optional)' : 'Required: what failed'}
            {...form.getInputProps(`lines.${index}.quality_notes`)}
          />
        </Paper>
      ))}
    </Stack>
  );
}
