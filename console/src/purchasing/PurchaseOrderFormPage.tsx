// Create a purchase order, or edit a draft: the supplier, the warehouse receiving the goods, the expected date,
// the currency, notes, and the lines, each found by SKU, name or barcode with its quantity and unit cost.
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  Select,
} from '@mantine/core';
import { LineProductCell } from '../components/LineProductCell';
import { NumberInput } from '../components/NumberInput';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { FormError } from '../components/FormError';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { PageLoader } from '../components/PageLoader';
import { QueryError } from '../components/QueryError';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { usePurchaseOrder, useRefreshPurchasing, useWarehouses, type PurchaseOrder } from './api';
import { emptyOrder, lineForProduct, orderToValues, valuesToBody, type OrderFormValues } from './form-values';
import { formatMoney } from '../lib/format';
import { ProductSearch } from '../products/ProductSearch';
import { SupplierSelect } from './SupplierSelect';
import { lineTotal, linesSubtotal } from './totals';

export function NewPurchaseOrderPage() {
  const warehouses = useWarehouses();
  if (warehouses.isPending) return <PageLoader />;
  if (warehouses.isError) return <QueryError error={warehouses.error} onRetry={() => void warehouses.refetch()} />;
  // With a single warehouse there is nothing to choose.
  const only = warehouses.data.length === 1 ? warehouses.data[0]!.id : null;
  return (
    <>
      <PageHeader title="New purchase order" trail={[['Purchase orders', '/purchase-orders']]} />
      <OrderForm initial={emptyOrder(only)} />
    </>
  );
}

export function EditPurchaseOrderPage() {
  const { id = '' } = useParams();
  const order = usePurchaseOrder(id);
  return (
    <QueryView query={order} notFound="purchase order">
      {(data) => (
        <>
          <PageHeader
            title={`Edit ${data.po_number}`}
            trail={[
              ['Purchase orders', '/purchase-orders'],
              [data.po_number, `/purchase-orders/${id}`],
            ]}
          />
          {data.status === 'draft' ? (
            <OrderForm initial={orderToValues(data)} existing={data} />
          ) : (
            <Text c="dimmed">Only drafts can be edited; this order is past that.</Text>
          )}
        </>
      )}
    </QueryView>
  );
}

function OrderForm({ initial, existing }: { initial: OrderFormValues; existing?: PurchaseOrder }) {
  const navigate = useNavigate();
  const refresh = useRefreshPurchasing();
  const warehouses = useWarehouses();
  const form = useForm<OrderFormValues>({
    initialValues: initial,
    validate: {
      supplier_id: (value) => (value ? null : 'Choose a supplier.'),
      warehouse_id: (value) => (value ? null : 'Choose a warehouse.'),
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = valuesToBody(values);
    const saved = existing
      ? await unwrap(
          api.PATCH('/api/v1/operations/purchase-orders/{id}', { params: { path: { id: existing.id } }, body }),
        )
      : await unwrap(api.POST('/api/v1/operations/purchase-orders', { body }));
    await refresh();
    notifySuccess(existing ? `${saved.data.po_number} saved.` : `${saved.data.po_number} created as a draft.`);
    void navigate(`/purchase-orders/${saved.data.id}`);
  });
  const currency = form.getValues().currency.trim().toUpperCase() || existing?.currency || '';

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <Stack gap="lg">
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SupplierSelect
              label="Supplier"
              placeholder="Search suppliers"
              withAsterisk
              selectedName={existing?.supplier?.name}
              {...form.getInputProps('supplier_id')}
            />
            <Select
              label="Warehouse"
              placeholder="Where the goods arrive"
              withAsterisk
              data={(warehouses.data ?? []).map((warehouse) => ({ value: warehouse.id, label: warehouse.name }))}

              {...form.getInputProps('warehouse_id')}
            />
            <TextInput label="Expected delivery date" type="date" {...form.getInputProps('expected_delivery_date')} />
            <TextInput
              label="Currency"
              description="ISO 4217 code; the tenant's default when empty"
              placeholder="e.g. EUR"
              maxLength={3}

              {...form.getInputProps('currency')}
            />
            <Textarea
              label="Notes"
              description="Printed on the order for the supplier"
              autosize
              minRows={2}
              {...form.getInputProps('notes')}
              style={{ gridColumn: '1 / -1' }}
            />
          </SimpleGrid>
        </Paper>
        <LinesEditor form={form} currency={currency} />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => void navigate(existing ? `/purchase-orders/${existing.id}` : '/purchase-orders')}
          >
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {existing ? 'Save changes' : 'Create draft'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LinesEditor({ form, currency }: { form: UseFormReturnType<OrderFormValues>; currency: string }) {
  const lines = form.getValues().items;
  const linesError = form.errors.items;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Lines
        </Title>
        <ProductSearch
          error={typeof linesError === 'string' ? linesError : undefined}
          onPick={(product) => {
            const at = lines.findIndex((line) => line.product_id === product.id);
            // The same product again adds to its line rather than ordering it twice.
            if (at >= 0) form.setFieldValue(`items.${at}.quantity`, Number(lines[at]!.quantity) + 1);
            else form.insertListItem('items', lineForProduct(product));
            form.clearFieldError('items');
          }}
        />
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            No lines yet: add the products to order.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Order lines" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th w={140}>Quantity</Table.Th>
                  <Table.Th w={160}>Unit cost</Table.Th>
                  <Table.Th ta="right">Line total</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => (
                  <Table.Tr key={line.key} style={{ verticalAlign: 'top' }}>
                    <LineProductCell
                      name={line.product_name}
                      sku={line.product_sku}
                      error={form.errors[`items.${index}.product_id`]}
                    />
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity of ${line.product_name}`}
                        allowDecimal={false}
                        {...form.getInputProps(`items.${index}.quantity`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Unit cost of ${line.product_name}`}
                        decimalScale={4}
                        {...form.getInputProps(`items.${index}.unit_price`)}
                      />
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(lineTotal(line), currency)}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${line.product_name}`}
                        onClick={() => form.removeListItem('items', index)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3} ta="right">
                    Subtotal
                  </Table.Th>
                  <Table.Th ta="right" aria-label="Order subtotal">
                    {formatMoney(linesSubtotal(lines), currency)}
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
